import { useLocation } from "react-router";
import { Pagination, Section } from "~/components/admin/admin-ui";
import { listPageLink } from "~/components/admin/ListSearch";
import { ApplicationCard, type ApplicationView } from "./ApplicationCard";

/**
 * One list of the applications screen (« Demandes actives », « Demandes archivées »): its cards, and when it is
 * long, its pages (`param` names its page in the address, so that each list turns its own pages).
 */
export function ApplicationSection({
  id,
  title,
  applications,
  empty,
  q,
  page,
  param,
}: {
  id: string;
  title: string;
  applications: ApplicationView[];
  empty: string;
  q: string;
  page: { page: number; pages: number };
  param: string;
}) {
  const { search } = useLocation();
  return (
    <Section id={id} title={title}>
      {applications.length === 0 ? (
        <p className="text-stone-600">{q ? `Aucune demande ne correspond à « ${q} ».` : empty}</p>
      ) : (
        <div className="space-y-4">
          {applications.map((application) => (
            <ApplicationCard key={application.id} application={application} />
          ))}
        </div>
      )}
      <Pagination
        page={page.page}
        pages={page.pages}
        link={listPageLink(search, param)}
        newer="Plus récentes"
        older="Plus anciennes"
      />
    </Section>
  );
}
