import { data, Form, Link, useLocation } from "react-router";
import type { Route } from "./+types/newsletter";
import { Pagination, Section } from "~/components/admin/admin-ui";
import { ListSearch, listPageLink, SearchCount } from "~/components/admin/ListSearch";
import { SubscriberList } from "~/components/admin/newsletter/SubscriberList";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { AdminPage } from "~/components/admin/AdminPage";
import { buttonClass, quietButtonClass } from "~/components/form/styles";
import { DigestForm } from "~/components/admin/newsletter/DigestForm";
import { ensureContentRow } from "~/modules/content/content.server";
import { LetterList } from "~/components/admin/newsletter/LetterList";
import { DIGEST_LABELS, getDigestFrequency, setDigestFrequency } from "~/modules/newsletter/digest.server";
import { countLetters, listLetters } from "~/modules/newsletter/letters.server";
import { formatDateTime } from "~/lib/dates";
import { readFormData } from "~/modules/forms/form-data.server";
import { parseAdminForm } from "~/modules/forms/admin-form.server";
import { currentActor } from "~/modules/history/actor.server";
import { withHistory } from "~/modules/history/history.server";
import { SUBSCRIBER_GONE_MESSAGE, subscriberActionSchema } from "~/modules/newsletter/newsletter.schema";
import {
  countSubscribers,
  isBouncing,
  listSubscribers,
  removeSubscriber,
  subscriberCounts,
} from "~/modules/newsletter/newsletter.server";
import { adminMeta } from "~/modules/seo/seo";
import { ADMIN_PAGE_SIZE, adminListQuery } from "~/server/admin-list.server";

export function meta() {
  return adminMeta("Lettre d'information");
}

export async function loader({ request }: Route.LoaderArgs) {
  const list = adminListQuery(request);
  const letterPage = adminListQuery(request, "lettres");
  const [counts, rows, found, letters, letterTotal, digest] = await Promise.all([
    subscriberCounts(),
    listSubscribers(list),
    countSubscribers(list.q),
    listLetters(letterPage),
    countLetters(),
    getDigestFrequency(),
  ]);
  return {
    counts,
    digest,
    letters: {
      page: letterPage.page,
      pages: Math.max(1, Math.ceil(letterTotal / ADMIN_PAGE_SIZE)),
      rows: letters.map((l) => ({
        id: l.id,
        subject: l.subject,
        status: l.status,
        date: formatDateTime(l.queuedAt ?? l.updatedAt),
        audience:
          l.audience === "jardiniers"
            ? (l.audienceLabel ?? "aux jardiniers")
            : l.audience === "inscrits"
              ? "aux inscrits d'un événement"
              : "aux abonnés",
        total: l.total,
        sent: l.sent,
        bounced: l.bounced,
      })),
    },
    list: { q: list.q, page: list.page, pages: Math.max(1, Math.ceil(found / ADMIN_PAGE_SIZE)), found },
    // What the screen shows: never the tokens of the links.
    subscribers: rows.map((s) => ({
      id: s.id,
      email: s.email,
      status: s.status,
      bouncing: s.status === "abonne" && isBouncing(s),
      consent: `${formatDateTime(s.consentAt)} (${s.consentSource})`,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseAdminForm(subscriberActionSchema, await readFormData(request));
  if (parsed.refusal) return parsed.refusal;
  if (parsed.data.intent === "digest") {
    const { digestFrequency } = parsed.data;
    await ensureContentRow();
    await withHistory(
      currentActor(context),
      (tx) => setDigestFrequency(digestFrequency, tx),
      () => ({ kind: "lettre.automatique", detail: DIGEST_LABELS[digestFrequency] }),
    );
    const message =
      digestFrequency === "jamais"
        ? "Lettre automatique désactivée."
        : `Lettre automatique : ${DIGEST_LABELS[digestFrequency].toLowerCase()}.`;
    return { ok: true, message };
  }
  const { id } = parsed.data;
  const removed = await withHistory(
    currentActor(context),
    (tx) => removeSubscriber(id, tx),
    // The history says what was done, never to whom.
    (row) => row && { kind: "lettre.retrait", target: `adresse n° ${row.id}` },
  );
  if (!removed) return data({ ok: false, message: SUBSCRIBER_GONE_MESSAGE }, { status: 404 });
  return { ok: true, message: `${removed.email} a été retirée de la liste.` };
}

export default function AdminNewsletter({ loaderData, actionData }: Route.ComponentProps) {
  const { counts, list, subscribers, letters } = loaderData;
  const { search } = useLocation();
  const notice = useSaveNotice(actionData?.message ?? null);
  const figures = [
    ["Abonnés", counts.confirmed],
    ["En attente de confirmation", counts.waiting],
    ["Désabonnés", counts.unsubscribed],
    ["Adresses en échec", counts.bouncing],
  ] as const;
  return (
    <AdminPage title="Lettre d'information" popup={{ ...notice, error: actionData?.ok === false }}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
            <dt className="text-sm text-stone-600">{label}</dt>
            <dd className="text-2xl font-bold text-brand-800">{value}</dd>
          </div>
        ))}
      </dl>
      <Section
        id="lettres"
        title="Lettres"
        description="Une lettre présente un article, un événement (bouton « Envoyer aux abonnés » de leur liste) ou un message libre ; chaque abonné la reçoit seul, avec son lien de désabonnement. Une lettre aux jardiniers leur est écrite en tant que membres : à tous, à ceux d'un jardin, à ceux qui doivent leur cotisation ou aux titulaires de parcelles choisies, sur papier pour ceux qui n'ont pas d'adresse e-mail."
        action={
          <div className="flex flex-wrap gap-2">
            <Link to="/admin/lettre/nouvelle" className={buttonClass}>
              Écrire une lettre
            </Link>
            <Link to="/admin/lettre/nouvelle?jardiniers" className={buttonClass}>
              Écrire aux jardiniers
            </Link>
          </div>
        }
      >
        <DigestForm frequency={loaderData.digest} />
        <LetterList letters={letters.rows} />
        <Pagination
          page={letters.page}
          pages={letters.pages}
          link={(page) => `?lettres=${page}`}
          newer="Plus récentes"
          older="Plus anciennes"
        />
      </Section>
      <Section
        id="abonnes"
        title="Adresses"
        description="Une adresse n'est abonnée qu'une fois confirmée par le lien reçu ; sans confirmation, elle est effacée au bout de 7 jours. Chacune garde son consentement : quand, depuis quel formulaire et le texte accepté. Désabonnée, elle n'est gardée que comme preuve de ce consentement et de son retrait, 3 ans, puis effacée."
        action={
          <Form method="post" action="/admin/lettre/export" reloadDocument>
            <button type="submit" className={quietButtonClass}>
              Exporter en CSV
            </button>
          </Form>
        }
      >
        <ListSearch
          label="Rechercher une adresse"
          hint="Adresse, formulaire d'inscription, ou date (par exemple « 11/2026 »)."
          q={list.q}
        />
        <div className="mt-4">
          <SearchCount q={list.q} total={list.found} />
          <SubscriberList
            subscribers={subscribers}
            empty={list.q ? "Aucune adresse trouvée." : "Aucune adresse pour l'instant."}
          />
          <Pagination
            page={list.page}
            pages={list.pages}
            link={listPageLink(search)}
            newer="Plus récentes"
            older="Plus anciennes"
          />
        </div>
      </Section>
    </AdminPage>
  );
}
