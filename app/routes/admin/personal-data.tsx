import { Form } from "react-router";
import type { Route } from "./+types/personal-data";
import { AdminPage } from "~/components/admin/AdminPage";
import { Section } from "~/components/admin/admin-ui";
import { buttonClass, quietButtonClass } from "~/components/form/styles";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { formatDateTime } from "~/lib/dates";
import { readFormData } from "~/modules/forms/form-data.server";
import { parseAdminForm } from "~/modules/forms/admin-form.server";
import { adminMeta } from "~/modules/seo/seo";
import { currentActor } from "~/modules/history/actor.server";
import { eraseSchema, personalDataEmail } from "~/modules/personal-data/personal-data.schema";
import { SUBSCRIBER_STATUS_LABELS } from "~/modules/newsletter/newsletter.messages";
import { REGISTRATION_STATUS_LABELS } from "~/modules/registrations/registrations.messages";
import { describeCounts, erasePersonalData, findPersonalData } from "~/modules/personal-data/personal-data.server";
import { queryOf } from "~/lib/query";

export function meta() {
  return adminMeta("Données d'une personne");
}

/** What is stored about one address, as a list a volunteer can read before exporting or erasing it. */
export async function loader({ request }: Route.LoaderArgs) {
  const asked = queryOf(request).get("email");
  if (asked === null) return { email: "", error: null, found: null };
  const parsed = personalDataEmail.safeParse(asked);
  if (!parsed.success) return { email: asked, error: parsed.error.issues[0]!.message, found: null };
  const found = await findPersonalData(parsed.data);
  const items = [
    ...found.applications.map((a) => `Demande de jardin n° ${a.id} (${a.nom}), reçue le ${formatDateTime(a.date)}`),
    ...found.annonces.map((a) => `Annonce n° ${a.id} (${a.nom}), déposée le ${formatDateTime(a.createdAt)}`),
    ...found.contactMessages.map((m) => `Message « ${m.subject} » (${m.name}), reçu le ${formatDateTime(m.createdAt)}`),
    ...found.emails.map((m) => `E-mail « ${m.subject} », écrit le ${formatDateTime(m.createdAt)}`),
    ...found.newsletter.map(
      (s) =>
        `Lettre d'information : ${SUBSCRIBER_STATUS_LABELS[s.status].toLowerCase()}, consentement donné le ${formatDateTime(s.consentAt)} (${s.consentSource})`,
    ),
    ...found.jardiniers.map(
      (g) =>
        `Fiche de jardinier n° ${g.id} (${g.name}), ${g.parcelles.length} parcelle${g.parcelles.length > 1 ? "s" : ""}, ${g.paiements.length} paiement${g.paiements.length > 1 ? "s" : ""}`,
    ),
    ...found.inscriptions.map(
      (r) =>
        `Inscription à l'événement n° ${r.eventId} (${r.name}, ${r.people} pers., ${REGISTRATION_STATUS_LABELS[r.status].toLowerCase()}), le ${formatDateTime(r.createdAt)}`,
    ),
  ];
  return { email: parsed.data, error: null, found: { summary: describeCounts(found), items } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseAdminForm(eraseSchema, await readFormData(request));
  if (parsed.refusal) return parsed.refusal;
  const erased = await erasePersonalData(currentActor(context), parsed.data.email);
  return { ok: true, message: `Données effacées : ${describeCounts(erased)}.` };
}

export default function PersonalDataScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { email, error, found } = loaderData;
  return (
    <AdminPage title="Données d'une personne" width="3xl">
      <p className="text-stone-700">
        Pour répondre à une demande d'accès ou d'effacement (RGPD) : tout ce que le site garde sur une adresse e-mail
        (demandes de jardin, annonces, messages, e-mails envoyés, fiche de jardinier), à exporter en un fichier JSON ou
        à effacer en une fois. L'historique garde la trace de l'opération, pas l'adresse.
      </p>
      {actionData && (
        <output
          className={`block rounded-lg p-3 font-medium ring-1 ${actionData.ok ? "bg-brand-50 text-brand-900 ring-brand-200" : "bg-red-50 text-red-800 ring-red-200"}`}
        >
          {actionData.message}
        </output>
      )}
      <Form
        method="get"
        className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
      >
        <label className="min-w-56 flex-1 font-medium text-stone-800">
          Adresse e-mail
          <input
            type="email"
            name="email"
            defaultValue={email}
            required
            aria-invalid={error ? true : undefined}
            className="mt-1 block min-h-11 w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-stone-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700"
          />
        </label>
        <button type="submit" className={buttonClass}>
          Rechercher
        </button>
        {error && <p className="w-full text-sm text-red-800">{error}</p>}
      </Form>
      {found && (
        <Section id="trouve" title={`Pour ${email} : ${found.summary}`}>
          {found.items.length === 0 ? (
            <p className="text-stone-600">Rien n'est enregistré pour cette adresse.</p>
          ) : (
            <>
              <ul className="list-disc space-y-1 pl-5 text-sm text-stone-800">
                {found.items.map((item) => (
                  <li key={item} className="[overflow-wrap:anywhere]">
                    {item}
                  </li>
                ))}
              </ul>
              <div className="mt-4 flex flex-wrap gap-2 border-t border-stone-200 pt-4">
                {/* A file to download: sent as a plain form to the export address, not through the page's scripts. */}
                <Form method="post" action="/admin/donnees-personnelles/export" reloadDocument>
                  <input type="hidden" name="email" value={email} />
                  <button type="submit" className={quietButtonClass}>
                    Exporter en JSON
                  </button>
                </Form>
                <ConfirmDialog
                  trigger="Tout effacer"
                  triggerName={`Tout effacer pour ${email}`}
                  title="Effacer les données"
                  message={`Êtes-vous sûr de vouloir effacer définitivement ${found.summary} de ${email} ?`}
                  confirm="Effacer"
                  fields={{ intent: "erase", email }}
                />
              </div>
            </>
          )}
        </Section>
      )}
    </AdminPage>
  );
}
