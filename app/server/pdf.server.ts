import { createRequire } from "node:module";
import path from "node:path";
import type PdfKit from "pdfkit";

// Every PDF the site makes (receipts, statements, the year's accounts, the assembly's minutes): A4, DejaVu Sans
// embedded (subset) so that accents, « », the narrow spaces of French numbers and € print the same on every reader.
// pdfkit loads with the first PDF: its code and fonts' tables hold several megabytes that a server that never prints
// would keep.

const fontsDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")),
  "ttf",
);
export const PDF_FONTS = {
  regular: path.join(fontsDir, "DejaVuSans.ttf"),
  bold: path.join(fontsDir, "DejaVuSans-Bold.ttf"),
} as const;

export type PdfDocument = InstanceType<typeof PdfKit>;

export interface PdfOptions {
  margin?: number;
  /**
   * Written at the foot of every page, with « page 2 / 3 » after it (a document of several pages that must read
   * whole: minutes, the year's accounts). Without it, no foot: a receipt is one page.
   */
  footer?: string;
}

/**
 * Makes an A4 PDF drawn by `draw`, with the fonts registered as « regular » and « bold », and resolves to its bytes.
 * `info` is written into the file (title, author).
 */
export async function renderPdf(
  info: { Title: string; Author?: string },
  draw: (doc: PdfDocument) => void,
  { margin = 56, footer }: PdfOptions = {},
): Promise<Buffer> {
  const { default: PdfKit } = await import("pdfkit");
  return new Promise((resolve, reject) => {
    const doc = new PdfKit({ size: "A4", margin, info, lang: "fr-FR", bufferPages: footer !== undefined });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.registerFont("regular", PDF_FONTS.regular);
    doc.registerFont("bold", PDF_FONTS.bold);
    doc.font("regular");
    try {
      draw(doc);
      if (footer !== undefined) pageFeet(doc, footer, margin);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}

/** « Jardins des Brosses · page 2 / 3 » at the foot of each page, in the bottom margin. */
function pageFeet(doc: PdfDocument, footer: string, margin: number) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // Written in the margin: pdfkit would otherwise start a new page for text below its bottom margin.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const words = [footer.trim(), `page ${i - start + 1} / ${count}`].filter(Boolean).join(" · ");
    doc
      .font("regular")
      .fontSize(8)
      .fillColor("#555555")
      .text(words, margin, doc.page.height - margin / 2 - 8, {
        width: doc.page.width - 2 * margin,
        align: "center",
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
  doc.fillColor("black");
}

/** The association as a document names it at its head: its name, address and identifiers (RNA, SIRET). */
export interface PdfIdentity {
  name: string;
  address: string;
  identifiers: string[];
}

/** The letterhead: the association's name, address and identifiers. */
export function letterhead(doc: PdfDocument, identity: PdfIdentity) {
  doc.font("bold").fontSize(14).text(identity.name);
  doc.font("regular").fontSize(10);
  if (identity.address) doc.text(identity.address);
  for (const identifier of identity.identifiers) doc.text(identifier);
  doc.moveDown(2);
}

/**
 * Signatures side by side, as minutes and accounts are signed: each person's role, their name (or a line to write it
 * on), and room to sign. Kept together on one page.
 */
export function signatureBlocks(doc: PdfDocument, people: { role: string; name: string }[]) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const column = width / Math.max(1, people.length);
  const height = 90;
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const top = doc.y + 12;
  people.forEach((person, i) => {
    const x = left + i * column;
    doc
      .font("regular")
      .fontSize(10)
      .text(person.role, x, top, { width: column - 12 });
    doc
      .font("bold")
      .fontSize(11)
      .text(person.name || "……………………………", x, doc.y + 2, { width: column - 12 });
    doc
      .font("regular")
      .fontSize(9)
      .fillColor("#555555")
      .text("Signature :", x, doc.y + 4, { width: column - 12 });
    doc.fillColor("black");
  });
  doc.x = left;
  doc.y = top + height;
}
