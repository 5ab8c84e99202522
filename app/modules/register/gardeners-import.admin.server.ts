import { data } from "react-router";
import { counted } from "~/lib/text";
import { CsvUploadError } from "~/modules/forms/csv-upload.server";
import { doneForm, refusedForm } from "~/modules/forms/admin-form.server";
import { withHistory, type Actor } from "~/modules/history/history.server";
import { checkGardenersCsv, GardenersImportRefused, importGardenersCsv } from "./gardeners-import.server";

type Check = Awaited<ReturnType<typeof checkGardenersCsv>>;

/** The dry run as the screen shows it, with the file's text for the « Importer » form. */
const shown = (check: Check, csv: string) => ({ lines: check.lines, counts: check.counts, csv });

/** /admin/jardiniers/import's two forms: « Vérifier le fichier » (nothing written) and « Importer ». */
export async function gardenersImportAction(form: FormData, actor: Actor) {
  const intent = form.get("intent");
  if (intent !== "check" && intent !== "import") return refusedForm(form, "Action inconnue.");
  const csv = String(form.get(intent === "check" ? "file" : "csv") ?? "");
  form.delete("file");
  form.delete("csv");
  try {
    if (intent === "check") {
      const check = await checkGardenersCsv(csv);
      return { ok: true as const, intent, message: "", check: shown(check, csv) };
    }
    const result = await withHistory(
      actor,
      (tx) => importGardenersCsv(csv, tx),
      (r) =>
        r.created > 0 && {
          kind: "jardinier.import",
          target: counted(r.created, "jardinier", "jardiniers"),
          detail: `${counted(r.allotted, "parcelle attribuée", "parcelles attribuées")}${r.promised > 0 ? `, ${counted(r.promised, "attribution prévue", "attributions prévues")}` : ""}, ${counted(r.skipped, "ligne ignorée", "lignes ignorées")}`,
        },
    );
    return doneForm(
      "import",
      `Import terminé : ${counted(result.created, "jardinier créé", "jardiniers créés")}, ${counted(result.allotted, "parcelle attribuée", "parcelles attribuées")}${result.promised > 0 ? `, ${counted(result.promised, "attribution prévue", "attributions prévues")}` : ""}.`,
    );
  } catch (error) {
    if (error instanceof GardenersImportRefused)
      return data(
        { ok: false as const, intent, message: error.message, check: shown(error.check, csv) },
        { status: 409 },
      );
    if (error instanceof CsvUploadError) return refusedForm(form, error.message, { file: error.message }, 400);
    throw error;
  }
}
