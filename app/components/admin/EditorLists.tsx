import { useLocation } from "react-router";
import { Pagination, Section } from "./admin-ui";
import { ListSearch, listPageLink, SearchCount } from "./ListSearch";
import { PublishedList, type ItemLink, type PublishedItem } from "./PublishedList";

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
  publishedLinks,
  noun,
}: {
  lists: { drafts: PublishedItem[]; scheduled: PublishedItem[]; published: PublishedItem[]; publishedTotal: number };
  query: { q: string; page: number };
  pages: number;
  labels: { published: string; empty: string; search: string; searchHint: string; idPrefix: string };
  editPath: (id: number) => string;
  /** Links beside each published item's « Modifier ». */
  publishedLinks?: (item: PublishedItem) => ItemLink[];
  noun: string;
}) {
  const { search } = useLocation();
  const common = { editPath, noun, empty: "" };
  return (
    <>
      <ListSearch label={labels.search} hint={labels.searchHint} q={query.q} />
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
        <SearchCount q={query.q} total={lists.publishedTotal} />
        <PublishedList items={lists.published} {...common} links={publishedLinks} empty={labels.empty} />
        <Pagination
          page={query.page}
          pages={pages}
          link={listPageLink(search)}
          newer="Plus récents"
          older="Plus anciens"
        />
      </Section>
    </>
  );
}
