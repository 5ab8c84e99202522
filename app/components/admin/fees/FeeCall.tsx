import { Form, Link } from "react-router";
import { MailPreview } from "~/components/admin/MailPreview";
import { IntentForm, type IntentResult } from "~/components/admin/plots/IntentForm";
import { FormFooter, SubmitButton } from "~/components/form/buttons";
import { Checkbox, DateTimeInput, FormFields, TextInput } from "~/components/form/fields";
import { ErrorSummary, FormMessage } from "~/components/form/messages";
import type { FeeCallPreview } from "~/modules/register/fees.admin.server";
import { feeCallFormSchema } from "~/modules/register/fees.schema";
import { linkClass } from "./fee-ui";

/** What the fees screen's actions answer: the plots' answers, with the call's preview or its paper recipients. */
export type FeesResult = IntentResult & { preview?: FeeCallPreview; withoutEmail?: string[] };

/**
 * The preview of the call: how many, one real e-mail, those on paper; refused details; while online payment is on,
 * « Envoyer un lien de paiement » (ticked unless sent back unticked); the confirming box.
 */
function CallPreview({
  preview,
  result,
  onlinePayment,
}: {
  preview: FeeCallPreview;
  result: FeesResult | undefined;
  onlinePayment: boolean;
}) {
  const refused = result && !result.ok ? result : undefined;
  const linkAsked = refused ? refused.values.paymentLink === "on" : onlinePayment;
  const n = preview.recipients;
  return (
    <Form method="post" noValidate className="space-y-4" aria-labelledby="apercu-titre">
      <h3 id="apercu-titre" className="font-bold text-stone-900">
        Aperçu de l'appel : {n} jardinier{n > 1 ? "s" : ""}, à régler avant le {preview.due}
      </h3>
      {Object.entries(preview.values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="intent" value="call" />
      <input type="hidden" name="expected" value={n} />
      <FormFields
        state={{
          id: "call",
          errors: refused?.errors ?? {},
          values: linkAsked ? { paymentLink: "on" } : {},
          order: ["paymentLink", "confirm"],
        }}
      >
        <ErrorSummary />
        {refused && Object.keys(refused.errors).length === 0 && <FormMessage message={refused.message} />}
        {preview.missing.length > 0 && (
          <div role="alert" className="rounded-lg bg-red-50 p-3 text-red-900 ring-1 ring-red-200">
            <p className="font-semibold">L'appel ne peut pas partir :</p>
            <ul className="list-disc pl-5">
              {preview.missing.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
            <p>
              <Link to="/admin/settings#settings-plot-mails" className={linkClass}>
                Compléter les moyens de paiement
              </Link>
            </p>
          </div>
        )}
        <p className="text-stone-700">
          {preview.mailed} par e-mail
          {preview.withoutEmail.length > 0
            ? `, ${preview.withoutEmail.length} sans adresse (appel à imprimer après l'envoi) : ${preview.withoutEmail.join(", ")}`
            : ""}
          .
        </p>
        {preview.mail && <MailPreview mail={preview.mail} />}
        {n > 0 && preview.missing.length === 0 && (
          <>
            {onlinePayment ? (
              <Checkbox name="paymentLink">
                Envoyer un lien de paiement
                <span className="block text-sm text-stone-600">
                  Chaque e-mail porte alors, après les moyens de paiement, « Payer en ligne : » et le lien de sa
                  cotisation vers la page de paiement HelloAsso, sans connexion.
                </span>
              </Checkbox>
            ) : null}
            <Checkbox name="confirm">
              Je confirme l'envoi à {n} jardinier{n > 1 ? "s" : ""}.
            </Checkbox>
            <FormFooter>
              <SubmitButton intent="call">Envoyer l'appel</SubmitButton>
            </FormFooter>
          </>
        )}
      </FormFields>
    </Form>
  );
}

/** The call: amounts (the first time) and due date, then its preview and the box that sends it. */
export function FeeCall({
  year,
  called,
  values,
  result,
  onlinePayment,
}: {
  year: number;
  /** The year's amounts once called: newcomers pay what the others pay. */
  called: string[] | null;
  values: Record<string, string>;
  result: FeesResult | undefined;
  /** Online payment is on: the call may carry each fee's link to pay. */
  onlinePayment: boolean;
}) {
  const preview = result?.preview;
  const done = result?.ok && result.intent === "call" ? result : undefined;
  return (
    <div className="space-y-6">
      {done?.withoutEmail && done.withoutEmail.length > 0 && (
        <div className="rounded-lg bg-amber-50 p-3 ring-1 ring-amber-200">
          <p>
            Sans adresse e-mail, à remettre sur papier : <strong>{done.withoutEmail.join(", ")}</strong>.
          </p>
          <a href={`/admin/cotisations/imprimer?annee=${year}`} className={linkClass}>
            Imprimer leurs appels
          </a>
        </div>
      )}
      {preview ? (
        <CallPreview preview={preview} result={result} onlinePayment={onlinePayment} />
      ) : (
        <IntentForm
          intent="preview"
          schema={feeCallFormSchema}
          result={result}
          values={values}
          order={["year", "small", "medium", "large", "dueOn"]}
          submit={called ? "Prévisualiser l'appel des nouveaux jardiniers" : "Prévisualiser l'appel"}
        >
          <input type="hidden" name="year" value={year} />
          {called ? (
            <p className="text-stone-700">
              Montants de l'année : {called.join(", ")} (petite, moyenne, grande parcelle).
              {(["small", "medium", "large"] as const).map((name) => (
                <input key={name} type="hidden" name={name} value={values[name]} />
              ))}
            </p>
          ) : (
            <div className="grid gap-4 sm:grid-cols-3">
              <TextInput name="small" label="Petite parcelle (€)" required autoComplete="off" hint="Moins de 150 m²." />
              <TextInput name="medium" label="Moyenne parcelle (€)" required autoComplete="off" hint="150 à 200 m²." />
              <TextInput name="large" label="Grande parcelle (€)" required autoComplete="off" hint="Plus de 200 m²." />
            </div>
          )}
          <DateTimeInput name="dueOn" type="date" label="À régler avant le" required />
        </IntentForm>
      )}
    </div>
  );
}
