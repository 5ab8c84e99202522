import { formatDate, formatTime } from "~/lib/dates";
import { parisDateOf } from "~/lib/paris-time";
import { de, richTextToPlain } from "~/lib/text";
import { escapeHtml } from "~/lib/html";
import { letterhead, renderPdf, signatureBlocks, type PdfDocument, type PdfIdentity } from "~/server/pdf.server";
import {
  abstentionsText,
  ASSEMBLY_KIND_LABELS,
  isAdopted,
  MAJORITY_WORDS,
  OFFICE_LABELS,
  OFFICE_WORDS,
  OFFICES,
  voicesText,
  type MinutesFacts,
} from "./assembly.schema";
import { agendaOf, membersOf, quorumOf, representedBy, type Assembly } from "./assembly.server";
import { candidatesOf, electedOf, type Candidate } from "./assembly.election.server";

type Event = { start: Date | null; location: string; title: string };

const p = (text: string) => `<p>${escapeHtml(text)}</p>`;
/** A heading as the editor keeps it (its toolbar has none): a paragraph all in bold, which the PDF sets apart. */
const heading = (text: string) => `<p><strong>${escapeHtml(text)}</strong></p>`;

/** « 21h40 » from « 21:40 », as the site writes times; « … » while unknown. */
const timeWords = (time: string) => (time ? time.replace(":", "h") : "…");

/**
 * « présidence : Fatima Benali est élue ou élu à la présidence avec 12 voix (Jean Dupont, 3 voix) ; trésorerie : … »:
 * what an election's item says in the minutes, office by office.
 */
function electionWords(candidates: Candidate[]) {
  const parts = OFFICES.flatMap((office) => {
    const running = candidates.filter((c) => c.office === office);
    if (running.length === 0) return [];
    const label = OFFICE_LABELS[office].toLowerCase();
    const elected = electedOf(running);
    if (running.some((c) => c.votes === null)) return [`${label} : voix non saisies`];
    const others = running.filter((c) => c !== elected).map((c) => `${c.name}, ${voicesText(c.votes!)}`);
    return [
      elected
        ? `${label} : ${elected.name} est élu(e) ${OFFICE_WORDS[office]} avec ${voicesText(elected.votes!)}${others.length ? ` (${others.join(" ; ")})` : ""}`
        : `${label} : égalité (${others.join(" ; ")}), personne n'est élu`,
    ];
  });
  return parts.length ? `${parts.join(" ; ")}.` : "aucun candidat.";
}

/**
 * The minutes as the bureau starts from them, drafted from the register of the day: date, place, who chaired and took
 * the minutes, members present and represented, the quorum, each resolution and its result, when the meeting closed.
 * The signatures are the PDF's, under the text.
 */
export async function draftMinutes(assembly: Assembly, event: Event, associationName: string) {
  const members = await membersOf(assembly.id);
  const quorum = quorumOf(members, assembly.quorumPercent);
  const names = new Map(members.map((m) => [m.id, m.name]));
  const represented = representedBy(members);
  const voices = quorum.presentVoices + quorum.representedVoices;
  const agenda = await agendaOf(assembly.id);
  const candidates = await candidatesOf(assembly.id);
  const present = members.filter((m) => m.present);
  const kind = ASSEMBLY_KIND_LABELS[assembly.kind].toLowerCase();
  const parts = [
    heading(`Procès-verbal de l'${kind}`),
    p(
      `L'${kind} ${de(associationName)} s'est tenue le ${event.start ? `${formatDate(event.start)} à ${formatTime(event.start)}` : "…"}${event.location.trim() ? `, ${event.location.trim()}` : ""}, sous la présidence ${assembly.chair ? de(assembly.chair) : "de …"} ; ${assembly.secretary || "…"} est secrétaire de séance.`,
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
      `Membres présents : ${
        present
          .map((m) => {
            const held = (represented.get(m.id) ?? []).map((id) => names.get(id) ?? "");
            return held.length ? `${m.name} (pouvoir ${de(held.join(", "))})` : m.name;
          })
          .join(", ") || "aucun"
      }.`,
    ),
    heading("Ordre du jour"),
    ...agenda.map((item, i) => {
      if (item.isElection)
        return p(`${i + 1}. ${item.title} : ${electionWords(candidates.filter((c) => c.itemId === item.id))}`);
      if (!item.isResolution) return p(`${i + 1}. ${item.title}`);
      const counted = item.votesFor !== null && item.votesAgainst !== null && item.abstentions !== null;
      if (!counted) return p(`${i + 1}. ${item.title} : résolution non votée.`);
      const counts = { votesFor: item.votesFor!, votesAgainst: item.votesAgainst!, abstentions: item.abstentions! };
      const adopted = isAdopted(counts, assembly.majority, voices);
      return p(
        `${i + 1}. ${item.title} : ${counts.votesFor} pour, ${counts.votesAgainst} contre, ${abstentionsText(counts.abstentions)}. Résolution ${adopted ? "adoptée" : "rejetée"} ${MAJORITY_WORDS[assembly.majority]}.`,
      );
    }),
    p(`L'ordre du jour étant épuisé, la séance est levée à ${timeWords(assembly.closedTime)}.`),
  ];
  return parts.join("");
}

/**
 * The blocks of the minutes' rich text: a paragraph all in bold is a heading (the editor's toolbar has no heading),
 * a list's items are lines of their own, and text outside any paragraph is kept as one.
 */
export function minutesBlocks(html: string) {
  const blocks: { heading: boolean; text: string }[] = [];
  const loose = (part: string) => {
    for (const text of richTextToPlain(part).split(/\n{2,}/))
      if (text.trim()) blocks.push({ heading: false, text: text.trim() });
  };
  let last = 0;
  for (const match of html.matchAll(/<(h[1-6]|p|li)\b[^>]*>([\s\S]*?)<\/\1>/gi)) {
    loose(html.slice(last, match.index).replace(/<\/?(?:ol|ul)\b[^>]*>/gi, ""));
    last = match.index + match[0].length;
    const inner = match[2]!.trim();
    const text = richTextToPlain(inner).trim();
    if (!text) continue;
    const tag = match[1]!.toLowerCase();
    const bold = /^<strong>(?:(?!<\/strong>)[\s\S])*<\/strong>$/i.test(inner);
    blocks.push({ heading: tag.startsWith("h") || (tag === "p" && bold), text: tag === "li" ? `• ${text}` : text });
  }
  loose(html.slice(last).replace(/<\/?(?:ol|ul)\b[^>]*>/gi, ""));
  return blocks;
}

export interface MinutesPdfInput {
  identity: PdfIdentity;
  title: string;
  /** The assembly's day, time and place. */
  subtitle: string;
  html: string;
  facts: MinutesFacts;
}

/**
 * The minutes as an A4 PDF fit to file, in the receipts' typography (DejaVu: « », narrow spaces, accents): the
 * association's letterhead (name, seat, RNA), the title, the text with its headings, the chair's and the secretary's
 * signatures, each page numbered.
 */
export function minutesPdf({ identity, title, subtitle, html, facts }: MinutesPdfInput): Promise<Buffer> {
  return renderPdf(
    { Title: title, Author: identity.name },
    (doc: PdfDocument) => {
      letterhead(doc, identity);
      doc.font("bold").fontSize(16).text(title);
      doc.font("regular").fontSize(10).fillColor("#444444").text(subtitle).fillColor("black").moveDown(1);
      for (const block of minutesBlocks(html)) {
        if (block.heading) doc.moveDown(0.4).font("bold").fontSize(12.5).text(block.text).moveDown(0.3);
        else doc.font("regular").fontSize(11).text(block.text, { align: "left" }).moveDown(0.5);
      }
      doc.moveDown(1);
      signatureBlocks(doc, [
        { role: "La présidente ou le président de séance", name: facts.chair },
        { role: "La ou le secrétaire de séance", name: facts.secretary },
      ]);
    },
    { margin: 64, footer: `${identity.name} · ${title}` },
  );
}

/** The date a minutes document bears: the assembly's day (Paris). */
export const minutesDate = (event: Event) => (event.start ? parisDateOf(event.start) : parisDateOf(new Date()));
