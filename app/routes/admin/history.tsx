import { Form, Link } from "react-router";
import type { Route } from "./+types/history";
import { AdminPage } from "~/components/admin/AdminPage";
import { Pagination, Section } from "~/components/admin/admin-ui";
import { buttonClass } from "~/components/form/styles";
import { formatDateTime } from "~/lib/dates";
import { adminMeta } from "~/modules/seo/seo";
import { HISTORY_KIND_NAMES, HISTORY_KINDS, type HistoryKind } from "~/modules/history/history.kinds";
import { countHistory, gardenerOfTarget, historyActors, listHistory } from "~/modules/history/history.server";
import { gardenerNamesByIds } from "~/modules/register/gardeners.server";
import { queryOf, queryPage } from "~/lib/query";

const PAGE_SIZE = 50;

export function meta() {
  return adminMeta("Historique");
}

export async function loader({ request }: Route.LoaderArgs) {
  const params = queryOf(request);
  const actors = await historyActors();
  const actor = actors.find((name) => name === params.get("personne")) ?? "";
  const kind = HISTORY_KIND_NAMES.find((name) => name === params.get("type")) ?? "";
  const filter = { actor: actor || undefined, kind: (kind || undefined) as HistoryKind | undefined };
  const total = await countHistory(filter);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(queryPage(params), pages);
  const entries = await listHistory(filter, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  // Gardeners are named by number in the history (an erased record leaves no name): shown by name while kept.
  const names = await gardenerNamesByIds(
    entries.flatMap((e) => [gardenerOfTarget(e.target), gardenerOfTarget(e.actor)]).filter((id) => id !== null),
  );
  const person = (text: string | null) => {
    const id = gardenerOfTarget(text);
    if (id === null) return text ? { text, gardenerId: null } : null;
    const name = names.get(id);
    return name ? { text: name, gardenerId: id } : { text: `${text} (fiche effacée)`, gardenerId: null };
  };
  return {
    actors,
    actor,
    kind,
    total,
    page,
    pages,
    entries: entries.map((e) => ({
      id: e.id,
      at: e.at.toISOString(),
      actor: person(e.actor)?.text ?? e.actor,
      kind: e.kind as HistoryKind,
      target: person(e.target),
      detail: e.detail,
      occurrences: e.occurrences,
    })),
  };
}

const selectClass =
  "mt-1 block min-h-11 w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-stone-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700";

export default function AdminHistory({ loaderData }: Route.ComponentProps) {
  const { actors, actor, kind, total, page, pages, entries } = loaderData;
  const pageLink = (n: number) =>
    `?${new URLSearchParams({ ...(actor && { personne: actor }), ...(kind && { type: kind }), page: String(n) })}`;
  return (
    <AdminPage title="Historique" width="5xl">
      <p className="text-stone-700">
        Ce que chaque administrateur a fait, du plus récent au plus ancien. Les entrées ne sont jamais modifiées et sont
        effacées au bout de deux ans. Les connexions refusées avec un identifiant inconnu sont comptées ensemble, heure
        par heure.
      </p>
      <Form
        method="get"
        className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
      >
        <label className="min-w-48 flex-1 font-medium text-stone-800">
          Personne
          <select name="personne" defaultValue={actor} className={selectClass}>
            <option value="">Tout le monde</option>
            {actors.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className="min-w-48 flex-1 font-medium text-stone-800">
          Action
          <select name="type" defaultValue={kind} className={selectClass}>
            <option value="">Toutes les actions</option>
            {HISTORY_KIND_NAMES.map((name) => (
              <option key={name} value={name}>
                {HISTORY_KINDS[name]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonClass}>
          Filtrer
        </button>
      </Form>
      <Section id="entrees" title={total === 1 ? "1 entrée" : `${total} entrées`}>
        {entries.length === 0 ? (
          <p className="text-stone-600">Aucune entrée.</p>
        ) : (
          <ol className="divide-y divide-stone-100">
            {entries.map((entry) => (
              <li key={entry.id} className="grid gap-x-4 py-2 text-sm sm:grid-cols-[11rem_8rem_1fr]">
                <span className="text-stone-600">{formatDateTime(entry.at)}</span>
                <span className="font-semibold text-stone-900 [overflow-wrap:anywhere]">{entry.actor}</span>
                <span className="text-stone-900 [overflow-wrap:anywhere]">
                  <strong className="font-medium">{HISTORY_KINDS[entry.kind] ?? entry.kind}</strong>
                  {entry.target ? " — " : ""}
                  {entry.target?.gardenerId ? (
                    <Link to={`/admin/jardiniers/${entry.target.gardenerId}`} className="text-brand-800 underline">
                      {entry.target.text}
                    </Link>
                  ) : (
                    entry.target?.text
                  )}
                  {entry.occurrences > 1 ? ` — ${entry.occurrences} fois dans l'heure` : ""}
                  {entry.detail ? <span className="block text-stone-600">{entry.detail}</span> : null}
                </span>
              </li>
            ))}
          </ol>
        )}
        <Pagination page={page} pages={pages} link={pageLink} newer="Plus récentes" older="Plus anciennes" />
      </Section>
    </AdminPage>
  );
}
