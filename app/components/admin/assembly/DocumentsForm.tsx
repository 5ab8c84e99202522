import { Link } from "react-router";
import { Section } from "~/components/admin/admin-ui";
import { IntentForm, type IntentResult } from "~/components/admin/plots/IntentForm";

interface ChosenDocument {
  id: number;
  title: string;
  chosen: boolean;
}

/** One box per document: the kit's `Checkbox` sends "on", these send the document's id under one name. */
function DocumentBoxes({ documents }: { documents: readonly ChosenDocument[] }) {
  return (
    <fieldset className="space-y-2">
      <legend className="sr-only">Documents joints à la convocation</legend>
      {documents.map((d) => (
        <label key={d.id} className="flex min-h-11 cursor-pointer items-center gap-3 text-stone-900">
          <input
            type="checkbox"
            name="document"
            value={d.id}
            defaultChecked={d.chosen}
            className="size-5 shrink-0 accent-brand-700"
          />
          {d.title}
        </label>
      ))}
    </fieldset>
  );
}

/** The documents sent with the convocation, chosen among the association's; read-only once convened. */
export function DocumentsForm({
  documents,
  locked,
  result,
}: {
  documents: readonly ChosenDocument[];
  locked: boolean;
  result: IntentResult | undefined;
}) {
  return (
    <Section
      id="documents"
      title="Documents joints"
      description="Rapport moral, comptes, budget : ajoutez-les d'abord dans Documents. Les membres les ouvrent par leur lien personnel, même ceux réservés aux membres."
    >
      {documents.length === 0 ? (
        <p className="text-stone-700">
          Aucun document. <Link to="/admin/documents">Ajouter un document</Link>
        </p>
      ) : locked ? (
        <fieldset disabled>
          <DocumentBoxes documents={documents} />
        </fieldset>
      ) : (
        <IntentForm intent="documents" result={result} submit="Enregistrer les documents">
          <DocumentBoxes documents={documents} />
        </IntentForm>
      )}
    </Section>
  );
}
