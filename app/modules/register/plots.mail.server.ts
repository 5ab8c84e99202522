import type { AssociationContent } from "~/modules/content/content.schema";
import type { gardeners, gardenSites, plots } from "~/modules/register/register.tables";
import { formatCalendarDate } from "~/lib/dates";
import { VILLE_LABELS, type Ville } from "~/lib/constants";
import { associationReplyTo, htmlParagraphs, signature, tidyText, wrap } from "~/modules/mail/mail-templates.server";
import { escapeHtml } from "~/lib/html";
import type { MailMessage } from "~/modules/mail/mail.schema";
import { CONTENT_DEFAULTS } from "~/modules/content/content.defaults";
import { euros } from "~/lib/money";
import { ALLOTMENT_MAIL_DEFAULT, fillTemplate, WARNING_MAIL_DEFAULT } from "./plots.texts";

type Gardener = Pick<typeof gardeners.$inferSelect, "name" | "email">;
type Plot = Pick<typeof plots.$inferSelect, "number" | "area" | "cabinValue">;
type Site = Pick<typeof gardenSites.$inferSelect, "name" | "town" | "address" | "accessNotes">;
type Content = Pick<
  AssociationContent,
  | "plotAllotmentMail"
  | "plotWarningMail"
  | "feePaymentInstructions"
  | "feeIban"
  | "feeBic"
  | "feeHelloassoUrl"
  | "feeChequeOrder"
  | "horaires"
  | "nomAssociation"
  | "email"
>;

/**
 * A plot's e-mail: the text (a placeholder left empty leaves no blank line behind), the association's signature,
 * and the answer to its contact address.
 */
function message(to: string, subject: string, text: string, content?: Content): MailMessage {
  const body = tidyText(`${text.trim()}\n\n${signature(content)}`);
  return { to, replyTo: associationReplyTo(content), subject, text: body, html: wrap(htmlParagraphs(body.trim())) };
}

/** The plot's address line: the site's address and town. */
function siteAddress(site: Site) {
  const town = VILLE_LABELS[site.town as Ville] ?? site.town;
  return [site.address, site.town === "autre" ? "" : town].filter(Boolean).join(", ") || town;
}

/** To a new gardener: the plot, where, what to bring and the entry budget (the settings' text). */
export function allotmentMail(
  gardener: Pick<Gardener, "name" | "email">,
  plot: Plot,
  site: Site,
  startDate: string,
  content?: Content,
): MailMessage {
  const text = fillTemplate(content?.plotAllotmentMail || ALLOTMENT_MAIL_DEFAULT, {
    nom: gardener.name,
    parcelle: String(plot.number),
    jardin: site.name,
    surface: String(plot.area),
    date: formatCalendarDate(startDate),
    adresse: siteAddress(site),
    acces: site.accessNotes,
    cabane: plot.cabinValue === null ? "pas de cabane sur cette parcelle" : `${plot.cabinValue} euros`,
    permanences: content?.horaires || CONTENT_DEFAULTS.horaires,
  });
  return message(gardener.email, `Votre parcelle n° ${plot.number}, ${site.name}`, text, content);
}

/** After an inspection round: the warning and what was wrong (the settings' text). */
export function warningMail(
  gardener: Gardener,
  plot: Pick<Plot, "number">,
  site: Pick<Site, "name">,
  date: string,
  note: string,
  content?: Content,
): MailMessage {
  const text = fillTemplate(content?.plotWarningMail || WARNING_MAIL_DEFAULT, {
    nom: gardener.name,
    parcelle: String(plot.number),
    jardin: site.name,
    date: formatCalendarDate(date),
    remarque: note || "la parcelle n'est pas entretenue.",
  });
  return message(gardener.email, `Avertissement pour la parcelle n° ${plot.number}`, text, content);
}

/** A warning withdrawn after it was e-mailed: the gardener learns it no longer counts, and why. */
export function warningWithdrawnMail(
  gardener: Gardener,
  plot: Pick<Plot, "number">,
  site: Pick<Site, "name">,
  date: string,
  reason: string,
  content?: Content,
): MailMessage {
  const text = `Bonjour ${gardener.name},

L'avertissement donné à votre parcelle n° ${plot.number} (${site.name}) lors de la visite du ${formatCalendarDate(date)} est retiré :
${reason}

Il ne compte plus parmi les avertissements prévus par le règlement intérieur. Veuillez nous excuser pour ce message.`;
  return message(gardener.email, `Avertissement retiré pour la parcelle n° ${plot.number}`, text, content);
}

/**
 * How to pay, in a fee's e-mail: the settings' text with its placeholders filled in or, left empty, one line for each
 * means whose details are set (cheque payee, IBAN, HelloAsso page).
 */
export function feeInstructions(content?: Content) {
  // « remis aux permanences (samedi 9 h – 12 h) »: the footer's « Permanences : » is not said twice.
  const permanences = (content?.horaires || CONTENT_DEFAULTS.horaires).replace(/^\s*permanences?\s*:\s*/iu, "");
  const iban = content?.feeIban?.trim() ?? "";
  const bic = content?.feeBic?.trim() ?? "";
  const helloasso = content?.feeHelloassoUrl?.trim() ?? "";
  const order = content?.feeChequeOrder?.trim() ?? "";
  if (content?.feePaymentInstructions?.trim())
    return fillTemplate(content.feePaymentInstructions, { iban, bic, helloasso, ordre: order, permanences }).trim();
  const lines = [
    order && `- par chèque à l'ordre de ${order}, remis aux permanences (${permanences})`,
    iban &&
      `- par virement sur le compte ${iban}${bic ? ` (BIC ${bic})` : ""}, en indiquant votre nom et votre numéro de parcelle`,
    helloasso && `- en ligne sur notre page HelloAsso : ${helloasso}`,
  ].filter(Boolean);
  return lines.length ? `Vous pouvez régler :\n${lines.join(" ;\n")}.` : "";
}

const IBAN = /\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){3,}/;

/**
 * What the fee e-mail names without its details (the call is refused until they are in the settings): a transfer
 * without IBAN, HelloAsso without its link, a cheque without its payee, or no means at all.
 */
export function missingPaymentDetails(content?: Content) {
  const text = feeInstructions(content);
  if (!text) return ["aucun moyen de paiement : renseignez l'ordre des chèques, l'IBAN ou le lien HelloAsso"];
  const missing: string[] = [];
  if (/ch[eè]que/i.test(text) && !/ordre (?:de |du |des |d['’])\s*\p{L}/iu.test(text))
    missing.push("le chèque est proposé sans l'ordre auquel le libeller");
  if (/virement/i.test(text) && !IBAN.test(text)) missing.push("le virement est proposé sans IBAN");
  if (/helloasso/i.test(text) && !/https?:\/\/\S*helloasso\S*/i.test(text))
    missing.push("HelloAsso est proposé sans le lien de la page");
  return missing;
}

/** A fee's figures in its e-mail: owed (called less waived), paid so far, and the due date. */
export interface FeeMailFigures {
  owedCents: number;
  paidCents: number;
  dueOn: string;
}

/**
 * « Appel à cotisation {année} », or its reminder: the amount, the plots, the due date, how to pay, and with `payLink`
 * (« Envoyer un lien de paiement ») the fee's own link to pay online.
 */
export function feeMail(
  kind: "appel" | "relance",
  gardener: Gardener,
  year: number,
  figures: FeeMailFigures,
  plotsText: string,
  content?: Content,
  payLink?: string,
): MailMessage {
  const forPlots = plotsText ? ` pour ${plotsText}` : "";
  const due = formatCalendarDate(figures.dueOn);
  const rest = figures.owedCents - figures.paidCents;
  const lead =
    kind === "appel"
      ? `Votre cotisation ${year}${forPlots} est de ${euros(figures.owedCents)}, à régler avant le ${due}.`
      : `Sauf erreur de notre part, votre cotisation ${year}${forPlots}, de ${euros(figures.owedCents)}, n'est pas encore réglée${figures.paidCents > 0 ? ` : vous avez versé ${euros(figures.paidCents)}, il reste ${euros(rest)}` : ""}. Elle était à régler avant le ${due}. Si vous l'avez payée ces derniers jours, merci de ne pas tenir compte de ce message.`;
  const online = payLink ? `\n\nPayer en ligne : ${payLink}` : "";
  const text = `Bonjour ${gardener.name},\n\n${lead}\n\n${feeInstructions(content)}${online}\n\nMerci, et belle saison au jardin !`;
  const subject = kind === "appel" ? `Appel à cotisation ${year}` : `Rappel : cotisation ${year}`;
  const mail = message(gardener.email, subject, text, content);
  // In the HTML, the link is one to click rather than an address to copy.
  return payLink ? { ...mail, html: mail.html!.replace(escapeHtml(payLink), htmlAnchor(payLink)) } : mail;
}

const htmlAnchor = (url: string) => `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
