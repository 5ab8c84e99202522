import { redirect } from "react-router";
import { parseId } from "~/lib/text";
import { formatCalendarDate, formatDate } from "~/lib/dates";
import { euros } from "~/lib/money";
import { parisYear } from "~/lib/paris-time";
import { getDb } from "~/db/client.server";
import { doneForm, parseAdminForm, refusedForm, refusedBy } from "~/modules/forms/admin-form.server";
import { contentDisposition } from "~/modules/documents/document-response.server";
import type { Actor } from "~/modules/history/history.server";
import { receiptMessages, receiptNumber, receiptState } from "./receipts.labels";
import { receiptSendFormSchema, receiptSettingsFormSchema } from "./receipts.schema";
import {
  entryForReceipt,
  getReceipt,
  issueReceipt,
  receiptAddressOf,
  receiptFile,
  receiptFileName,
  receiptOfEntry,
  receiptSettings,
  receiptsOf,
  receiptYears,
  saveReceiptSettings,
  sendReceipt,
  yearlyStatementPdf,
  type Receipt,
} from "./receipts.server";

// The receipts' screens: an entry's receipt (made, downloaded, sent), the year's receipts and their settings, the
// downloads of a receipt and of a gardener's yearly statement.

const receiptView = (receipt: Receipt) => ({
  id: receipt.id,
  number: receiptNumber(receipt.year, receipt.number),
  madeOn: formatDate(receipt.createdAt),
  madeBy: receipt.createdBy,
  payer: receipt.payerName,
  amount: euros(receipt.amountCents),
  state: receiptState(receipt),
  downloadable: receipt.hash !== null,
  sentOn: receipt.sentAt ? formatDate(receipt.sentAt) : "",
});
export type ReceiptView = ReturnType<typeof receiptView>;

async function entryOf(idParam: string | undefined) {
  const id = parseId(idParam);
  const found = id === null ? undefined : await entryForReceipt(getDb(), id);
  if (!found) throw redirect("/admin/tresorerie/recus");
  return found;
}

/** /admin/tresorerie/ecritures/:id/recu: the entry, its receipt when made, and where it would be sent. */
export async function receiptScreen(idParam: string | undefined) {
  const { entry, gardener } = await entryOf(idParam);
  const receipt = await receiptOfEntry(entry.id);
  return {
    entry: {
      id: entry.id,
      year: entry.year,
      date: formatCalendarDate(entry.date),
      label: entry.label,
      amount: euros(entry.amountCents),
      payer: entry.payer || gardener?.name || "",
      income: entry.direction === "recette",
      gardenerId: entry.gardenerId,
      /** Why no receipt can be made: the bank returned the cheque. */
      bounced: entry.bouncedOn ? receiptMessages.bounced(formatCalendarDate(entry.bouncedOn)) : null,
    },
    receipt: receipt ? receiptView(receipt) : null,
    email: receipt ? await receiptAddressOf(receipt) : (gardener?.email ?? ""),
  };
}

/** The forms of an entry's receipt: « Établir le reçu », « Envoyer par e-mail ». */
export async function receiptAction(idParam: string | undefined, form: FormData, actor: Actor) {
  const { entry } = await entryOf(idParam);
  try {
    switch (form.get("intent")) {
      case "issue": {
        const receipt = await issueReceipt(entry.id, actor);
        return doneForm("issue", `Reçu n° ${receiptNumber(receipt.year, receipt.number)} établi.`);
      }
      case "send": {
        const receipt = await receiptOfEntry(entry.id);
        if (!receipt) return refusedForm(form, "Établissez d'abord le reçu.", {}, 409);
        const { data, refusal } = parseAdminForm(receiptSendFormSchema, form, "Le reçu n'a pas été envoyé :");
        if (refusal) return refusal;
        const known = await receiptAddressOf(receipt);
        if (!known && !data.email)
          return refusedForm(form, "Le reçu n'a pas été envoyé :", { email: receiptMessages.noAddress });
        await sendReceipt(receipt.id, actor, data.email ?? "");
        return doneForm("send", `Reçu n° ${receiptNumber(receipt.year, receipt.number)} en cours d'envoi.`);
      }
      default:
        return refusedForm(form, "Action inconnue.");
    }
  } catch (error) {
    return refusedBy(form, error);
  }
}

/** The year of `?annee=`, this one by default. */
function yearOf(url: URL) {
  const year = Number(url.searchParams.get("annee"));
  return Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : parisYear();
}

/** /admin/tresorerie/recus: a year's receipts, the years to choose from, and the receipts' settings. */
export async function receiptsScreen(request: Request) {
  const year = yearOf(new URL(request.url));
  const [receipts, years, settings] = await Promise.all([receiptsOf(year), receiptYears(), receiptSettings()]);
  return {
    year,
    years: [...new Set([parisYear(), year, ...years])].toSorted((a, b) => b - a),
    receipts: receipts.map((r) => ({ ...receiptView(r), entryId: r.entryId })),
    settings,
  };
}

/** The settings' form of /admin/tresorerie/recus. */
export async function receiptsAction(form: FormData, actor: Actor) {
  if (form.get("intent") !== "settings") return refusedForm(form, "Action inconnue.");
  const { data, refusal } = parseAdminForm(
    receiptSettingsFormSchema,
    form,
    "Les paramètres n'ont pas été enregistrés :",
  );
  if (refusal) return refusal;
  await saveReceiptSettings(actor, data);
  return doneForm("settings", "Paramètres des reçus enregistrés.");
}

const pdfResponse = (pdf: Buffer, fileName: string) =>
  new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition("attachment", fileName),
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-cache",
      "X-Content-Type-Options": "nosniff",
    },
  });

const notFound = (text: string) =>
  new Response(text, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** GET /admin/tresorerie/recus/:id/pdf: the receipt's stored PDF, the same bytes at every download. */
export async function receiptPdfResponse(idParam: string | undefined) {
  const id = parseId(idParam);
  const receipt = id === null ? undefined : await getReceipt(id);
  const pdf = receipt ? await receiptFile(receipt) : null;
  if (!receipt || !pdf) return notFound("Reçu introuvable (effacé avec la fiche de la personne, ou inexistant).");
  return pdfResponse(pdf, receiptFileName(receipt));
}

/** GET /admin/tresorerie/attestation?jardinier=ID&annee=YYYY: the gardener's statement of the year's fees. */
export async function statementResponse(request: Request, actor: Actor) {
  const url = new URL(request.url);
  const gardenerId = parseId(url.searchParams.get("jardinier"));
  const year = Number(url.searchParams.get("annee"));
  if (gardenerId === null || !Number.isInteger(year) || year < 2000 || year > 2100)
    return notFound("Attestation introuvable : indiquez le jardinier et l'année.");
  const statement = await yearlyStatementPdf(gardenerId, year, actor);
  if (!statement) return notFound("Ce jardinier n'existe pas.");
  return pdfResponse(statement.pdf, statement.fileName);
}
