import { Link } from "react-router";
import { IntentForm, type IntentResult } from "~/components/admin/plots/IntentForm";
import { TextInput } from "~/components/form/fields";
import type { ReceiptView } from "~/modules/treasury/receipts.admin.server";
import type { ReceiptSettings } from "~/modules/treasury/receipts.labels";
import { receiptSettingsFormSchema } from "~/modules/treasury/receipts.schema";

const linkClass = "font-semibold text-brand-800 underline underline-offset-2";

/** The year's receipts, the latest first: a card each on a phone, a table's rows from 640 px. */
export function ReceiptList({ receipts }: { receipts: (ReceiptView & { entryId: number | null })[] }) {
  if (receipts.length === 0) return <p className="text-stone-700">Aucun reçu établi cette année.</p>;
  return (
    <table className="w-full text-left text-sm">
      <thead className="sr-only sm:not-sr-only">
        <tr className="border-b border-stone-300">
          <th scope="col" className="py-2 pr-3">
            N°
          </th>
          <th scope="col" className="py-2 pr-3">
            Établi le
          </th>
          <th scope="col" className="py-2 pr-3">
            Payeur
          </th>
          <th scope="col" className="py-2 pr-3 text-right">
            Montant
          </th>
          <th scope="col" className="py-2 pr-3">
            État
          </th>
          <th scope="col" className="py-2">
            Envoi
          </th>
        </tr>
      </thead>
      <tbody>
        {receipts.map((r) => (
          <tr
            key={r.id}
            className="grid grid-cols-2 gap-x-3 border-b border-stone-200 py-2 sm:table-row sm:py-0 [&>td]:sm:py-2 [&>td]:sm:pr-3"
          >
            <th scope="row" className="font-semibold">
              {r.entryId !== null ? (
                <Link to={`/admin/tresorerie/ecritures/${r.entryId}/recu`} className={linkClass}>
                  {r.number}
                </Link>
              ) : r.downloadable ? (
                <a href={`/admin/tresorerie/recus/${r.id}/pdf`} className={linkClass} download>
                  {r.number}
                </a>
              ) : (
                r.number
              )}
            </th>
            <td>{r.madeOn}</td>
            <td className="col-span-2">{r.payer || "(nom effacé)"}</td>
            <td className="font-semibold sm:text-right">{r.amount}</td>
            <td>{r.state || "valide"}</td>
            <td className="col-span-2">{r.sentOn ? `envoyé le ${r.sentOn}` : "non envoyé"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The receipts' settings: the SIRET, who signs, the town of « Fait à ». */
export function ReceiptSettingsForm({
  settings,
  result,
}: {
  settings: ReceiptSettings;
  result: IntentResult | undefined;
}) {
  return (
    <IntentForm
      intent="settings"
      schema={receiptSettingsFormSchema}
      result={result}
      values={{ ...settings }}
      order={["siret", "signatory", "place"]}
      submit="Enregistrer les paramètres"
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <TextInput
          name="siret"
          label="SIRET"
          hint="Si l'association en a un ; le RNA vient des mentions légales."
          inputMode="numeric"
          autoComplete="off"
        />
        <TextInput
          name="signatory"
          label="Nom du trésorier ou de la trésorière"
          hint="Sinon, le nom affiché de qui établit le reçu ; à défaut (un reçu envoyé après un paiement en ligne), « Pour l'association, le bureau »."
          autoComplete="off"
        />
        <TextInput name="place" label="« Fait à »" hint="La ville écrite sur les reçus." autoComplete="off" />
      </div>
    </IntentForm>
  );
}
