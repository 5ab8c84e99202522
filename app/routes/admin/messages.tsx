import { Link } from "react-router";
import type { Route } from "./+types/messages";
import { AdminSection } from "~/components/admin/admin-ui";
import { MessageList } from "~/components/admin/MessageList";
import { adminMeta } from "~/lib/seo";
import { countContactMessages, listContactMessages } from "~/modules/contact/contact.server";

const PAGE_SIZE = 20;

export function meta() {
  return adminMeta("Messages reçus");
}

export async function loader({ request }: Route.LoaderArgs) {
  const asked = Number(new URL(request.url).searchParams.get("page"));
  const total = await countContactMessages();
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Number.isInteger(asked) && asked >= 1 ? Math.min(asked, pages) : 1;
  const messages = await listContactMessages({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  return {
    total,
    page,
    pages,
    messages: messages.map((m) => ({ id: m.id, name: m.name, subject: m.subject, createdAt: m.createdAt.toISOString() })),
  };
}

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { total, page, pages, messages } = loaderData;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <h1 className="text-2xl font-bold text-stone-900">Messages reçus</h1>
      <AdminSection id="messages" title={total === 1 ? "1 message" : `${total} messages`}>
        <p className="mb-4 text-sm text-stone-600">
          Les messages envoyés depuis la page Contact, du plus récent au plus ancien. Chacun a aussi été envoyé par e-mail à l'adresse de
          l'association.
        </p>
        <MessageList messages={messages} empty="Aucun message reçu." />
        {pages > 1 && (
          <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm">
            {page > 1 ? (
              <Link to={`?page=${page - 1}`} className="min-h-11 content-center font-semibold text-brand-800 underline">
                ← Plus récents
              </Link>
            ) : (
              <span />
            )}
            <span className="text-stone-600">
              Page {page} sur {pages}
            </span>
            {page < pages ? (
              <Link to={`?page=${page + 1}`} className="min-h-11 content-center font-semibold text-brand-800 underline">
                Plus anciens →
              </Link>
            ) : (
              <span />
            )}
          </nav>
        )}
      </AdminSection>
    </div>
  );
}
