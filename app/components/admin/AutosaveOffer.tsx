import { Form, Link } from "react-router";
import { quietButtonClass } from "~/components/form/styles";

/**
 * What an administrator typed and did not save (an autosave newer than the item's last save), offered back:
 * « Reprendre » puts it in the form, « Ignorer » forgets it. Both work without JavaScript.
 */
export function AutosaveOffer({ savedAt, itemId }: { savedAt: string; itemId: number | null }) {
  const resume = itemId === null ? "?reprendre=1" : `?edit=${itemId}&reprendre=1`;
  return (
    <aside
      aria-label="Version non enregistrée"
      className="flex flex-wrap items-center gap-3 rounded-xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-300"
    >
      <p className="min-w-60 flex-1 font-medium">Une version non enregistrée du {savedAt} existe — la reprendre ?</p>
      <Link to={resume} className={quietButtonClass}>
        Reprendre
      </Link>
      <Form method="post">
        <input type="hidden" name="intent" value="discardAutosave" />
        {itemId === null ? null : <input type="hidden" name="id" value={itemId} />}
        <button type="submit" className={quietButtonClass}>
          Ignorer
        </button>
      </Form>
    </aside>
  );
}
