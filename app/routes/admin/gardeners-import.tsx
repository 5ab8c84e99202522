import { Link } from "react-router";
import type { Route } from "./+types/gardeners-import";
import { CsvFileForm } from "~/components/admin/CsvFileForm";
import { AdminPage } from "~/components/admin/AdminPage";
import { Section } from "~/components/admin/admin-ui";
import { ImportPreview } from "~/components/admin/gardeners/ImportPreview";
import { PlotsNav } from "~/components/admin/plots/PlotsNav";
import { readFormData } from "~/modules/forms/form-data.server";
import { gardenersImportAction } from "~/modules/register/gardeners-import.admin.server";
import { currentActor } from "~/modules/history/actor.server";
import { adminMeta } from "~/modules/seo/seo";

export function meta() {
  return adminMeta("Importer des jardiniers");
}

/**
 * /admin/jardiniers/import: gardeners from a spreadsheet's CSV, in two steps: « Vérifier le fichier » shows what
 * every line would become (nothing written), then « Importer » writes them all, or nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return gardenersImportAction(await readFormData(request, { textFiles: ["file"] }), currentActor(context));
}

export default function AdminGardenersImport({ actionData }: Route.ComponentProps) {
  const refused = actionData && !actionData.ok && "errors" in actionData ? actionData : undefined;
  const check = actionData && "check" in actionData ? actionData.check : undefined;
  // Only an administrator opens this page (`./permissions.ts`): every tab.
  return (
    <AdminPage title="Importer des jardiniers" width="5xl" nav={<PlotsNav accountRole="administrateur" />}>
      {actionData?.ok && actionData.intent === "import" ? (
        <output className="block rounded-xl bg-brand-50 p-4 font-semibold text-brand-900 ring-1 ring-brand-200">
          {actionData.message}{" "}
          <Link to="/admin/jardiniers" className="underline underline-offset-2">
            Voir les jardiniers
          </Link>
        </output>
      ) : null}
      <Section
        id="fichier"
        title="Le fichier"
        description="Un CSV enregistré depuis le tableur (UTF-8 ou Windows-1252), une ligne par jardinier. Colonnes lues : Nom, Prénom(s) (ou « Nom et prénom » en une colonne), E-mail, Portable, Fixe, Adresse, Jardin, Parcelle (son numéro ; « 12, 14 » pour deux), Arrivée (JJ/MM/AAAA), Notes. L'export des jardiniers se relit tel quel. Les parcelles doivent exister et être libres : importez d'abord les parcelles. Aucun e-mail n'est envoyé."
      >
        <CsvFileForm intent="check" refusal={refused?.message} submit="Vérifier le fichier" />
      </Section>
      {check ? (
        <Section id="verification" title="Vérification">
          <ImportPreview lines={check.lines} counts={check.counts} csv={check.csv} />
        </Section>
      ) : null}
      <p>
        <Link to="/admin/jardiniers" className="font-semibold text-brand-800 underline underline-offset-2">
          Retour aux jardiniers
        </Link>
      </p>
    </AdminPage>
  );
}
