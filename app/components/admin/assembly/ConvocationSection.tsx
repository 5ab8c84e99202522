import { Form } from "react-router";
import { Section } from "~/components/admin/admin-ui";
import { IntentForm } from "~/components/admin/plots/IntentForm";
import { SubmitButton } from "~/components/form/buttons";
import { alertClass, quietButtonClass } from "~/components/form/styles";
import { ConvocationPreview, type ConvocationResult } from "./ConvocationPreview";

interface Convocation {
  id: number;
  convoked: string | null;
  lastDay: string | null;
  late: boolean;
  convocationDays: string;
  agendaEmpty: boolean;
  toConvene: { members: number; withoutEmail: number; unreachable: number };
  latecomers: { members: number; withoutEmail: number; late: string | null };
}

/**
 * The convocation: when it was sent, the letters to print and the gardeners who joined since, or who it goes to, and
 * the way back (unmark).
 */
export function ConvocationSection({ a, result }: { a: Convocation; result: ConvocationResult | undefined }) {
  const preview = a.convoked ? undefined : result?.preview;
  return (
    <Section id="convocation" title="Convocation">
      {a.convoked ? (
        <div className="space-y-2 text-stone-800">
          <p>Convocation envoyée le {a.convoked}.</p>
          <p>
            <a href={`/admin/assemblees/${a.id}/convocations`} className="font-semibold text-brand-800 underline">
              Lettres à imprimer
            </a>{" "}
            (membres sans adresse e-mail)
          </p>
          {a.latecomers.members > 0 ? (
            <IntentForm
              intent="convene-latecomers"
              result={result}
              submit="Convoquer les nouveaux membres"
              className="space-y-3 border-t border-stone-200 pt-3"
            >
              <p>
                Depuis la convocation,{" "}
                {a.latecomers.members > 1
                  ? `${a.latecomers.members} nouveaux membres ont rejoint les jardins`
                  : "1 nouveau membre a rejoint les jardins"}
                {a.latecomers.withoutEmail > 0 ? `, dont ${a.latecomers.withoutEmail} sans adresse e-mail` : ""}.
                Membres le jour de l'assemblée, ils reçoivent la même convocation, avec leur propre lien (ou une lettre
                à imprimer).
              </p>
              {a.latecomers.late ? (
                <p className={alertClass}>
                  Le délai des statuts est passé : leur convocation part avec {a.latecomers.late}.
                </p>
              ) : null}
            </IntentForm>
          ) : null}
        </div>
      ) : (
        <div className="space-y-3 text-stone-800">
          <p>
            {a.lastDay
              ? `Dernier jour pour l'envoyer : le ${a.lastDay} (délai des statuts : ${a.convocationDays} jours).`
              : "L'événement n'a pas de date."}
          </p>
          {a.late ? (
            <p className={alertClass}>Le délai est dépassé : changez la date de l'assemblée avant de convoquer.</p>
          ) : null}
          {a.agendaEmpty ? (
            <p className={alertClass}>
              L'ordre du jour est vide : il figure sur la convocation. Enregistrez-le ci-dessous avant de l'envoyer.
            </p>
          ) : null}
          <p>
            {a.toConvene.members} membre{a.toConvene.members > 1 ? "s" : ""} à convoquer (selon la règle des statuts),
            dont {a.toConvene.withoutEmail} sans adresse e-mail : leur convocation sera dans « Lettres à imprimer »
            {a.toConvene.unreachable > 0 ? ` (${a.toConvene.unreachable} sans adresse postale non plus)` : ""}.
          </p>
          {preview ? (
            <ConvocationPreview id={a.id} preview={preview} result={result} />
          ) : (
            <IntentForm intent="convene-preview" result={result} submit="Prévisualiser la convocation">
              <p className="text-sm text-stone-600">
                L'aperçu montre l'e-mail et les lettres à imprimer avant l'envoi, que vous confirmez ensuite.
              </p>
            </IntentForm>
          )}
          {/* No field to check: the way back sends only its intent, in a quieter button. */}
          <Form method="post">
            <input type="hidden" name="intent" value="unmark" />
            <SubmitButton intent="unmark" className={quietButtonClass}>
              Ce n'est pas l'assemblée : retirer la marque
            </SubmitButton>
          </Form>
        </div>
      )}
    </Section>
  );
}
