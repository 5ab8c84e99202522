import { Form } from "react-router";
import { MailPreview } from "~/components/admin/MailPreview";
import type { IntentResult } from "~/components/admin/plots/IntentForm";
import { FormFooter, SubmitButton } from "~/components/form/buttons";
import { Checkbox, FormFields } from "~/components/form/fields";
import { ErrorSummary, FormMessage } from "~/components/form/messages";
import type { ConvocationPreview as Preview } from "~/modules/assembly/assembly.convocation.server";
import { counted } from "~/lib/text";

/** What the convocation's actions answer: with the preview, shown until the convocation goes. */
export type ConvocationResult = IntentResult & { preview?: Preview };

/**
 * The convocation before it goes, as the fee call's: how it reaches the members (e-mail, paper, nobody), one member's
 * real e-mail, the printed letters, and the box that sends it to the number shown.
 */
export function ConvocationPreview({
  id,
  preview,
  result,
}: {
  id: number;
  preview: Preview;
  result: ConvocationResult | undefined;
}) {
  const refused = result && !result.ok && result.intent === "convene" ? result : undefined;
  const n = preview.members;
  return (
    <Form method="post" noValidate className="space-y-4" aria-labelledby="apercu-convocation">
      <h3 id="apercu-convocation" className="font-bold text-stone-900">
        Aperçu de la convocation : {counted(n, "membre", "membres")}
      </h3>
      <input type="hidden" name="intent" value="convene" />
      <input type="hidden" name="expected" value={n} />
      <FormFields state={{ id: "convene", errors: refused?.errors ?? {}, values: {}, order: ["confirm"] }}>
        <ErrorSummary />
        {refused && Object.keys(refused.errors).length === 0 && <FormMessage message={refused.message} />}
        <ul className="list-disc pl-5 text-stone-800">
          <li>{preview.mailed} par e-mail, chacun avec son lien personnel pour répondre ;</li>
          <li>
            {preview.onPaper} sur papier, à l'adresse postale (
            <a href={`/admin/assemblees/${id}/convocations`} className="font-semibold text-brand-800 underline">
              voir les lettres à imprimer
            </a>
            ) ;
          </li>
          <li>
            {preview.unreachable.length} sans adresse e-mail ni postale
            {preview.unreachable.length > 0
              ? ` : ${preview.unreachable.join(", ")} (leur lettre est aussi à imprimer, à remettre en main propre).`
              : "."}
          </li>
        </ul>
        {preview.mail && <MailPreview mail={preview.mail} />}
        <Checkbox name="confirm">
          Je confirme l'envoi de la convocation à {counted(n, "membre", "membres")}. Les règles, l'ordre du jour et les
          documents ne changeront plus.
        </Checkbox>
        <FormFooter>
          <SubmitButton intent="convene">Envoyer la convocation</SubmitButton>
        </FormFooter>
      </FormFields>
    </Form>
  );
}
