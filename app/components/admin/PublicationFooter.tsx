import { Link } from "react-router";
import { ConfirmDialog, type ConfirmDialogProps } from "~/components/ConfirmDialog";
import { FormFooter, SubmitButton } from "~/components/form/buttons";
import { DateTimeInput } from "~/components/form/fields";
import { quietButtonClass } from "~/components/form/styles";
import { INTENTS, PUBLISH_AT_FIELD, type PublicationState } from "~/modules/publishing/publication.schema";

/**
 * The buttons of an article or event editor, by the item's state (null: a new item). Not public yet: « Publier »,
 * « Enregistrer le brouillon », « Programmer… » (a date and time, then « Programmer »); published: « Mettre à jour »
 * and « Repasser en brouillon » (product §4 keeps these two names). Then « Aperçu » (the public page in a new tab, from
 * what the form holds now), and for a saved item « Versions », « Annuler » and the deletion after a confirmation.
 * It stands outside the form (the confirmation has a form of its own): each button names the form it sends.
 */
export function PublicationFooter({
  form,
  state,
  publishAt,
  waiting,
  previewAction,
  versionsHref,
  cancelTo,
  remove,
}: {
  form: string;
  state: PublicationState | null;
  /** The scheduled time, as the form's field shows it. */
  publishAt: string;
  /** An image is uploading: the main button says so, and a press waits (product §5). */
  waiting: boolean;
  previewAction: string;
  versionsHref: string | null;
  cancelTo: string;
  remove: Omit<ConfirmDialogProps, "trigger" | "confirm">;
}) {
  const published = state === "publie";
  const saved = state !== null;
  return (
    <FormFooter>
      <SubmitButton form={form} intent={INTENTS.publish} sendsIntent waiting={waiting}>
        {published ? "Mettre à jour" : "Publier"}
      </SubmitButton>
      <SubmitButton form={form} intent={INTENTS.draft} sendsIntent className={quietButtonClass}>
        {published ? "Repasser en brouillon" : "Enregistrer le brouillon"}
      </SubmitButton>
      {published ? null : (
        <details open={state === "programme"} className="group open:basis-full">
          <summary className={`${quietButtonClass} cursor-pointer list-none`}>Programmer…</summary>
          <div className="mt-3 flex flex-wrap items-end gap-3 rounded-lg bg-stone-50 p-3 ring-1 ring-stone-200">
            <div className="min-w-64">
              <DateTimeInput
                form={form}
                name={PUBLISH_AT_FIELD}
                label="Date et heure de publication"
                hint="Heure de Paris : la publication se fait d'elle-même à cette heure-là."
                defaultValue={publishAt}
              />
            </div>
            <SubmitButton form={form} intent={INTENTS.schedule} sendsIntent className={quietButtonClass}>
              Programmer
            </SubmitButton>
          </div>
        </details>
      )}
      <button
        type="submit"
        form={form}
        formAction={previewAction}
        formMethod="post"
        formEncType="multipart/form-data"
        formTarget="_blank"
        formNoValidate
        data-preview=""
        className={quietButtonClass}
      >
        Aperçu
        <span className="sr-only"> (nouvel onglet)</span>
      </button>
      {saved ? (
        <>
          {versionsHref ? (
            <Link to={versionsHref} className={quietButtonClass}>
              Versions
            </Link>
          ) : null}
          <Link to={cancelTo} className={quietButtonClass}>
            Annuler
          </Link>
          <ConfirmDialog trigger="Supprimer" confirm="Supprimer" {...remove} />
        </>
      ) : null}
    </FormFooter>
  );
}
