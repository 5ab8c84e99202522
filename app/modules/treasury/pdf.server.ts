import { createRequire } from "node:module";
import path from "node:path";
import type PdfKit from "pdfkit";
import { toCardinal } from "n2words/fr-FR";

// The treasury's PDFs (receipts, statements, the year's accounts): A4, DejaVu Sans embedded (subset) so that accents,
// « », the narrow spaces of French numbers and € print the same on every reader. pdfkit loads with the first PDF: its
// code and fonts' tables hold several megabytes that a server that never prints would keep.

const fontsDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")),
  "ttf",
);
export const PDF_FONTS = {
  regular: path.join(fontsDir, "DejaVuSans.ttf"),
  bold: path.join(fontsDir, "DejaVuSans-Bold.ttf"),
} as const;

export type PdfDocument = InstanceType<typeof PdfKit>;

/**
 * Makes an A4 PDF drawn by `draw`, with the fonts registered as « regular » and « bold », and resolves to its bytes.
 * `info` is written into the file (title, author).
 */
export async function renderPdf(
  info: { Title: string; Author?: string },
  draw: (doc: PdfDocument) => void,
  margin = 56,
): Promise<Buffer> {
  const { default: PdfKit } = await import("pdfkit");
  return new Promise((resolve, reject) => {
    const doc = new PdfKit({ size: "A4", margin, info, lang: "fr-FR" });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.registerFont("regular", PDF_FONTS.regular);
    doc.registerFont("bold", PDF_FONTS.bold);
    doc.font("regular");
    try {
      draw(doc);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}

/**
 * An amount in words, as a receipt writes it: « cinquante-cinq euros », « un euro et vingt centimes », « quatre-vingts
 * euros ». Euros and cents are put into words apart, from integers: no floating point.
 */
export function amountInWords(cents: number) {
  const whole = Math.trunc(cents / 100);
  const rest = cents % 100;
  const euroWords =
    whole === 0
      ? ""
      : `${toCardinal(whole)} ${whole >= 1_000_000 && whole % 1_000_000 === 0 ? "d'euros" : whole > 1 ? "euros" : "euro"}`;
  const centWords = rest === 0 ? "" : `${toCardinal(rest)} ${rest > 1 ? "centimes" : "centime"}`;
  if (!euroWords && !centWords) return "zéro euro";
  return [euroWords, centWords].filter(Boolean).join(" et ");
}
