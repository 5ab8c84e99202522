import { Form } from "react-router";
import { FormFooter, SubmitButton } from "~/components/form/buttons";
import { Checkbox, FormFields, TextInput } from "~/components/form/fields";
import { ErrorSummary, FormMessage } from "~/components/form/messages";
import { RichTextEditor } from "~/components/form/RichTextEditor";
import { quietButtonClass } from "~/components/form/styles";
import { useFormValidation } from "~/components/form/use-form-validation";
import { counted } from "~/lib/text";
import type { letterScreen } from "~/modules/newsletter/letters.admin.server";
import { GardenerAudienceFields } from "./GardenerAudienceFields";

type Screen = Awaited<ReturnType<typeof letterScreen>>;

const ORDER = [
  "gardeners",
  "siteIds",
  "feeYear",
  "plotIds",
  "nature",
  "subject",
  "message",
  "testTo",
  "confirm",
] as const;

/** What ticking « Je confirme l'envoi » agrees to: the recipients as counted on the screen. */
function confirmation(screen: Screen) {
  const part = screen.toGardeners;
  if (!part) return `Je confirme l'envoi à ${screen.audience}.`;
  const { emails, paper } = part.figures;
  return `Je confirme l'envoi ${part.label} : ${counted(emails, "e-mail", "e-mails")}${paper ? ` et ${counted(paper, "lettre à imprimer", "lettres à imprimer")}` : ""}.`;
}

/**
 * A draft letter: its subject and message (the site's rich-text editor), then « Enregistrer le brouillon »,
 * « M'envoyer un test » to an address, and « Envoyer la lettre » once the box naming the recipients is ticked.
 * Everything posts plainly: it works without JavaScript.
 */
export function LetterEditor({
  screen,
  refused,
}: {
  screen: Screen;
  refused?: {
    message: string;
    errors: Record<string, string>;
    values: Record<string, string>;
    lists: Record<string, string[]>;
  };
}) {
  const { letter } = screen;
  const { errors, formProps } = useFormValidation(
    () => import("~/modules/newsletter/letters.schema").then((module) => module.letterFormSchema),
    refused?.errors,
  );
  const values = refused?.values ?? { subject: letter.subject, message: letter.message, testTo: screen.testTo };
  const presents = screen.presents !== null;
  return (
    <Form method="post" noValidate {...formProps} className="space-y-6">
      <FormFields state={{ id: "lettre", errors, values, order: ORDER }}>
        <ErrorSummary />
        <FormMessage message={refused && Object.keys(refused.errors).length === 0 ? refused.message : null} />
        <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6">
          {screen.toGardeners ? (
            <GardenerAudienceFields part={screen.toGardeners} letterId={letter.id} refused={refused} />
          ) : null}
          <dl className="grid gap-1 text-sm text-stone-700 sm:grid-cols-[10rem_1fr]">
            {screen.toGardeners ? null : (
              <>
                <dt className="font-semibold">Destinataires</dt>
                <dd>{screen.audience}</dd>
              </>
            )}
            {presents ? (
              <>
                <dt className="font-semibold">Présente</dt>
                <dd>{screen.presents} : titre, image, résumé et lien, sous votre message</dd>
              </>
            ) : null}
          </dl>
          <input type="hidden" name="presents" value={presents ? "oui" : "non"} />
          <div className="mt-4 space-y-4">
            <TextInput
              name="subject"
              label="Objet"
              required
              hint="La ligne que les destinataires voient dans leur boîte."
            />
            <RichTextEditor
              name="message"
              label={presents ? "Quelques mots avant (facultatif)" : "Message"}
              defaultValue={values.message}
              minHeight={160}
              imagesHint="l'article ou l'événement présenté"
            />
          </div>
          <FormFooter>
            <SubmitButton intent="save" sendsIntent className={quietButtonClass}>
              Enregistrer le brouillon
            </SubmitButton>
            {letter.id ? (
              <SubmitButton intent="delete" sendsIntent className={quietButtonClass}>
                Supprimer le brouillon
              </SubmitButton>
            ) : null}
          </FormFooter>
        </div>
        <section aria-labelledby="test" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6">
          <h2 id="test" className="text-lg font-bold text-stone-900">
            Tester
          </h2>
          <div className="mt-3 flex flex-wrap items-end gap-3">
            <div className="min-w-64 flex-1">
              <TextInput name="testTo" label="Adresse du test" type="email" autoComplete="email" />
            </div>
            <SubmitButton intent="test" sendsIntent busyText="Envoi…" className={quietButtonClass}>
              M'envoyer un test
            </SubmitButton>
          </div>
        </section>
        <section aria-labelledby="envoi" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6">
          <h2 id="envoi" className="text-lg font-bold text-stone-900">
            Envoyer
          </h2>
          <p className="mt-1 text-sm text-stone-600">
            Chaque personne reçoit son propre e-mail, au rythme que permet la messagerie de l'association ; les accusés
            de réception et les messages de contact passent toujours avant.
          </p>
          <div className="mt-3 space-y-3">
            <Checkbox name="confirm">{confirmation(screen)}</Checkbox>
            <SubmitButton
              intent="send"
              sendsIntent
              busyText="Envoi…"
              disabled={screen.recipients === 0 && !screen.toGardeners?.figures.paper}
            >
              Envoyer la lettre
            </SubmitButton>
          </div>
        </section>
      </FormFields>
    </Form>
  );
}
