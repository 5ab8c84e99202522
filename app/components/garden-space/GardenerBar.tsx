import { Form } from "react-router";
import { quietButtonClass } from "~/components/form/styles";

/** Above the signed-in space: who is signed in, and the two ways out (this browser, or every device). */
export function GardenerBar({ name }: { name: string }) {
  return (
    <div className="flex flex-col gap-3 rounded-2xl bg-brand-50 px-4 py-3 ring-1 ring-brand-100 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-stone-800">
        Connecté(e) : <strong className="font-semibold text-stone-900">{name}</strong>
      </p>
      <Form method="post" action="/mon-jardin/deconnexion" className="flex flex-wrap gap-2">
        <button type="submit" name="intent" value="ici" className={quietButtonClass}>
          Se déconnecter
        </button>
        <button type="submit" name="intent" value="partout" className={quietButtonClass}>
          Se déconnecter partout
        </button>
      </Form>
    </div>
  );
}
