import { Form, Link } from "react-router";
import type { Route } from "./+types/assembly-presence";
import { counted as members } from "~/lib/text";
import { AdminPage, backLinkClass } from "~/components/admin/AdminPage";
import { NotTheDay } from "~/components/admin/assembly/NotTheDay";
import { alertClass, buttonClass, quietButtonClass } from "~/components/form/styles";
import { readFormData } from "~/modules/forms/form-data.server";
import { currentActor } from "~/modules/history/actor.server";
import { presenceAction, presenceScreen } from "~/modules/assembly/assembly.admin.server";
import { voicesText } from "~/modules/assembly/assembly.schema";
import { adminMeta } from "~/modules/seo/seo";

export function meta() {
  return adminMeta("Présence et quorum");
}

/** /admin/assemblees/:id/presence: on a phone during the assembly, tick who is present; the quorum live. */
export async function loader({ params }: Route.LoaderArgs) {
  return presenceScreen(params.id);
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return presenceAction(params.id, await readFormData(request), currentActor(context));
}

export default function AssemblyPresence({ loaderData, actionData }: Route.ComponentProps) {
  const { quorum, notYet } = loaderData;
  const counted = quorum.presentVoices + quorum.representedVoices;
  return (
    <AdminPage
      title="Présence et quorum"
      width="3xl"
      back={
        <Link to={`/admin/assemblees/${loaderData.id}`} className={backLinkClass}>
          {loaderData.title}
        </Link>
      }
    >
      {notYet ? <NotTheDay words={notYet} /> : null}
      <section
        hidden={notYet !== null}
        aria-labelledby="quorum"
        aria-live="polite"
        className={`rounded-xl p-4 ring-2 ${quorum.reached ? "bg-brand-50 ring-brand-700" : "bg-amber-50 ring-amber-600"}`}
      >
        <h2 id="quorum" className="text-lg font-bold text-stone-900">
          {quorum.reached ? "Quorum atteint : l'assemblée peut délibérer" : "Quorum non atteint"}
        </h2>
        <p className="mt-1 text-stone-800">
          {members(quorum.presentMembers, "présent", "présents")} ({voicesText(quorum.presentVoices)}),{" "}
          {members(quorum.representedMembers, "représenté", "représentés")} ({voicesText(quorum.representedVoices)}) :{" "}
          {voicesText(counted)} sur {quorum.voices}. Il en faut {quorum.needed} ({loaderData.quorumPercent} %).
        </p>
      </section>
      {actionData && !actionData.ok ? (
        <p role="alert" className={alertClass}>
          {actionData.message}
        </p>
      ) : null}
      <ul className="divide-y divide-stone-200 rounded-xl bg-white ring-1 ring-stone-200">
        {loaderData.members.map((m) => (
          <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
            <div className="min-w-0">
              <p className="font-semibold text-stone-900">
                {m.name}
                {m.present ? " — présent" : ""}
              </p>
              <p className="text-sm text-stone-700">
                {m.left ? `${m.left[0]!.toUpperCase()}${m.left.slice(1)} : ne compte plus. ` : ""}
                {m.note}
                {m.voices > 1 ? ` · ${voicesText(m.voices)}` : ""}
              </p>
              {m.represents.length > 0 ? (
                <p className="text-sm text-stone-700">
                  {m.present ? "Représente" : "Détient le pouvoir de"} : {m.represents.join(", ")}
                </p>
              ) : null}
            </div>
            {notYet || (m.left && !m.present) ? null : (
              <Form method="post">
                <input type="hidden" name="member" value={m.id} />
                {m.present ? (
                  <button type="submit" name="intent" value="absent" className={quietButtonClass}>
                    Retirer <span className="sr-only">{m.name}</span>
                  </button>
                ) : (
                  <button type="submit" name="intent" value="present" className={buttonClass}>
                    Présent <span className="sr-only">: {m.name}</span>
                  </button>
                )}
              </Form>
            )}
          </li>
        ))}
      </ul>
    </AdminPage>
  );
}
