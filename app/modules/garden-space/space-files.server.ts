import { parseId } from "~/lib/text";
import { convenedMemberOf } from "~/modules/assembly/assembly.server";
import {
  contentDisposition,
  documentNotFound,
  serveDocumentToMember,
} from "~/modules/documents/document-response.server";
import { currentDocument } from "~/modules/documents/documents.server";
import { gardenerActor } from "~/modules/history/my-garden-history.server";
import {
  feeYearsOf,
  getReceipt,
  receiptFile,
  receiptFileName,
  yearlyStatementPdf,
} from "~/modules/treasury/receipts.server";
import type { SignedInGardener } from "./gardener-auth.server";
import { spaceMessages } from "./space.labels";

// The files « Mon jardin » serves a signed-in gardener: only their own receipts and yearly statements, and the documents
// members may read.
// Anything else is « not found », whether it exists or not, so an id tried tells nothing.

const notFound = (message: string) =>
  new Response(message, {
    status: 404,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
    },
  });
const receiptNotFound = () => notFound(spaceMessages.receiptNotFound);

/** A PDF for the gardener only, downloaded, never kept by any cache. */
const privatePdf = (pdf: Buffer, fileName: string) =>
  new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition("attachment", fileName),
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });

/** GET /mon-jardin/recus/:id: one of the gardener's receipts, its PDF as it was made; never kept by any cache. */
export async function myReceiptResponse(gardener: SignedInGardener, idParam: string | undefined) {
  const id = parseId(idParam);
  const receipt = id === null ? undefined : await getReceipt(id);
  if (!receipt || receipt.gardenerId !== gardener.id) return receiptNotFound();
  const pdf = await receiptFile(receipt);
  if (!pdf) return receiptNotFound();
  return privatePdf(pdf, receiptFileName(receipt));
}

/**
 * GET /mon-jardin/attestations/:year: the statement of the fees the gardener paid that year, as the bureau makes it
 * (« Attestation de paiement des cotisations »); a year they paid none in is not found.
 */
export async function myStatementResponse(gardener: SignedInGardener, yearParam: string | undefined) {
  const year = /^\d{4}$/.test(yearParam ?? "") ? Number(yearParam) : null;
  if (year === null || !(await feeYearsOf(gardener.id)).includes(year))
    return notFound(spaceMessages.statementNotFound);
  const statement = await yearlyStatementPdf(gardener.id, year, gardenerActor(gardener.id), { recorded: false });
  if (!statement) return notFound(spaceMessages.statementNotFound);
  return privatePdf(statement.pdf, statement.fileName);
}

/**
 * GET /mon-jardin/documents/:id: a members-only document, or one joined to the convocation of the assembly the
 * gardener is convened to (which may be public); private to the reader.
 */
export async function myDocumentResponse(request: Request, gardener: SignedInGardener, idParam: string | undefined) {
  const id = parseId(idParam);
  const doc = id === null ? null : await currentDocument(id);
  if (!doc) return documentNotFound();
  if (doc.visibility !== "membres") {
    const convened = await convenedMemberOf(gardener.id);
    if (!convened?.assembly.documentIds.includes(doc.id)) return documentNotFound();
  }
  return serveDocumentToMember(request, doc.id);
}
