import { Form, Link } from "react-router";
import type { Route } from "./+types/assembly";
import { Section } from "~/components/admin/admin-ui";
import { AdminPage, backLinkClass } from "~/components/admin/AdminPage";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { alertClass, buttonClass, inputClass, labelClass, quietButtonClass } from "~/components/form/styles";
import { readFormData } from "~/modules/forms/form-data.server";
import { currentActor } from "~/modules/history/actor.server";
import { assemblyScreen, runAssemblyAction } from "~/modules/assembly/assembly.admin.server";
import { ASSEMBLY_KIND_LABELS, MAJORITY_LABELS, VOICE_BASIS_LABELS } from "~/modules/assembly/assembly.schema";
import { adminMeta } from "~/modules/seo/seo";

export function meta({ loaderData }: Route.MetaArgs) {
  return adminMeta(loaderData?.title ?? "Assemblée générale");
}

/** /admin/assemblees/:id: the rules, the agenda, the documents, the convocation and the answers. */
export async function loader({ params }: Route.LoaderArgs) {
  return assemblyScreen(params.id);
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return runAssemblyAction(params.id, await readFormData(request), currentActor(context));
}

function Refusal({ intent, actionData }: { intent: string; actionData: Route.ComponentProps["actionData"] }) {
  if (!actionData || actionData.ok || actionData.intent !== intent) return null;
  return (
    <p role="alert" className={alertClass}>
      {actionData.message}
      {Object.values(actionData.errors).map((e) => ` ${e}`)}
    </p>
  );
}

function Field({ name, label, children }: { name: string; label: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={name} className={labelClass}>
        {label}
      </label>
      {children}
    </div>
  );
}

export default function AdminAssembly({ loaderData, actionData }: Route.ComponentProps) {
  const a = loaderData;
  const notice = useSaveNotice(actionData?.ok ? actionData.message : null);
  const locked = a.convoked !== null;
  const values = (intent: string) =>
    actionData && !actionData.ok && actionData.intent === intent ? actionData.values : undefined;
  const settings = { ...a.settings, ...values("settings") };
  return (
    <AdminPage
      title={a.title}
      back={
        <Link to="/admin/assemblees" className={backLinkClass}>
          Retour aux assemblées
        </Link>
      }
      intro={[a.eventTitle, ...a.practical].map((line) => (
        <p key={line} className="text-stone-700">
          {line}
        </p>
      ))}
      popup={notice}
    >
      {a.convoked ? (
        <nav aria-label="Le jour de l'assemblée" className="flex flex-wrap gap-2">
          <Link to={`/admin/assemblees/${a.id}/presence`} className={quietButtonClass}>
            Présence et quorum
          </Link>
          <a href={`/admin/assemblees/${a.id}/emargement`} className={quietButtonClass}>
            Feuille d'émargement
          </a>
          <Link to={`/admin/assemblees/${a.id}/votes`} className={quietButtonClass}>
            Votes
          </Link>
          <Link to={`/admin/assemblees/${a.id}/proces-verbal`} className={quietButtonClass}>
            Procès-verbal
          </Link>
        </nav>
      ) : null}
      <Section id="convocation" title="Convocation">
        <Refusal intent="convene" actionData={actionData} />
        {a.convoked ? (
          <div className="space-y-2 text-stone-800">
            <p>Convocation envoyée le {a.convoked}.</p>
            <p>
              <a href={`/admin/assemblees/${a.id}/convocations`} className="font-semibold text-brand-800 underline">
                Lettres à imprimer
              </a>{" "}
              (membres sans adresse e-mail)
            </p>
          </div>
        ) : (
          <div className="space-y-3 text-stone-800">
            <p>
              {a.lastDay
                ? `Dernier jour pour l'envoyer : le ${a.lastDay} (délai des statuts : ${a.settings.convocationDays} jours).`
                : "L'événement n'a pas de date."}
            </p>
            {a.late ? (
              <p className={alertClass}>Le délai est dépassé : changez la date de l'assemblée avant de convoquer.</p>
            ) : null}
            <p>
              {a.toConvene.members} membre{a.toConvene.members > 1 ? "s" : ""} à convoquer (jardiniers actuels), dont{" "}
              {a.toConvene.withoutEmail} sans adresse e-mail : leur convocation sera dans « Lettres à imprimer ».
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value="convene" />
              <button type="submit" className={buttonClass}>
                Envoyer la convocation
              </button>
            </Form>
            <p className="text-sm text-stone-600">
              Une fois envoyée, les règles, l'ordre du jour et les documents ne changent plus.
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value="unmark" />
              <button type="submit" className={quietButtonClass}>
                Ce n'est pas l'assemblée : retirer la marque
              </button>
            </Form>
          </div>
        )}
      </Section>
      {a.convoked ? (
        <Section
          id="reponses"
          title="Réponses des membres"
          description={`${a.answers.present} présent(s), ${a.answers.proxies} pouvoir(s), ${a.answers.absent} absent(s), ${a.answers.none} sans réponse.`}
        >
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Réponses des membres</caption>
              <thead>
                <tr className="border-b border-stone-300">
                  <th scope="col" className="p-2">
                    Membre
                  </th>
                  <th scope="col" className="p-2">
                    Voix
                  </th>
                  <th scope="col" className="p-2">
                    Réponse
                  </th>
                  <th scope="col" className="p-2">
                    Pouvoirs détenus
                  </th>
                </tr>
              </thead>
              <tbody>
                {a.members.map((m) => (
                  <tr key={m.id} className="border-b border-stone-200">
                    <td className="p-2">{m.name}</td>
                    <td className="p-2">{m.voices}</td>
                    <td className="p-2">{m.holder ? `Pouvoir à ${m.holder}` : m.answer}</td>
                    <td className="p-2">{m.holding || ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Section>
      ) : null}
      <Section id="regles" title="Règles des statuts">
        <Refusal intent="settings" actionData={actionData} />
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="settings" />
          <fieldset disabled={locked} className="grid gap-4 sm:grid-cols-2">
            <Field name="kind" label="Nature">
              <select id="kind" name="kind" defaultValue={settings.kind} className={inputClass}>
                {Object.entries(ASSEMBLY_KIND_LABELS).map(([v, l]) => (
                  <option key={v} value={v}>
                    {l}
                  </option>
                ))}
              </select>
            </Field>
            <Field name="convocationDays" label="Délai de convocation (jours)">
              <input
                id="convocationDays"
                name="convocationDays"
                inputMode="numeric"
                defaultValue={settings.convocationDays}
                className={inputClass}
              />
            </Field>
            <Field name="voiceBasis" label="Voix">
              <select id="voiceBasis" name="voiceBasis" defaultValue={settings.voiceBasis} className={inputClass}>
                {Object.entries(VOICE_BASIS_LABELS).map(([v, l]) => (
                  <option key={v} value={v}>
                    {l}
                  </option>
                ))}
              </select>
            </Field>
            <Field name="maxProxies" label="Pouvoirs au plus par membre">
              <input
                id="maxProxies"
                name="maxProxies"
                inputMode="numeric"
                defaultValue={settings.maxProxies}
                className={inputClass}
              />
            </Field>
            <Field name="quorumPercent" label="Quorum (% des voix présentes ou représentées)">
              <input
                id="quorumPercent"
                name="quorumPercent"
                inputMode="numeric"
                defaultValue={settings.quorumPercent}
                className={inputClass}
              />
            </Field>
            <Field name="majority" label="Majorité">
              <select id="majority" name="majority" defaultValue={settings.majority} className={inputClass}>
                {Object.entries(MAJORITY_LABELS).map(([v, l]) => (
                  <option key={v} value={v}>
                    {l}
                  </option>
                ))}
              </select>
            </Field>
          </fieldset>
          {locked ? null : (
            <button type="submit" className={buttonClass}>
              Enregistrer les règles
            </button>
          )}
        </Form>
      </Section>
      <Section
        id="ordre-du-jour"
        title="Ordre du jour"
        description="Un point par ligne, dans l'ordre ; cochez ceux qui sont soumis au vote. Une ligne vide est retirée."
      >
        <Refusal intent="agenda" actionData={actionData} />
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="agenda" />
          <fieldset disabled={locked} className="space-y-3">
            <legend className="sr-only">Points de l'ordre du jour</legend>
            {a.agenda.map((item, i) => (
              <div key={`${i}-${item.title}`} className="flex flex-wrap items-end gap-3">
                <div className="w-16">
                  <label htmlFor={`order-${i}`} className={labelClass}>
                    N°
                  </label>
                  <input
                    id={`order-${i}`}
                    name={`order-${i}`}
                    inputMode="numeric"
                    defaultValue={i + 1}
                    className={inputClass}
                  />
                </div>
                <div className="min-w-0 flex-1">
                  <label htmlFor={`title-${i}`} className={labelClass}>
                    Point {i + 1}
                  </label>
                  <input id={`title-${i}`} name={`title-${i}`} defaultValue={item.title} className={inputClass} />
                </div>
                <label className="flex min-h-11 items-center gap-2 text-stone-900">
                  <input
                    type="checkbox"
                    name={`resolution-${i}`}
                    defaultChecked={item.isResolution}
                    className="size-5"
                  />
                  Résolution à voter
                </label>
              </div>
            ))}
          </fieldset>
          {locked ? null : (
            <button type="submit" className={buttonClass}>
              Enregistrer l'ordre du jour
            </button>
          )}
        </Form>
      </Section>
      <Section
        id="documents"
        title="Documents joints"
        description="Rapport moral, comptes, budget : ajoutez-les d'abord dans Documents. Les membres les ouvrent par leur lien personnel, même ceux réservés aux membres."
      >
        <Refusal intent="documents" actionData={actionData} />
        {a.documents.length === 0 ? (
          <p className="text-stone-700">
            Aucun document. <Link to="/admin/documents">Ajouter un document</Link>
          </p>
        ) : (
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="documents" />
            <fieldset disabled={locked} className="space-y-2">
              <legend className="sr-only">Documents joints à la convocation</legend>
              {a.documents.map((d) => (
                <label key={d.id} className="flex min-h-11 items-center gap-2 text-stone-900">
                  <input type="checkbox" name="document" value={d.id} defaultChecked={d.chosen} className="size-5" />
                  {d.title}
                </label>
              ))}
            </fieldset>
            {locked ? null : (
              <button type="submit" className={buttonClass}>
                Enregistrer les documents
              </button>
            )}
          </Form>
        )}
      </Section>
    </AdminPage>
  );
}
