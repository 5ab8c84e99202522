import type { Route } from "./+types/messages";
import { AdminPage } from "~/components/admin/AdminPage";
import { Pagination, Section } from "~/components/admin/admin-ui";
import { MessageList } from "~/components/admin/MessageList";
import { adminMeta } from "~/modules/seo/seo";
import { countContactMessages, listContactMessages } from "~/modules/contact/contact.server";
import { queryOf, queryPage } from "~/lib/query";

const PAGE_SIZE = 20;

export function meta() {
  return adminMeta("Messages reçus");
}

export async function loader({ request }: Route.LoaderArgs) {
  const total = await countContactMessages();
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(queryPage(queryOf(request)), pages);
  const messages = await listContactMessages({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  return {
    total,
    page,
    pages,
    messages: messages.map((m) => ({
      id: m.id,
      name: m.name,
      subject: m.subject,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { total, page, pages, messages } = loaderData;
  return (
    <AdminPage title="Messages reçus">
      <Section id="messages" title={total === 1 ? "1 message" : `${total} messages`}>
        <p className="mb-4 text-sm text-stone-600">
          Les messages envoyés depuis la page Contact, du plus récent au plus ancien. Chacun a aussi été envoyé par
          e-mail à l'adresse de l'association.
        </p>
        <MessageList messages={messages} empty="Aucun message reçu." />
        <Pagination page={page} pages={pages} link={(n) => `?page=${n}`} newer="Plus récents" older="Plus anciens" />
      </Section>
    </AdminPage>
  );
}
