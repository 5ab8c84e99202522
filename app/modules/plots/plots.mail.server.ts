import type { associationContent, gardeners, gardenSites, plots } from "~/db/schema";
import { formatCalendarDate } from "~/lib/dates";
import { VILLE_LABELS, type Ville } from "~/lib/constants";
import { associationReplyTo, htmlParagraphs, signature, tidyText, wrap } from "~/modules/mail/mail-templates.server";
import type { MailMessage } from "~/modules/mail/mail.schema";
import { CONTENT_DEFAULTS } from "~/modules/content/content.defaults";
import { euros } from "./plots.labels";
import { ALLOTMENT_MAIL_DEFAULT, FEE_INSTRUCTIONS_DEFAULT, fillTemplate, WARNING_MAIL_DEFAULT } from "./plots.texts";

type Gardener = Pick<typeof gardeners.$inferSelect, "name" | "email">;
type Plot = Pick<typeof plots.$inferSelect, "number" | "area" | "cabinValue">;
type Site = Pick<typeof gardenSites.$inferSelect, "name" | "town" | "address" | "accessNotes">;
type Content = Pick<
  typeof associationContent.$inferSelect,
  "plotAllotmentMail" | "plotWarningMail" | "feePaymentInstructions" | "horaires" | "nomAssociation" | "email"
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
  gardener: Gardener,
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

/** « Appel à cotisation {année} », or its reminder: the amount, the plots, the payment instructions. */
export function feeMail(
  kind: "appel" | "relance",
  gardener: Gardener,
  year: number,
  amountCents: number,
  plotsText: string,
  content?: Content,
): MailMessage {
  const lead =
    kind === "appel"
      ? `Votre cotisation ${year}${plotsText ? ` pour ${plotsText}` : ""} est de ${euros(amountCents)}.`
      : `Sauf erreur de notre part, votre cotisation ${year}${plotsText ? ` pour ${plotsText}` : ""}, de ${euros(amountCents)}, n'est pas encore réglée. Si vous l'avez payée ces derniers jours, merci de ne pas tenir compte de ce message.`;
  const text = `Bonjour ${gardener.name},\n\n${lead}\n\n${content?.feePaymentInstructions || FEE_INSTRUCTIONS_DEFAULT}\n\nMerci, et belle saison au jardin !`;
  const subject = kind === "appel" ? `Appel à cotisation ${year}` : `Rappel : cotisation ${year}`;
  return message(gardener.email, subject, text, content);
}
