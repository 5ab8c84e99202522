import { Link, data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/message";
import { AdminPage } from "~/components/admin/AdminPage";
import { Section } from "~/components/admin/admin-ui";
import { buttonClass } from "~/components/form/styles";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { formatDateTime } from "~/lib/dates";
import { readFormData } from "~/modules/forms/form-data.server";
import { parseAdminForm } from "~/modules/forms/admin-form.server";
import { adminMeta } from "~/modules/seo/seo";
import { de, parseId } from "~/lib/text";
import { deleteContactMessage, getContactMessage } from "~/modules/contact/contact.server";
import { currentActor } from "~/modules/history/actor.server";
import { withHistory } from "~/modules/history/history.server";

export function meta() {
  return adminMeta("Message reçu");
}

export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const message = id === null ? undefined : await getContactMessage(id);
  if (!message) throw redirect("/admin/messages");
  return { message: { ...message, createdAt: message.createdAt.toISOString() } };
}

const deleteSchema = z.object({ intent: z.literal("delete"), id: z.string() });

export async function action({ request, params, context }: Route.ActionArgs) {
  const parsed = parseAdminForm(deleteSchema, await readFormData(request), "Action inconnue.");
  if (parsed.refusal) return parsed.refusal;
  // The form names the message it was shown with; any other is refused.
  const id = parseId(parsed.data.id);
  if (id === null || parsed.data.id !== params.id)
    return data({ message: "Ce message ne correspond pas à la page." }, { status: 400 });
  const deleted = await withHistory(
    currentActor(context),
    (tx) => deleteContactMessage(id, tx),
    (done) => done && { kind: "message.suppression", target: `message n° ${id}` },
  );
  if (!deleted) return data({ message: "Ce message n'existe plus." }, { status: 404 });
  return redirect("/admin/messages");
}

/** A reply in the admin's own mail program, to the visitor, with the subject and the message quoted. */
function replyLink(message: { email: string; subject: string; message: string; name: string; createdAt: string }) {
  const quoted = message.message
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
  const body = `\n\nLe ${formatDateTime(message.createdAt)}, ${message.name} a écrit :\n${quoted}`;
  return `mailto:${encodeURIComponent(message.email)}?subject=${encodeURIComponent(`Re: ${message.subject}`)}&body=${encodeURIComponent(body)}`;
}

export default function AdminMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { message } = loaderData;
  return (
    <AdminPage
      title={message.subject}
      width="3xl"
      back={
        <Link to="/admin/messages" className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
          ← Tous les messages
        </Link>
      }
    >
      {actionData && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 font-medium text-red-800 ring-1 ring-red-200">
          {actionData.message}
        </p>
      )}
      <Section id="message" title="Message">
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold text-stone-700">De</dt>
          <dd className="[overflow-wrap:anywhere]">
            {message.name} &lt;{message.email}&gt;
          </dd>
          <dt className="font-semibold text-stone-700">Reçu</dt>
          <dd>le {formatDateTime(message.createdAt)}</dd>
        </dl>
        <p className="mt-4 whitespace-pre-wrap text-stone-900 [overflow-wrap:anywhere]">{message.message}</p>
        <div className="mt-6 flex flex-wrap gap-3 border-t border-stone-200 pt-4">
          <a href={replyLink(message)} className={buttonClass}>
            Répondre par e-mail
          </a>
          <ConfirmDialog
            trigger="Supprimer"
            triggerName="Supprimer ce message"
            title="Supprimer le message"
            message={`Êtes-vous sûr de vouloir supprimer le message ${de(message.name)} ?`}
            confirm="Supprimer"
            fields={{ intent: "delete", id: String(message.id) }}
          />
        </div>
      </Section>
    </AdminPage>
  );
}
