import type { eventRegistrations, events } from "~/db/schema";
import { env } from "~/server/env.server";
import { parisDateOf } from "~/lib/paris-time";
import { greeting, htmlLink, htmlParagraphs, wrap } from "~/modules/mail/mail-templates.server";
import type { MailMessage } from "~/modules/mail/mail.schema";
import { eventPractical } from "~/modules/events/events.server";

type Registration = Pick<typeof eventRegistrations.$inferSelect, "name" | "email" | "people" | "status">;
type Event = Pick<typeof events.$inferSelect, "id" | "title" | "start" | "endDate" | "location" | "signupQuestion">;

/**
 * The e-mails of a sign-up: its confirmation (a place or the waiting list), the place given from the waiting list,
 * and the reminder of the day before. Each says when and where, and links to cancel. The address is not confirmed:
 * of what was typed, only a short, link-free name is quoted (mail-templates' greeting).
 */
export function registrationMail(
  kind: "confirmation" | "promotion" | "rappel",
  registration: Registration,
  event: Event,
  cancelLink: string,
  now = new Date(),
): MailMessage {
  const people = registration.people > 1 ? ` pour ${registration.people} personnes` : "";
  const practical = eventPractical(event).join("\n");
  const page = new URL(`/events/${event.id}`, env.PUBLIC_URL).toString();
  const [subject, lead] = {
    confirmation:
      registration.status === "attente"
        ? [
            `Liste d'attente : ${event.title}`,
            `L'événement « ${event.title} » est complet : vous êtes sur la liste d'attente${people}. Si une place se libère, elle vous est donnée et un e-mail vous prévient.`,
          ]
        : [
            `Inscription confirmée : ${event.title}`,
            `Votre inscription à « ${event.title} » est enregistrée${people}.`,
          ],
    promotion: [
      `Une place s'est libérée : ${event.title}`,
      `Bonne nouvelle : une place s'est libérée, votre inscription à « ${event.title} » est confirmée${people}.`,
    ],
    rappel: [
      `Rappel : ${event.title}, ${event.start && parisDateOf(event.start) === parisDateOf(now) ? "aujourd'hui" : "demain"}`,
      `Petit rappel : votre inscription à « ${event.title} » est bien notée${people}.`,
    ],
  }[kind];
  const intro = `${greeting(registration.name)}\n\n${lead}\n\n${practical}`;
  const cancel = "Si vous ne pouvez pas venir, annulez votre inscription : la place ira à une autre personne.";
  const text = `${intro}\n\nLa page de l'événement : ${page}\n\n${cancel}\n${cancelLink}\n`;
  return {
    to: registration.email,
    subject,
    text,
    html: wrap(
      `${htmlParagraphs(intro)}${htmlLink(page, "La page de l'événement")}${htmlParagraphs(cancel)}${htmlLink(cancelLink, "Annuler mon inscription")}`,
    ),
  };
}
