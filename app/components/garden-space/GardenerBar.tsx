import { Form } from "react-router";
import { quietButtonClass } from "~/components/form/styles";
import { linkClass } from "./SpaceSection";

/**
 * Above the signed-in space: who is signed in, and the two ways out (this browser, or every device). On a phone it
 * stays two lines high: the second way out is drawn as a link, so the page's own content comes first.
 */
export function GardenerBar({ name }: { name: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-2xl bg-brand-50 px-3 py-2 ring-1 sm:px-4 ring-brand-100">
      <p className="text-stone-800">
        Connecté(e) : <strong className="font-semibold text-stone-900">{name}</strong>
      </p>
      <Form method="post" action="/mon-jardin/deconnexion" className="flex flex-wrap items-center gap-x-2">
        <button type="submit" name="intent" value="ici" className={`${quietButtonClass} text-sm`}>
          Se déconnecter
        </button>
        <button type="submit" name="intent" value="partout" className={`min-h-11 text-sm ${linkClass}`}>
          Se déconnecter partout
        </button>
      </Form>
    </div>
  );
}
