import { data, isRouteErrorResponse, useRouteError } from "react-router";
import type { Route } from "./+types/my-application";
import { ApplicantContactForm } from "~/components/apply/ApplicantContactForm";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { VILLE_LABELS, VILLE_NON_SPECIFIEE, type Ville } from "~/lib/constants";
import { formatCalendarDate, formatDate } from "~/lib/dates";
import { readFormData } from "~/modules/forms/form-data.server";
import {
  findByAccessToken,
  updateApplicantContact,
  waitingListPlace,
  withdrawApplication,
} from "~/modules/applications/applicant.server";
import { applicantContactSchema } from "~/modules/applications/applications.schema";
import { allottedPlotOf, plannedPlotOf } from "~/modules/register/allotment.server";
import { parisToday } from "~/lib/paris-time";

const UNKNOWN_LINK =
  "Ce lien ne correspond à aucune demande de jardin en cours : il est incomplet, ou la demande a été archivée ou supprimée. Pour toute question, écrivez à l'association.";
const WITHDRAWN = "Votre demande est retirée. L'association en est informée. Ce lien personnel ne sert plus.";

/**
 * A private page: never cached, never indexed, its address never sent to another site ("same-origin": with
 * "no-referrer" the browser would also send its forms with `Origin: null`, which the site refuses).
 */
export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin", "X-Robots-Tag": "noindex" };
}

export function meta() {
  return [{ title: "Ma demande de jardin" }, { name: "robots", content: "noindex" }];
}

async function applicationOf(token: string) {
  const application = await findByAccessToken(token);
  if (!application) throw data(UNKNOWN_LINK, { status: 404 });
  return application;
}

export async function loader({ params }: Route.LoaderArgs) {
  const application = await applicationOf(params.token);
  // Allotted (archived), or planned from a later day: the page says which plot, and from when.
  const allotted = application.archived
    ? await allottedPlotOf(application.id)
    : application.processed
      ? await plannedPlotOf(application.id)
      : undefined;
  return {
    allotted: allotted
      ? {
          plot: `n° ${allotted.plot.number}, ${allotted.site.name}`,
          since: formatCalendarDate(allotted.startDate),
          upcoming: allotted.startDate > parisToday(),
          address: [allotted.site.address, VILLE_LABELS[allotted.site.town as Ville] ?? allotted.site.town]
            .filter(Boolean)
            .join(", "),
        }
      : null,
    // Only what the applicant needs here: the status, their place, the two ways to reach them.
    receivedOn: formatDate(application.date),
    status: application.processed ? "processed" : "received",
    town: application.ville ? (VILLE_LABELS[application.ville as Ville] ?? application.ville) : VILLE_NON_SPECIFIEE,
    // A plot given or promised: no more place in the waiting list.
    waitingList: allotted ? null : await waitingListPlace(application),
    email: application.email,
    telephone: application.telephonePortable,
  };
}

/** Every refusal of the page's forms has one shape: the contact form's sends back its field and what was typed. */
const refusal = (message: string, status: number, field = "", values: Record<string, string> = {}) =>
  data({ ok: false as const, message, field, values }, { status });

export async function action({ request, params }: Route.ActionArgs) {
  const application = await applicationOf(params.token);
  const form = Object.fromEntries(await readFormData(request)) as Record<string, string>;
  if (form.intent === "withdraw") {
    // The link stops working with the withdrawal: the page is gone (410), and says why.
    const withdrawn = await withdrawApplication(application.id);
    if (withdrawn) throw data(WITHDRAWN, { status: 410 });
    return refusal("Cette demande est déjà archivée.", 409);
  }
  if (form.intent !== "contact") return refusal("Action inconnue.", 400);
  const parsed = applicantContactSchema.safeParse(form);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return refusal(issue.message, 400, String(issue.path[0]), {
      email: form.email ?? "",
      telephoneportable: form.telephoneportable ?? "",
    });
  }
  const updated = await updateApplicantContact(application.id, parsed.data);
  return updated
    ? { ok: true as const, message: "Vos coordonnées sont enregistrées." }
    : refusal("Cette demande est archivée : elle ne peut plus être modifiée.", 409);
}

const STATUS: Record<string, string> = {
  received: "Reçue : elle attend d'être étudiée par les bénévoles de l'association.",
  processed: "Étudiée par l'association, qui vous contacte pour la suite.",
};

export default function MyApplication({ loaderData, actionData }: Route.ComponentProps) {
  const { receivedOn, status, town, waitingList, email, telephone, allotted } = loaderData;
  const refused = actionData && !actionData.ok ? actionData : null;
  return (
    <main id="contenu" className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-bold text-brand-800">Ma demande de jardin</h1>
      {actionData && (
        <output
          className={`mt-6 block rounded-lg p-3 font-medium ring-1 ${actionData.ok ? "bg-brand-50 text-brand-900 ring-brand-200" : "bg-red-50 text-red-800 ring-red-200"}`}
        >
          {actionData.message}
        </output>
      )}
      <dl className="mt-6 grid gap-x-4 gap-y-2 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:grid-cols-[10rem_1fr]">
        <dt className="font-semibold text-stone-700">Envoyée le</dt>
        <dd>{receivedOn}</dd>
        <dt className="font-semibold text-stone-700">État</dt>
        <dd>{allotted ? <strong>Parcelle attribuée : {allotted.plot}</strong> : STATUS[status]}</dd>
        {allotted && (
          <>
            <dt className="font-semibold text-stone-700">{allotted.upcoming ? "À partir du" : "Depuis le"}</dt>
            <dd>{allotted.since}</dd>
            <dt className="font-semibold text-stone-700">Adresse du jardin</dt>
            <dd>{allotted.address}</dd>
          </>
        )}
        {waitingList && (
          <>
            <dt className="font-semibold text-stone-700">Liste d'attente</dt>
            <dd>
              {waitingList.place === 1 ? "1re" : `${waitingList.place}e`} sur {waitingList.total} demande
              {waitingList.total > 1 ? "s" : ""} en cours pour {town}.
            </dd>
          </>
        )}
      </dl>
      {allotted ? (
        <p className="mt-6 text-stone-700">
          {allotted.upcoming
            ? "Votre parcelle vous attend à partir de cette date : le bureau vous écrit pour votre première venue. "
            : "Bienvenue parmi les jardiniers ! Le bureau vous a écrit pour votre première venue. "}
          Pour toute question, passez à une permanence ou écrivez à l'association.
        </p>
      ) : (
        <>
          <ApplicantContactForm
            email={refused?.values.email ?? email}
            telephone={refused?.values.telephoneportable ?? telephone}
            refused={refused}
          />
          <section aria-labelledby="retirer" className="mt-8 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
            <h2 id="retirer" className="text-xl font-semibold text-brand-800">
              Retirer ma demande
            </h2>
            <p className="mt-2 text-stone-700">
              Si vous ne souhaitez plus de parcelle, vous pouvez retirer votre demande : l'association en sera informée.
            </p>
            <div className="mt-4">
              <ConfirmDialog
                trigger="Retirer ma demande"
                title="Retirer ma demande"
                message="Êtes-vous sûr de vouloir retirer votre demande ? Elle ne pourra pas être remise sur la liste d'attente."
                confirm="Retirer"
                fields={{ intent: "withdraw" }}
              />
            </div>
          </section>
        </>
      )}
    </main>
  );
}

/** A wrong, archived or deleted link (404), or the page just withdrawn (410): a plain French message. */
export function ErrorBoundary() {
  const error = useRouteError();
  const known = isRouteErrorResponse(error) && (error.status === 404 || error.status === 410);
  const message = known
    ? String(error.data)
    : "Cette page n'a pas pu s'afficher. Merci de réessayer dans quelques instants.";
  return (
    <main id="contenu" className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-brand-800">Ma demande de jardin</h1>
      <p className="mt-4 text-stone-700">{message}</p>
    </main>
  );
}
