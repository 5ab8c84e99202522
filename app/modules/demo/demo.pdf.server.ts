/**
 * A small PDF of text (A4, Helvetica), written by hand: the demo's statutes, rules and minutes are made at seed time
 * rather than kept as files in the repository. Enough of the format for short French texts: WinAnsi encoding,
 * lines wrapped by an estimate of their width, as many pages as needed.
 */

export interface PdfText {
  title: string;
  /** Lines under the title (the date, the place). */
  subtitle?: string[];
  /** Paragraphs; « Article 2 — Objet. » (or « Point 1 — … ») at the start of one is set in bold, on a line of its own. */
  paragraphs: string[];
}

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 64;
const BODY_SIZE = 11;
const LEADING = 15;
/** Helvetica's average advance at this size, a little generous: a line never runs into the margin. */
const CHARS_PER_LINE = Math.floor((PAGE_WIDTH - 2 * MARGIN) / (BODY_SIZE * 0.5));

/** The characters of WinAnsiEncoding beyond Latin-1 that French texts use. */
const WIN_ANSI: Record<string, number> = {
  "€": 0x80,
  "…": 0x85,
  Œ: 0x8c,
  "‘": 0x91,
  "’": 0x92,
  "“": 0x93,
  "”": 0x94,
  "–": 0x96,
  "—": 0x97,
  œ: 0x9c,
  "\u202f": 0xa0,
};

/** A PDF string literal in WinAnsi: the characters it cannot write become « ? ». */
function literal(text: string) {
  const bytes: number[] = [];
  for (const char of text.normalize("NFC")) {
    const code = WIN_ANSI[char] ?? char.codePointAt(0)!;
    const byte = code < 0x100 ? code : 0x3f;
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) bytes.push(0x5c);
    bytes.push(byte);
  }
  return `(${Buffer.from(bytes).toString("latin1")})`;
}

/** A text in UTF-16 with its byte order mark, as the document's information wants it. */
const unicodeString = (text: string) => `<FEFF${Buffer.from(text, "utf16le").swap16().toString("hex")}>`;

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

type Line = { text: string; font: "F1" | "F2"; size: number; gapBefore: number };

function layout({ title, subtitle = [], paragraphs }: PdfText): Line[][] {
  const lines: Line[] = [
    ...wrap(title, Math.floor(CHARS_PER_LINE * 0.7)).map((text) => ({
      text,
      font: "F2" as const,
      size: 16,
      gapBefore: 0,
    })),
    ...subtitle.map((text, i) => ({ text, font: "F1" as const, size: BODY_SIZE, gapBefore: i === 0 ? 10 : 0 })),
  ];
  for (const paragraph of paragraphs) {
    // « Article 2 — Objet. L'association… »: the heading on its line, in bold, then its text.
    const [, heading, body = paragraph] = /^((?:Article|Point|Titre)\b[^.]*\.)\s*(.*)$/.exec(paragraph) ?? [];
    if (heading) lines.push({ text: heading, font: "F2", size: BODY_SIZE, gapBefore: 14 });
    wrap(body, CHARS_PER_LINE).forEach((text, i) =>
      lines.push({ text, font: "F1", size: BODY_SIZE, gapBefore: i === 0 && !heading ? 7 : 0 }),
    );
  }
  const pages: Line[][] = [[]];
  let y = PAGE_HEIGHT - MARGIN;
  for (const line of lines) {
    const step = line.gapBefore + (line.size > BODY_SIZE ? 22 : LEADING);
    if (y - step < MARGIN && pages.at(-1)!.length > 0) {
      pages.push([]);
      y = PAGE_HEIGHT - MARGIN;
      pages.at(-1)!.push({ ...line, gapBefore: 0 });
      y -= LEADING;
      continue;
    }
    pages.at(-1)!.push(line);
    y -= step;
  }
  return pages;
}

function pageStream(lines: Line[], page: number, pages: number) {
  const parts = ["BT", `1 0 0 1 ${MARGIN} ${PAGE_HEIGHT - MARGIN} Tm`];
  for (const [i, line] of lines.entries()) {
    const step = i === 0 ? 0 : line.gapBefore + (lines[i - 1]!.size > BODY_SIZE ? 22 : LEADING);
    parts.push(`/${line.font} ${line.size} Tf`, `0 ${-step} Td`, `${literal(line.text)} Tj`);
  }
  parts.push("ET");
  if (pages > 1) {
    parts.push(
      "BT",
      `/F1 9 Tf`,
      `1 0 0 1 ${PAGE_WIDTH / 2 - 12} ${MARGIN / 2} Tm`,
      `${literal(`${page} / ${pages}`)} Tj`,
      "ET",
    );
  }
  return parts.join("\n");
}

/** The PDF's bytes (header, objects, cross-reference table and trailer, as a reader expects them) and its pages. */
export function textPdfWithPages(document: PdfText): { data: Buffer; pages: number } {
  const pages = layout(document);
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 5 + i * 2);
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages.length} >>`;
  objects[3] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>";
  objects[4] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>";
  for (const [i, lines] of pages.entries()) {
    const stream = pageStream(lines, i + 1, pages.length);
    objects[pageIds[i]!] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`;
    objects[pageIds[i]! + 1] = `<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`;
  }
  const info = objects.length;
  objects[info] = `<< /Title ${unicodeString(document.title)} >>`;

  let body = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(body, "latin1");
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) body += `${String(offsets[id]).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return { data: Buffer.from(body, "latin1"), pages: pages.length };
}

export const textPdf = (document: PdfText): Buffer => textPdfWithPages(document).data;
