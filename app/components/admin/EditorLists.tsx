import { Form } from "react-router";
import { inputClass, quietButtonClass } from "~/components/form/styles";
import { Pagination, Section } from "./admin-ui";
import { PublishedList, type PublishedItem } from "./PublishedList";

/** The address of a page of the list, its search kept. */
const pageLink = (q: string) => (page: number) => {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : "?";
};

/**
 * Under an editor: the drafts and the scheduled items (each in its own section, when there are some), then the
 * published ones, 20 a page, with a search by title, author or date. Everything works as links and a GET form.
 */
export function EditorLists({
  lists,
  query,
  pages,
  labels,
  editPath,
  noun,
}: {
  lists: { drafts: PublishedItem[]; scheduled: PublishedItem[]; published: PublishedItem[]; publishedTotal: number };
  query: { q: string; page: number };
  pages: number;
  labels: { published: string; empty: string; search: string; searchHint: string; idPrefix: string };
  editPath: (id: number) => string;
  noun: string;
}) {
  const common = { editPath, noun, empty: "" };
  return (
    <>
      <search>
        <Form method="get" className="flex flex-wrap items-end gap-2">
          <div className="min-w-60 flex-1">
            <label htmlFor="recherche-liste" className="font-medium text-stone-900">
              {labels.search}
            </label>
            <p id="recherche-liste-aide" className="text-sm text-stone-600">
              {labels.searchHint}
            </p>
            <input
              id="recherche-liste"
              type="search"
              name="q"
              defaultValue={query.q}
              aria-describedby="recherche-liste-aide"
              className={inputClass}
            />
          </div>
          <button type="submit" className={quietButtonClass}>
            Rechercher
          </button>
        </Form>
      </search>
      {lists.drafts.length > 0 ? (
        <Section id={`${labels.idPrefix}-brouillons`} title="Brouillons">
          <PublishedList items={lists.drafts} {...common} />
        </Section>
      ) : null}
      {lists.scheduled.length > 0 ? (
        <Section id={`${labels.idPrefix}-programmes`} title="Programmés">
          <PublishedList items={lists.scheduled} {...common} />
        </Section>
      ) : null}
      <Section id={`${labels.idPrefix}-publies`} title={labels.published}>
        {query.q ? (
          <p className="mb-2 text-sm text-stone-600">
            {lists.publishedTotal === 1 ? "1 résultat" : `${lists.publishedTotal} résultats`} pour « {query.q} ».
          </p>
        ) : null}
        <PublishedList items={lists.published} {...common} empty={labels.empty} />
        <Pagination
          page={query.page}
          pages={pages}
          link={pageLink(query.q)}
          newer="Plus récents"
          older="Plus anciens"
        />
      </Section>
    </>
  );
}
