import type { Route } from "./+types/event-registrations-print";
import type { PageHandle } from "~/lib/page-handle";
import { attendanceSheet } from "~/modules/registrations/registrations.admin.server";
import { signupsAndPeople } from "~/modules/registrations/registrations.messages";

/**
 * /admin/events/:id/inscriptions/imprimer: the list for the day, on paper (outside the back-office's layout, no
 * menu): name, people, the answer, and a box to tick on arrival; by family name, the waiting list after in its order. Behind the /admin guard like the rest.
 */
export const handle: PageHandle = { scripts: false };

export async function loader({ params }: Route.LoaderArgs) {
  return attendanceSheet(params.id);
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Liste du jour : ${loaderData?.event.title ?? ""}` }, { name: "robots", content: "noindex" }];
}

export default function PrintRegistrations({ loaderData }: Route.ComponentProps) {
  const { event, present, waiting, question } = loaderData;
  const rows = [
    ...present.rows.map((r) => ({ ...r, waiting: false })),
    ...waiting.rows.map((r) => ({ ...r, waiting: true })),
  ];
  return (
    <main className="mx-auto max-w-3xl bg-white p-6 text-black print:p-0">
      <h1 className="text-2xl font-bold">{event.title}</h1>
      {event.practical.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <p className="mt-2">
        {signupsAndPeople(present.rows.length, present.people)}
        {waiting.people ? ` ; en liste d'attente : ${signupsAndPeople(waiting.rows.length, waiting.people)}` : ""}.
      </p>
      <table className="mt-4 w-full border-collapse text-left">
        <thead>
          <tr>
            <th scope="col" className="border border-stone-400 p-2">
              Présent
            </th>
            <th scope="col" className="border border-stone-400 p-2">
              Nom
            </th>
            <th scope="col" className="border border-stone-400 p-2">
              Personnes
            </th>
            {question ? (
              <th scope="col" className="border border-stone-400 p-2">
                {question}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td className="w-20 border border-stone-400 p-2" aria-label="À cocher à l'arrivée">
                ☐
              </td>
              <td className="border border-stone-400 p-2">
                {r.name}
                {r.waiting ? " (liste d'attente)" : ""}
              </td>
              <td className="border border-stone-400 p-2">{r.people}</td>
              {question ? <td className="border border-stone-400 p-2">{r.answer}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-6 print:hidden">
        <a href={`/admin/events/${event.id}/inscriptions`} className="font-semibold underline">
          Retour aux inscriptions
        </a>
      </p>
    </main>
  );
}
