import { and, desc, eq, inArray, isNotNull, ne } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { eventRegistrations } from "~/modules/registrations/registrations.tables";
import { treasuryReceipts } from "~/modules/treasury/treasury.tables";
import { VILLE_LABELS, type Ville } from "~/lib/constants";
import { formatCalendarDate, formatDate } from "~/lib/dates";
import { euros } from "~/lib/money";
import { parisToday } from "~/lib/paris-time";
import { getContent } from "~/modules/content/content.server";
import { DOCUMENT_KIND_LABELS, documentFileFacts } from "~/modules/documents/documents.schema";
import { listMembersDocuments } from "~/modules/documents/documents.server";
import { eventPractical, upcomingEvents } from "~/modules/events/events.server";
import { onlinePaymentReady } from "~/modules/helloasso/helloasso.settings.server";
import { isGoodOutcome, PAYMENT_OUTCOMES, paymentOutcomeOf } from "~/modules/helloasso/payment.labels";
import { signupsAccepted } from "~/modules/registrations/registrations.server";
import { feeBalance, feeStateText, isLate } from "~/modules/register/fees.labels";
import { feesAndPaymentsOf } from "~/modules/register/fees.server";
import { holdingsOf, recentWarnings } from "~/modules/register/gardeners.server";
import { PLOT_KIND_LABELS } from "~/modules/register/plots.labels";
import { feeInstructions } from "~/modules/register/plots.mail.server";
import { receiptNumber, receiptState } from "~/modules/treasury/receipts.labels";
import type { SignedInGardener } from "./gardener-auth.server";
import { myAssembly } from "./space-assembly.server";
import { ASSEMBLY_ANSWER_NOTICE, spaceMessages } from "./space.labels";

/** How many of the next published events are looked at for those taking sign-ups. */
const EVENTS_LOOKED_AT = 20;

/** A site's address line: its address and town. */
function siteAddress(site: { address: string; town: string }) {
  const town = site.town === "autre" ? "" : (VILLE_LABELS[site.town as Ville] ?? site.town);
  return [site.address.trim(), town].filter(Boolean).join(", ");
}

/** The plots the gardener holds now, with where they are and how to get in. */
async function myPlots(gardenerId: number) {
  const holdings = await holdingsOf(gardenerId);
  return holdings
    .filter((h) => h.endDate === null)
    .map((h) => ({
      id: h.id,
      site: h.site.name,
      number: h.plot.number,
      area: h.plot.area,
      kind: PLOT_KIND_LABELS[h.plot.kind],
      since: formatCalendarDate(h.startDate),
      address: siteAddress(h.site),
      accessNotes: h.site.accessNotes.trim(),
    }));
}

/** The gardener's fees, latest year first, each with what is left to pay and whether it may be paid online. */
async function myFees(gardenerId: number, today: string, payOnline: boolean) {
  const { fees } = await feesAndPaymentsOf(gardenerId);
  return fees.map((fee) => {
    const { balance } = feeBalance(fee);
    return {
      id: fee.id,
      year: fee.year,
      called: euros(fee.amountCents),
      waived: fee.waivedCents > 0 && fee.status !== "cancelled" ? euros(fee.waivedCents) : "",
      paid: euros(fee.paidCents),
      balance: euros(Math.max(0, balance)),
      dueOn: formatCalendarDate(fee.dueOn),
      // A payment HelloAsso received awaits the bureau: said so, and no second payment offered meanwhile.
      state: fee.onlineAnomaly ? "paiement reçu par HelloAsso, en vérification par le bureau" : feeStateText(fee),
      late: isLate(fee, today),
      due: balance > 0,
      payOnline: payOnline && balance > 0 && !fee.onlineAnomaly,
      // Their statement of the year's payments, as the bureau makes it: once something was paid.
      statement: fee.paidCents > 0 ? `/mon-jardin/attestations/${fee.year}` : null,
    };
  });
}

/** The gardener's receipts still kept (an erased one has no file), the latest first. */
async function myReceipts(gardenerId: number) {
  const rows = await getDb()
    .select()
    .from(treasuryReceipts)
    .where(and(eq(treasuryReceipts.gardenerId, gardenerId), isNotNull(treasuryReceipts.hash)))
    .orderBy(desc(treasuryReceipts.year), desc(treasuryReceipts.number));
  return rows.map((r) => ({
    id: r.id,
    number: receiptNumber(r.year, r.number),
    madeOn: formatDate(r.createdAt),
    amount: euros(r.amountCents),
    // A receipt erased with the record is not listed; any other state is a cancellation.
    cancelled: receiptState(r),
  }));
}

/** The warnings of the last twelve months, withdrawn ones with their reason. */
async function myWarnings(gardenerId: number, now: Date) {
  const rows = await recentWarnings({ gardenerId }, now);
  return rows.map((w) => ({
    id: w.id,
    date: formatCalendarDate(w.date),
    plot: `parcelle n° ${w.plotNumber}, ${w.siteName}`,
    note: w.note.trim(),
    withdrawn: w.withdrawn,
    withdrawalReason: w.withdrawalReason?.trim() ?? "",
  }));
}

async function membersDocuments() {
  const docs = await listMembersDocuments();
  return docs.map((doc) => ({
    id: doc.id,
    title: doc.title,
    kind: DOCUMENT_KIND_LABELS[doc.kind],
    date: formatCalendarDate(doc.date),
    facts: documentFileFacts(doc),
  }));
}

/** The next published events taking sign-ups, and whether the gardener's address is signed up to each. */
async function openEvents(email: string, now: Date) {
  const events = (await upcomingEvents(EVENTS_LOOKED_AT, now)).filter((event) => signupsAccepted(event, now));
  const address = email.trim().toLowerCase();
  const signedUp =
    events.length > 0 && address
      ? await getDb()
          .select({ eventId: eventRegistrations.eventId, status: eventRegistrations.status })
          .from(eventRegistrations)
          .where(
            and(
              eq(eventRegistrations.email, address),
              ne(eventRegistrations.status, "annule"),
              inArray(
                eventRegistrations.eventId,
                events.map((e) => e.id),
              ),
            ),
          )
      : [];
  const statusOf = new Map(signedUp.flatMap((r) => (r.status === "annule" ? [] : [[r.eventId, r.status] as const])));
  return events.map((event) => ({
    id: event.id,
    title: event.title,
    practical: eventPractical(event),
    description: event.description.trim(),
    signedUp: statusOf.get(event.id) ?? null,
  }));
}

/**
 * The page's notice: coming back from HelloAsso (`?paiement=`, shown in « Mes cotisations », where the return lands),
 * or after answering the assembly (at the top).
 */
function noticeOf(url: URL) {
  const outcome = paymentOutcomeOf(url);
  if (outcome) return { text: PAYMENT_OUTCOMES[outcome], good: isGoodOutcome(outcome), inFees: true };
  if (url.searchParams.get("reponse") === ASSEMBLY_ANSWER_NOTICE)
    return { text: spaceMessages.answerSaved, good: true };
  return null;
}

/**
 * What « Mon jardin » shows a signed-in gardener, each part only their own: plots, fees (and how to pay them),
 * receipts, warnings, the members' documents, the assembly they are convened to, and the events taking sign-ups.
 */
export async function gardenSpaceData(gardener: SignedInGardener, url: URL, now = new Date()) {
  const payOnline = await onlinePaymentReady();
  const [plots, fees, receipts, warnings, documents, assembly, events, content] = await Promise.all([
    myPlots(gardener.id),
    myFees(gardener.id, parisToday(now), payOnline),
    myReceipts(gardener.id),
    myWarnings(gardener.id, now),
    membersDocuments(),
    myAssembly(gardener.id, now),
    openEvents(gardener.email, now),
    getContent(),
  ]);
  // Without online payment, a balance due comes with the bureau's own instructions (those of the fee call).
  const instructions =
    !payOnline && fees.some((fee) => fee.due)
      ? feeInstructions(content ?? undefined) || spaceMessages.noInstructions
      : "";
  return {
    gardener: { name: gardener.name, email: gardener.email },
    notice: noticeOf(url),
    plots,
    fees,
    paymentInstructions: instructions,
    receipts,
    warnings,
    documents,
    assembly,
    events,
  };
}
export type GardenSpaceData = Awaited<ReturnType<typeof gardenSpaceData>>;
