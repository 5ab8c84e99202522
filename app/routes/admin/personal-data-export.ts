import type { Route } from "./+types/personal-data-export";
import { readFormData } from "~/modules/forms/form-data.server";
import { parseAdminForm } from "~/modules/forms/admin-form.server";
import { currentActor } from "~/modules/history/actor.server";
import { exportPersonalData } from "~/modules/personal-data/personal-data.server";
import { exportSchema } from "~/modules/personal-data/personal-data.schema";
import { postOnly } from "~/server/downloads.server";

/** POST /admin/donnees-personnelles/export: everything stored about one address, as a JSON file (RGPD access). */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseAdminForm(exportSchema, await readFormData(request));
  if (parsed.refusal) return parsed.refusal;
  const exported = await exportPersonalData(currentActor(context), parsed.data.email);
  return new Response(`${JSON.stringify(exported, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="donnees-personnelles-${exported.exportedAt.slice(0, 10)}.json"`,
    },
  });
}

export const loader = postOnly;
