import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ConfirmDialog } from "~/components/ConfirmDialog";

/** One figure of the dashboard, leading to the screen where it is dealt with. */
/** A key figure, linked to its screen when the account may open it. */
export function Stat({
  label,
  value,
  detail,
  to,
  wide = false,
}: {
  label: string;
  value: ReactNode;
  /** A line under the figure: the amounts behind a count. */
  detail?: string;
  to?: string;
  /** A long figure (an amount in euros): the whole row on a phone, where a column is too narrow for it. */
  wide?: boolean;
}) {
  const inner = (
    <>
      <span className="block text-sm text-stone-600">{label}</span>
      <span className="mt-1 block text-3xl font-bold text-brand-800">{value}</span>
      {detail ? <span className="mt-1 block text-sm text-stone-700">{detail}</span> : null}
    </>
  );
  const frame = `rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200${wide ? " col-span-2 sm:col-span-1" : ""}`;
  return to ? (
    <Link to={to} className={`${frame} hover:ring-brand-600`}>
      {inner}
    </Link>
  ) : (
    <p className={frame}>{inner}</p>
  );
}

export function DashboardCard({
  id,
  title,
  more,
  children,
}: {
  id: string;
  title: string;
  more?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="font-semibold text-stone-900">
          {title}
        </h2>
        {more && (
          <Link to={more.to} className="text-sm font-semibold text-brand-800 underline underline-offset-2">
            {more.label}
          </Link>
        )}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** Titles with a line under each, every title a link (to edit the item). */
export function LinkedList({
  items,
  empty,
}: {
  items: { key: number; to: string; title: string; details: string }[];
  empty: string;
}) {
  if (items.length === 0) return <p className="text-sm text-stone-600">{empty}</p>;
  return (
    <ul className="-mx-2 divide-y divide-stone-100">
      {items.map((item) => (
        <li key={item.key}>
          <Link to={item.to} className="block min-h-11 rounded-md px-2 py-2 hover:bg-stone-50">
            <span className="block font-medium text-stone-900 [overflow-wrap:anywhere]">{item.title}</span>
            <span className="block text-sm text-stone-600">{item.details}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function FailedMails({ count }: { count: number }) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "retryFailedMails";
  return (
    <section aria-labelledby="failed-mails" className="rounded-xl bg-amber-50 p-5 ring-1 ring-amber-300">
      <h2 id="failed-mails" className="font-semibold text-amber-900">
        E-mails non envoyés
      </h2>
      <p className="mt-1 text-sm text-amber-900">
        {count === 1 ? "1 e-mail n'a pas pu être envoyé" : `${count} e-mails n'ont pas pu être envoyés`} malgré
        plusieurs tentatives. Vérifiez la configuration de l'envoi (SMTP_URL), puis renvoyez-les.
      </p>
      <Form method="post" className="mt-3">
        <button
          type="submit"
          name="intent"
          value="retryFailedMails"
          disabled={sending}
          className="min-h-11 rounded-lg bg-amber-800 px-4 py-2 text-sm font-semibold text-white hover:bg-amber-900 disabled:opacity-60"
        >
          {sending ? "Envoi…" : "Renvoyer les e-mails"}
        </button>
      </Form>
    </section>
  );
}

/** E-mails refused by the recipient's server after they went: the address is wrong, resending would not help. */
export function BouncedMails({ count }: { count: number }) {
  return (
    <section aria-labelledby="bounced-mails" className="rounded-xl bg-amber-50 p-5 ring-1 ring-amber-300">
      <h2 id="bounced-mails" className="font-semibold text-amber-900">
        E-mails refusés par le destinataire
      </h2>
      <p className="mt-1 text-sm text-amber-900">
        {count === 1 ? "1 e-mail a été refusé" : `${count} e-mails ont été refusés`} par le serveur du destinataire
        après leur envoi : l'adresse n'existe pas ou plus. Ils ne sont pas renvoyés ; une personne qui attend une
        réponse (demande de parcelle, inscription) est à joindre autrement pour corriger son adresse.
      </p>
    </section>
  );
}

/** While the demo's rows are still there, says so and offers to remove them. */
export function DemoContentNotice({ count }: { count: number }) {
  return (
    <section aria-labelledby="demo-content" className="rounded-xl bg-sky-50 p-5 ring-1 ring-sky-300">
      <h2 id="demo-content" className="font-semibold text-sky-950">
        Contenu de démonstration
      </h2>
      <p className="mt-1 text-sm text-sky-950">
        Le site contient encore {count === 1 ? "1 élément" : `${count} éléments`} de démonstration (articles,
        événements, annonces, demandes, jardins et jardiniers). Quand vous aurez saisi les vôtres, retirez-les : seuls
        ceux que personne n'a créés ni modifiés ici seront supprimés.
      </p>
      <div className="mt-3">
        <ConfirmDialog
          trigger="Retirer le contenu de démonstration"
          title="Retirer le contenu de démonstration"
          message={`${count === 1 ? "L'élément" : `Les ${count} éléments`} de démonstration ${count === 1 ? "sera supprimé" : "seront supprimés"} du site. Ce que vous avez créé ou modifié reste en place.`}
          confirm="Retirer"
          fields={{ intent: "removeDemoContent" }}
        />
      </div>
    </section>
  );
}

export type BackupState = "recent" | "stale" | "first-to-come" | "missing";

const BACKUP_MESSAGES: Record<BackupState, (last: string | null) => string> = {
  recent: (last) => `Dernière sauvegarde : ${last}.`,
  stale: (last) =>
    `Dernière sauvegarde : ${last}. Aucune depuis plus de 48 heures : vérifiez que le serveur tourne et que son disque n'est pas plein.`,
  "first-to-come": () =>
    "Aucune sauvegarde pour l'instant : le serveur fait la première dans la minute qui suit son démarrage.",
  missing: () =>
    "Aucune sauvegarde n'a pu être faite : vérifiez que le disque du serveur n'est pas plein, ou téléchargez-en une ci-dessous.",
};

/** The date of the newest backup, a warning when there is none for 48 hours, and a fresh one to download. */
export function BackupStatus({ last, state }: { last: string | null; state: BackupState }) {
  const warn = state === "stale" || state === "missing";
  return (
    <section
      aria-labelledby="sauvegardes"
      className={`rounded-xl p-5 shadow-sm ring-1 ${warn ? "bg-amber-50 ring-amber-300" : "bg-white ring-stone-200"}`}
    >
      <h2 id="sauvegardes" className="font-semibold text-stone-900">
        Sauvegardes
      </h2>
      <p className={`mt-2 text-sm ${warn ? "font-semibold text-amber-950" : "text-stone-700"}`}>
        {BACKUP_MESSAGES[state](last)}
      </p>
      <p className="mt-1 text-sm text-stone-600">
        Le serveur en fait une chaque nuit et garde celles des 7 derniers jours et des 4 dernières semaines.
      </p>
      {/* A POST, so that a link from elsewhere cannot start one; a plain form, the answer being a file to save. */}
      <Form method="post" action="/admin/sauvegarde" reloadDocument className="mt-3">
        <button
          type="submit"
          className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-2"
        >
          Télécharger une sauvegarde maintenant
        </button>
      </Form>
    </section>
  );
}

/** Where the site's e-mails go, and a test message to check it, with the SMTP server's answer. */
export function MailStatus({
  destination,
  defaultTo,
  result,
}: {
  destination: { kind: "smtp"; host: string } | { kind: "files"; dir: string };
  defaultTo: string;
  result: { ok: boolean; message: string } | null;
}) {
  const files = destination.kind === "files";
  return (
    <section
      aria-labelledby="emails"
      className={`rounded-xl p-5 shadow-sm ring-1 ${files ? "bg-amber-50 ring-amber-300" : "bg-white ring-stone-200"}`}
    >
      <h2 id="emails" className="font-semibold text-stone-900">
        E-mails
      </h2>
      <p className={`mt-2 text-sm ${files ? "font-semibold text-amber-950" : "text-stone-700"}`}>
        {destination.kind === "files"
          ? `Aucun serveur SMTP n'est réglé (SMTP_URL) : les e-mails du site ne partent pas, ils sont écrits en fichiers .eml dans ${destination.dir}.`
          : `Les e-mails partent par le serveur ${destination.host}.`}
      </p>
      <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="testMail" />
        <label className="min-w-56 flex-1 text-sm font-medium text-stone-800">
          Envoyer à
          <input
            type="email"
            name="to"
            defaultValue={defaultTo}
            required
            className="mt-1 block min-h-11 w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-stone-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700"
          />
        </label>
        <button
          type="submit"
          className="min-h-11 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
        >
          Envoyer un e-mail de test
        </button>
      </Form>
      {result && (
        <output
          className={`mt-3 block rounded-lg p-3 text-sm font-medium ring-1 [overflow-wrap:anywhere] ${result.ok ? "bg-brand-50 text-brand-900 ring-brand-200" : "bg-red-50 text-red-800 ring-red-200"}`}
        >
          {result.message}
        </output>
      )}
    </section>
  );
}

/**
 * Images visitors get without a text alternative (neither described nor marked decorative), with the items to open
 * to describe them.
 */
export function UndescribedImages({
  count,
  items,
}: {
  count: number;
  items: { label: string; href: string; images: number }[];
}) {
  return (
    <DashboardCard id="images-sans-description" title={`Images sans description : ${count}`}>
      <p className="text-sm text-stone-700">
        Une description dit ce que montre l'image aux personnes qui ne la voient pas. Une image qui n'apporte rien au
        texte peut être marquée « Image décorative ».
      </p>
      <ul className="-mx-2 mt-2 divide-y divide-stone-100">
        {items.map((item) => (
          <li key={item.href}>
            <Link
              to={item.href}
              className="flex min-h-11 items-center justify-between gap-3 rounded-md px-2 py-2 hover:bg-stone-50"
            >
              <span className="font-medium text-stone-900 [overflow-wrap:anywhere]">{item.label}</span>
              <span className="shrink-0 text-sm text-stone-600">
                {item.images === 1 ? "1 image" : `${item.images} images`}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </DashboardCard>
  );
}

/** Gardeners with two warnings in twelve months: the rules allow an exclusion; the bureau decides. */
export function ExclusionCases({ gardeners }: { gardeners: { id: number; name: string; warnings: number }[] }) {
  if (gardeners.length === 0) return null;
  return (
    <section aria-labelledby="exclusions" className="rounded-xl bg-red-50 p-5 ring-1 ring-red-200">
      <h2 id="exclusions" className="font-semibold text-red-900">
        Avertissements répétés
      </h2>
      <ul className="mt-2 space-y-1 text-sm text-red-950">
        {gardeners.map((g) => (
          <li key={g.id}>
            <Link to={`/admin/jardiniers/${g.id}`} className="font-semibold underline underline-offset-2">
              {g.name}
            </Link>{" "}
            : {g.warnings} avertissements : exclusion possible selon le règlement
          </li>
        ))}
      </ul>
    </section>
  );
}
