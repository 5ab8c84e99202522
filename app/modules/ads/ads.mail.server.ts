import type { annonces } from "~/modules/ads/ads.tables";
import {
  associationAddress,
  associationReplyTo,
  greeting,
  htmlLink,
  htmlParagraphs,
  htmlRows,
  inline,
  replyAddress,
  signature,
  siteUrl,
  textRows,
  wrap,
  type MailAssociation,
  type Row,
} from "~/modules/mail/mail-templates.server";
import type { MailMessage } from "~/modules/mail/mail.schema";

type Ad = Pick<typeof annonces.$inferSelect, "nom" | "email" | "telephone" | "type" | "contenu" | "photo1" | "photo2">;

/** Notification to the association of a new classified ad waiting for validation. */
export function newAdMail(ad: Ad, to?: string | null): MailMessage {
  const link = siteUrl("/admin/annonces");
  const photos = [ad.photo1, ad.photo2].filter((p): p is string => Boolean(p)).map(siteUrl);
  const rows: Row[] = [
    ["Nom", ad.nom],
    ["E-mail", ad.email?.trim() || "—"],
    ["Téléphone", ad.telephone],
    ["Type", ad.type],
    ...photos.map((url, i): Row => [`Photo ${i + 1}`, url]),
  ];
  const content = ad.contenu?.trim() || "(aucun texte)";
  return {
    to: associationAddress(to),
    replyTo: replyAddress(ad.email),
    subject: `Nouvelle annonce à valider : ${inline(ad.nom)}`,
    text: `Une nouvelle petite annonce attend votre validation.\n\n${textRows(rows)}\n\nAnnonce :\n${content}\n\nValider les annonces : ${link}\n`,
    html: wrap(
      `<p>Une nouvelle petite annonce attend votre validation.</p>${htmlRows(rows)}<h2 style="font-size:1em">Annonce</h2>${htmlParagraphs(content)}${htmlLink(link, "Valider les annonces")}`,
    ),
  };
}

/** To the person who posted an ad (when they left a valid address): it is now public, with its link. */
export function adPublishedMail(
  ad: Pick<typeof annonces.$inferSelect, "id" | "nom" | "email">,
  association?: MailAssociation | null,
): MailMessage | null {
  const email = replyAddress(ad.email);
  if (!email) return null;
  const link = siteUrl(`/annonces#annonce-${ad.id}`);
  const lead = `${greeting(ad.nom)}\n\nVotre petite annonce a été validée par les bénévoles de l'association : elle est maintenant visible sur le site.`;
  const after = `Pour la retirer ou la modifier, il suffit de répondre à ce message.\n\n${signature(association)}`;
  return {
    to: email,
    replyTo: associationReplyTo(association),
    subject: "Votre petite annonce est en ligne",
    text: `${lead}\n\nVoir votre annonce : ${link}\n\n${after}\n`,
    html: wrap(`${htmlParagraphs(lead)}${htmlLink(link, "Voir votre annonce")}${htmlParagraphs(after)}`),
  };
}
