import { data } from "react-router";

/** The body's media type, without parameters and in lower case: "multipart/form-data", "" when there is none. */
export function bodyType(request: Request): string {
  return request.headers.get("Content-Type")?.split(";")[0]?.trim().toLowerCase() ?? "";
}

export const isMultipart = (request: Request) => bodyType(request) === "multipart/form-data";

/**
 * The submitted form. A body that says it is a form but cannot be read as one (a broken multipart body) is the
 * sender's error: a 400 with a French message, not a 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data("Le formulaire envoyé est illisible.", { status: 400 });
  }
}
