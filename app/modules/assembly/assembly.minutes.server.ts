import { formatDate, formatTime } from "~/lib/dates";
import { parisDateOf } from "~/lib/paris-time";
import { de, richTextToPlain } from "~/lib/text";
import { escapeHtml } from "~/modules/mail/mail-templates.server";
import { ASSEMBLY_KIND_LABELS, isAdopted, MAJORITY_LABELS, voicesText } from "./assembly.schema";
import { agendaOf, membersOf, quorumOf, representedBy, type Assembly } from "./assembly.server";

type Event = { start: Date | null; location: string; title: string };

const p = (text: string) => `<p>${escapeHtml(text)}</p>`;

/**
 * The minutes as the bureau starts from them, drafted from the register of the day: date, place, members present
 * and represented, the quorum, each resolution and its result, the signatures to add.
 */
export async function draftMinutes(assembly: Assembly, event: Event, associationName: string) {
  const members = await membersOf(assembly.id);
  const quorum = quorumOf(members, assembly.quorumPercent);
  const names = new Map(members.map((m) => [m.id, m.name]));
  const represented = representedBy(members);
  const voices = quorum.presentVoices + quorum.representedVoices;
  const agenda = await agendaOf(assembly.id);
  const present = members.filter((m) => m.present);
  const parts = [
    `<h2>Procès-verbal de l'${ASSEMBLY_KIND_LABELS[assembly.kind].toLowerCase()}</h2>`,
    p(
      `L'${ASSEMBLY_KIND_LABELS[assembly.kind].toLowerCase()} de ${associationName} s'est tenue le ${event.start ? `${formatDate(event.start)} à ${formatTime(event.start)}` : "…"}${event.location.trim() ? `, ${event.location.trim()}` : ""}.`,
    ),
    p(
      `Membres convoqués : ${quorum.members} (${voicesText(quorum.voices)}). Présents : ${quorum.presentMembers} (${voicesText(quorum.presentVoices)}). Représentés : ${quorum.representedMembers} (${voicesText(quorum.representedVoices)}).`,
    ),
    p(
      quorum.reached
        ? `Le quorum de ${assembly.quorumPercent} % (${voicesText(quorum.needed)}) étant atteint, l'assemblée peut valablement délibérer.`
        : `Le quorum de ${assembly.quorumPercent} % (${voicesText(quorum.needed)}) n'est pas atteint : l'assemblée ne peut pas délibérer.`,
    ),
    p(
      `Membres présents : ${present
        .map((m) => {
          const held = (represented.get(m.id) ?? []).map((id) => names.get(id) ?? "");
          return held.length ? `${m.name} (pouvoir ${de(held.join(", "))})` : m.name;
        })
        .join(", ")}.`,
    ),
    "<h3>Ordre du jour</h3>",
    ...agenda.map((item, i) => {
      if (!item.isResolution) return p(`${i + 1}. ${item.title}`);
      const counted = item.votesFor !== null && item.votesAgainst !== null && item.abstentions !== null;
      if (!counted) return p(`${i + 1}. ${item.title} : résolution non votée.`);
      const counts = { votesFor: item.votesFor!, votesAgainst: item.votesAgainst!, abstentions: item.abstentions! };
      return p(
        `${i + 1}. ${item.title} : ${counts.votesFor} pour, ${counts.votesAgainst} contre, ${counts.abstentions} abstention(s). Résolution ${isAdopted(counts, assembly.majority, voices) ? "adoptée" : "rejetée"} (${MAJORITY_LABELS[assembly.majority].toLowerCase()}).`,
      );
    }),
    p("L'ordre du jour étant épuisé, la séance est levée."),
    p("Le président : …………………… Le secrétaire : ……………………"),
  ];
  return parts.join("");
}

/** Characters the PDF's standard fonts cannot draw, as they read. */
const printable = (text: string) => text.replace(/[\u202f\u2009]/g, " ").replace(/[\u2018\u2019]/g, "'");

/** The minutes as an A4 PDF (Helvetica, the standard fonts of pdfkit), from their edited rich text. */
export async function minutesPdf(title: string, subtitle: string, html: string): Promise<Buffer> {
  // Loaded for the first PDF only (see treasury/pdf.server.ts).
  const { default: PdfKit } = await import("pdfkit");
  return new Promise((resolve, reject) => {
    const doc = new PdfKit({ size: "A4", margin: 64, info: { Title: printable(title) } });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.font("Helvetica-Bold").fontSize(16).text(printable(title));
    doc.font("Helvetica").fontSize(11).text(printable(subtitle)).moveDown();
    for (const paragraph of richTextToPlain(html).split(/\n{2,}/))
      doc.text(printable(paragraph.trim()), { align: "left" }).moveDown(0.6);
    doc.end();
  });
}

/** The date a minutes document bears: the assembly's day (Paris). */
export const minutesDate = (event: Event) => (event.start ? parisDateOf(event.start) : parisDateOf(new Date()));
