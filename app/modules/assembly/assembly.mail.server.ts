import type { assemblies, assemblyItems } from "~/modules/assembly/assembly.tables";
import type { events } from "~/modules/events/events.tables";
import { formatDate } from "~/lib/dates";
import { agreed, deAssociation } from "~/lib/text";
import { eventPractical } from "~/modules/events/events.server";
import {
  associationName,
  associationReplyTo,
  greeting,
  htmlLink,
  htmlParagraphs,
  signature,
  wrap,
  type MailAssociation,
} from "~/modules/mail/mail-templates.server";
import type { MailMessage } from "~/modules/mail/mail.schema";
import { ASSEMBLY_KIND_LABELS } from "./assembly.schema";

type Assembly = Pick<typeof assemblies.$inferSelect, "kind">;
type Event = Pick<typeof events.$inferSelect, "start" | "endDate" | "location">;
type Item = Pick<typeof assemblyItems.$inferSelect, "title" | "isResolution"> & { isElection?: boolean };

/** « Assemblée générale ordinaire du 14 mars 2027 ». */
export const assemblyTitle = (assembly: Assembly, event: Event) =>
  `${ASSEMBLY_KIND_LABELS[assembly.kind]}${event.start ? ` du ${formatDate(event.start)}` : ""}`;

/**
 * The convocation's text, the same in the e-mail and on paper: when, where, the agenda (resolutions marked), how to
 * answer, and why it reaches the member (a convocation cannot be declined: decision 030).
 */
export function convocationParts(
  assembly: Assembly,
  event: Event,
  agenda: Item[],
  association: MailAssociation | null | undefined,
  documents: string[] = [],
  /** The member's, when the letter is theirs: « convoquée », « présente ». */
  civility = "",
) {
  const name = associationName(association);
  const title = assemblyTitle(assembly, event);
  const lead = `Vous êtes ${agreed(civility, "convoqué", "convoquée")} à l'${title.charAt(0).toLowerCase()}${title.slice(1)} ${deAssociation(name)}.\n\n${eventPractical(event).join("\n")}`;
  const agendaText = agenda.length
    ? `Ordre du jour :\n${agenda.map((item, i) => `${i + 1}. ${item.title}${item.isResolution ? " (résolution soumise au vote)" : item.isElection ? " (élection)" : ""}`).join("\n")}`
    : "";
  const documentsText = documents.length ? `Documents joints, à lire sur votre page : ${documents.join(", ")}.` : "";
  const answer = `Merci de nous dire si vous serez ${agreed(civility, "présent", "présente")}, si vous donnez pouvoir à un autre membre ou si vous ne pourrez pas venir. Votre réponse peut changer jusqu'au début de l'assemblée.`;
  const why = `Vous recevez cette convocation en tant que membre ${deAssociation(name)} : les statuts la prévoient pour chaque membre, elle ne peut donc pas être désactivée.`;
  return { subject: `Convocation : ${title}`, title, lead, agendaText, documentsText, answer, why };
}

/** The convocation e-mail of one member, with their personal link. */
export function convocationMail(
  to: string,
  memberName: string,
  link: string,
  parts: ReturnType<typeof convocationParts>,
  association: MailAssociation | null | undefined,
): MailMessage {
  const head = [greeting(memberName), parts.lead, parts.agendaText, parts.documentsText].filter(Boolean).join("\n\n");
  const closing = signature(association);
  return {
    to,
    replyTo: associationReplyTo(association),
    subject: parts.subject,
    text: `${head}\n\n${parts.answer}\n${link}\n\n${closing}\n\n-- \n${parts.why}\n`,
    html: wrap(
      `${htmlParagraphs(head)}${htmlParagraphs(parts.answer)}${htmlLink(link, "Répondre à la convocation")}${htmlParagraphs(closing)}${htmlParagraphs(parts.why)}`,
    ),
  };
}
