import { Section } from "~/components/admin/admin-ui";
import { IntentForm, type IntentResult } from "~/components/admin/plots/IntentForm";
import { TextInput } from "~/components/form/fields";
import { receiptSendFormSchema } from "~/modules/treasury/receipts.schema";
import type { ReceiptView } from "~/modules/treasury/receipts.admin.server";

const linkClass = "font-semibold text-brand-800 underline underline-offset-2";

/** An entry's receipt: « Établir le reçu » before it is made; its number, its download and « Envoyer par e-mail » after. */
export function ReceiptPanel({
  income,
  bounced,
  receipt,
  email,
  result,
}: {
  income: boolean;
  /** Why none can be made for a cheque the bank returned; null otherwise. */
  bounced: string | null;
  receipt: ReceiptView | null;
  /** The gardener's address the receipt goes to; "" asks for one. */
  email: string;
  result: IntentResult | undefined;
}) {
  if (!income)
    return (
      <Section id="recu" title="Reçu">
        <p className="text-stone-700">
          Un reçu ne s'établit que pour une recette : ni pour une dépense, ni pour un virement entre comptes.
        </p>
      </Section>
    );
  if (!receipt && bounced)
    return (
      <Section id="recu" title="Reçu">
        <p className="text-stone-700">{bounced}</p>
      </Section>
    );
  if (!receipt)
    return (
      <Section
        id="recu"
        title="Reçu"
        description="Le reçu est établi une seule fois, avec le numéro suivant de l'année ; chaque téléchargement donne ensuite le même fichier."
      >
        <IntentForm intent="issue" result={result} submit="Établir le reçu">
          <p className="text-stone-700">Aucun reçu n'a encore été établi pour cette recette.</p>
        </IntentForm>
      </Section>
    );
  return (
    <>
      <Section id="recu" title={`Reçu n° ${receipt.number}`}>
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">Établi le</dt>
          <dd>
            {receipt.madeOn} par {receipt.madeBy}
          </dd>
          <dt className="font-semibold">Au nom de</dt>
          <dd>{receipt.payer || "(nom effacé)"}</dd>
          <dt className="font-semibold">Montant</dt>
          <dd>{receipt.amount}</dd>
          <dt className="font-semibold">Envoi</dt>
          <dd>{receipt.sentOn ? `envoyé par e-mail le ${receipt.sentOn}` : "pas encore envoyé"}</dd>
          {receipt.state && (
            <>
              <dt className="font-semibold">État</dt>
              <dd>{receipt.state}</dd>
            </>
          )}
        </dl>
        {receipt.downloadable && (
          <p className="mt-4">
            <a href={`/admin/tresorerie/recus/${receipt.id}/pdf`} className={linkClass} download>
              Télécharger le reçu (PDF)
            </a>
          </p>
        )}
      </Section>
      {receipt.downloadable && (
        <Section id="envoyer" title="Envoyer par e-mail">
          <IntentForm
            intent="send"
            schema={receiptSendFormSchema}
            result={result}
            order={["email"]}
            submit="Envoyer par e-mail"
          >
            {email ? (
              <p className="text-stone-700">
                Le reçu part, en pièce jointe, à l'adresse du jardinier : <strong>{email}</strong>.
              </p>
            ) : (
              <TextInput
                name="email"
                type="email"
                label="Adresse e-mail du payeur"
                hint="Le jardinier n'a pas d'adresse, ou ce paiement n'est pas celui d'un jardinier."
                required
                autoComplete="off"
              />
            )}
          </IntentForm>
        </Section>
      )}
    </>
  );
}
