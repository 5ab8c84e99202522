/** What a request says of its body, read before any module: the security check and the form readers share it. */

/** The body's media type, without parameters and in lower case: "multipart/form-data", "" when there is none. */
export function bodyType(request: Request): string {
  return request.headers.get("Content-Type")?.split(";")[0]?.trim().toLowerCase() ?? "";
}

export const isMultipart = (request: Request) => bodyType(request) === "multipart/form-data";

/** Largest body of a form without files (urlencoded, or multipart read by `readFormData`). */
export const MAX_FORM_BYTES = 1024 * 1024;
