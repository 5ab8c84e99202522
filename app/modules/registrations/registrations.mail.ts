import { publicUrl } from "~/db/association.server";
import type { events } from "~/modules/events/events.tables";
import type { eventRegistrations } from "~/modules/registrations/registrations.tables";
import { parisDateOf } from "~/lib/paris-time";
import {
  associationReplyTo,
  greeting,
  htmlLink,
  htmlParagraphs,
  signature,
  wrap,
  type MailAssociation,
} from "~/modules/mail/mail-templates.server";
import type { MailMessage } from "~/modules/mail/mail.schema";
import { eventPractical } from "~/modules/events/events.server";

type Registration = Pick<typeof eventRegistrations.$inferSelect, "name" | "email" | "people" | "status">;
type Event = Pick<typeof events.$inferSelect, "id" | "title" | "start" | "endDate" | "location" | "signupQuestion">;

/**
 * The e-mails of a sign-up: its confirmation (a place or the waiting list), the place given from the waiting list,
 * and the reminder of the day before. Each says when and where, and links to cancel; the association signs it and
 * takes the answers. The address is not confirmed: of what was typed, only a short, link-free name is quoted
 * (mail-templates' greeting).
 */
export function registrationMail(
  kind: "confirmation" | "promotion" | "rappel",
  registration: Registration,
  event: Event,
  cancelLink: string,
  association: MailAssociation | null | undefined,
  now = new Date(),
): MailMessage {
  const people = registration.people > 1 ? ` pour ${registration.people} personnes` : "";
  const practical = eventPractical(event).join("\n");
  const page = new URL(`/events/${event.id}`, publicUrl()).toString();
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
  // What a cancellation really does: a place freed goes to the first one waiting; leaving the waiting list frees none.
  const [cancel, cancelLabel] =
    registration.status === "attente"
      ? [
          "Si vous ne souhaitez plus venir, retirez-vous de la liste d'attente : les personnes inscrites après vous avanceront d'un rang.",
          "Me retirer de la liste d'attente",
        ]
      : [
          "Si vous ne pouvez pas venir, annulez votre inscription : votre place sera libérée, et donnée à la première personne de la liste d'attente s'il y en a une.",
          "Annuler mon inscription",
        ];
  const closing = signature(association);
  const text = `${intro}\n\nLa page de l'événement : ${page}\n\n${cancel}\n${cancelLink}\n\n${closing}\n`;
  return {
    to: registration.email,
    replyTo: associationReplyTo(association),
    subject,
    text,
    html: wrap(
      `${htmlParagraphs(intro)}${htmlLink(page, "La page de l'événement")}${htmlParagraphs(cancel)}${htmlLink(cancelLink, cancelLabel)}${htmlParagraphs(closing)}`,
    ),
  };
}
