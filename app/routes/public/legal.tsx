import type { Route } from "./+types/legal";
import { siteContentContext } from "~/request/context";
import { pageMeta, siteFromMatches } from "~/modules/seo/seo";
import {
  EXPIRED_AD_GRACE_DAYS,
  getRetentionSettings,
  UNCONFIRMED_SUBSCRIBER_DAYS,
  UNSUBSCRIBED_SUBSCRIBER_YEARS,
  BOOK_RETENTION_YEARS,
} from "~/modules/retention/retention.server";
import { CONTENT_PAGE, type PageHandle } from "~/lib/page-handle";
import { electedPresident } from "~/modules/assembly/assembly.election.server";

/** Plain HTML in the browser: no React (docs/decisions/016). */
export const handle: PageHandle = { ...CONTENT_PAGE, query: [] };

export async function loader({ context }: Route.LoaderArgs) {
  const content = await context.get(siteContentContext);
  const { legal } = content;
  return {
    name: content.nomAssociation,
    publisher: legal.editeurNom ?? content.nomAssociation,
    address: legal.editeurAdresse ?? content.adresse,
    registration: legal.editeurNumero,
    // Paramètres' name, or the president the general assembly elected.
    director: legal.directeurPublication?.trim() || (await electedPresident()),
    // Each fact the settings give, and only those: a missing one is left out, never replaced by a placeholder
    // sentence (the dashboard says what is missing until it is filled in).
    host: { name: legal.hebergeurNom, address: legal.hebergeurAdresse, phone: legal.hebergeurTelephone },
    court: legal.tribunal,
    email: content.email,
    telephone: content.telephone,
    retention: {
      ...(await getRetentionSettings()),
      expiredAdGraceDays: EXPIRED_AD_GRACE_DAYS,
      unconfirmedSubscriberDays: UNCONFIRMED_SUBSCRIBER_DAYS,
      unsubscribedSubscriberYears: UNSUBSCRIBED_SUBSCRIBER_YEARS,
      bookYears: BOOK_RETENTION_YEARS,
    },
  };
}

const months = (n: number) => (n % 12 === 0 ? (n === 12 ? "un an" : `${n / 12} ans`) : `${n} mois`);

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta(siteFromMatches(matches), {
    title: "Mentions légales",
    description:
      "Mentions légales du site : éditeur, hébergement, données personnelles, cookies et conditions d'utilisation.",
    path: location.pathname,
  });
}

function LegalSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mt-10">
      <h2 className="text-xl font-semibold text-brand-800">{title}</h2>
      <div className="mt-3 space-y-3 leading-relaxed text-stone-800">{children}</div>
    </section>
  );
}

/** « RNA W691234567 » or « SIRET 123 456 789 00012 », as the number says. */
function registrationLabel(number: string) {
  return `${/^w/i.test(number.trim()) ? "RNA" : "SIRET"} ${number.trim()}`;
}

export default function Legal({ loaderData }: Route.ComponentProps) {
  const { name, publisher, address, registration, director, host, court, email, telephone, retention } = loaderData;
  const contact = [telephone, email].filter(Boolean).join(" — ");
  // The spec's eight sections are always there; a fact not yet set is left out, never replaced by a stand-in.
  return (
    <article className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="text-3xl font-bold text-brand-800 sm:text-4xl">Mentions légales</h1>
      <p className="mt-4 text-stone-700">
        Conformément aux articles 6-III et 19 de la loi n° 2004-575 du 21 juin 2004 pour la confiance dans l'économie
        numérique (LCEN), voici les informations relatives au site {name}.
      </p>

      <LegalSection title="1. Éditeur du site">
        <p>
          Le site est édité par {publisher}, association à but non lucratif régie par la loi du 1er juillet 1901, qui
          gère des jardins familiaux et partagés à Villeurbanne et Vaulx-en-Velin
          {registration ? ` (${registrationLabel(registration)})` : ""}.
        </p>
        {address && <p className="whitespace-pre-line">Siège : {address}</p>}
        {contact && <p>Contact : {contact}.</p>}
      </LegalSection>

      <LegalSection title="2. Hébergement">
        {host.name && (
          <p className="whitespace-pre-line">
            Le site est hébergé par {host.name}
            {host.address ? `, ${host.address}` : ""}
            {host.phone ? `, téléphone : ${host.phone}` : ""}.
          </p>
        )}
        <p>Les données du site (textes, images, demandes, messages) sont stockées sur le serveur de son hébergeur.</p>
      </LegalSection>

      <LegalSection title="3. Directeur de la publication">
        <p>
          {director
            ? `Le directeur de la publication est ${director}, représentant l'association. Il`
            : "Le directeur de la publication"}{" "}
          peut être joint par les moyens de contact indiqués ci-dessus.
        </p>
      </LegalSection>

      <LegalSection title="4. Propriété intellectuelle">
        <p>
          Les textes, photographies, logos et illustrations publiés sur ce site appartiennent à l'association ou à leurs
          auteurs, qui ont autorisé leur diffusion. Toute reproduction, représentation ou adaptation, totale ou
          partielle, sans autorisation écrite préalable est interdite, sauf courte citation mentionnant la source.
        </p>
        <p>
          Les petites annonces restent sous la responsabilité de leurs auteurs, qui garantissent disposer des droits sur
          les textes et photos qu'ils transmettent.
        </p>
      </LegalSection>

      <LegalSection title="5. Données personnelles (RGPD)">
        <p>
          L'association traite les données que vous lui transmettez par les formulaires de demande de jardin, de contact
          et de petites annonces (nom, coordonnées, contenu du message), dans le seul but de répondre à votre demande,
          d'attribuer les parcelles et de publier les annonces validées. La base légale est votre consentement et
          l'exécution de mesures précontractuelles (demande d'adhésion).
        </p>
        <p>
          Ces données sont réservées aux membres du bureau de l'association ; elles sont stockées chez l'hébergeur du
          site et transmises par e-mail à l'association par son service d'envoi de courrier. Elles ne sont ni vendues ni
          cédées à des tiers.
        </p>
        <p>
          La lettre d'information n'est envoyée qu'aux adresses qui l'ont demandée et ont confirmé leur inscription par
          le lien reçu (double confirmation). L'association garde la preuve de ce consentement : sa date, le formulaire
          utilisé et le texte accepté. Chaque lettre est adressée à une seule personne, sans mesure d'ouverture, et
          contient un lien pour se désabonner, sans connexion ni autre question ; les messageries qui le proposent
          désabonnent aussi d'un seul clic.
        </p>
        <p>
          Pour les jardiniers qui cultivent une parcelle, l'association tient un registre, réservé lui aussi au bureau :
        </p>
        <ul className="list-disc space-y-1 pl-6">
          <li>
            la fiche du jardinier (nom, coordonnées, parcelles occupées et dates), pour attribuer les parcelles, joindre
            le jardinier et le convoquer à l'assemblée générale ; base légale : l'exécution du contrat d'adhésion et de
            mise à disposition de la parcelle (article 6.1.b du RGPD) ;
          </li>
          <li>
            les visites de parcelles (date, constat, remarque, avertissements et leur éventuel retrait), pour vérifier
            l'entretien prévu par le règlement intérieur et permettre au bureau de décider, après deux avertissements,
            d'une exclusion ; base légale : l'exécution de ce même contrat, dont le règlement intérieur fait partie
            (article 6.1.b) ;
          </li>
          <li>
            les cotisations et paiements (montants appelés et reçus, dates, moyens de paiement), pour suivre ce qui est
            dû et tenir la comptabilité de l'association ; base légale : l'exécution du contrat d'adhésion (article
            6.1.b) et l'obligation légale de conserver les pièces comptables (article 6.1.c).
          </li>
        </ul>
        <p>Durées de conservation, appliquées automatiquement par le site :</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>
            les demandes de jardin, tant qu'elles sont en cours, puis {months(retention.archivedApplicationsMonths)}{" "}
            après leur archivage ;
          </li>
          <li>les messages envoyés par la page Contact, {months(retention.contactMessagesMonths)} ;</li>
          <li>
            les petites annonces, {retention.pendingAdsDays} jours si elles ne sont pas validées ; une fois validées,
            elles sont publiées {months(retention.validatedAdsMonths)}, puis retirées du site et supprimées{" "}
            {retention.expiredAdGraceDays} jours plus tard ;
          </li>
          <li>le journal des actions des administrateurs, {months(retention.historyMonths)} ;</li>
          <li>
            les adresses inscrites à la lettre d'information, tant que l'abonnement dure ; une adresse jamais confirmée
            est effacée {retention.unconfirmedSubscriberDays} jours après la demande, même si l'inscription est
            redemandée entre-temps ; après un désabonnement, l'adresse ne reçoit plus rien et n'est gardée, avec la
            preuve du consentement donné puis retiré (dates, formulaire, texte accepté), que{" "}
            {months(12 * retention.unsubscribedSubscriberYears)}, puis elle est effacée ;
          </li>
          <li>
            les inscriptions aux ateliers et aux événements (nom, adresse, nombre de personnes, réponse à la question),
            jusqu'à {months(retention.eventRegistrationsMonths)} après l'événement ;
          </li>
          <li>
            la fiche d'un jardinier (coordonnées, parcelles, visites), tant qu'il cultive une parcelle, puis{" "}
            {months(12 * retention.gardenersYears)} après son départ ;
          </li>
          <li>
            les cotisations et paiements, {months(12 * retention.paymentsYears)} après l'année concernée, pour la
            comptabilité de l'association ; sans le nom de la personne une fois sa fiche effacée ;
          </li>
          <li>
            la comptabilité de l'association (recettes, dépenses, pièces justificatives, reçus, remises de chèques),{" "}
            {months(12 * retention.bookYears)} après la fin de chaque exercice, comme la loi le demande pour les pièces
            comptables ; le nom d'une personne dont la fiche est effacée en est retiré, les montants restent ;
          </li>
          <li>
            les paiements de cotisation en ligne : ils se font sur la page de HelloAsso, et le site n'en reçoit jamais
            les données de carte ; il garde la référence de la commande, le montant et son état avec la comptabilité,{" "}
            {months(12 * retention.bookYears)} ;
          </li>
          <li>
            les liens de connexion à « Mon jardin » envoyés par e-mail, effacés dès qu'ils servent ou au bout de 15
            minutes ; la session ouverte par un lien, effacée à la déconnexion ou après une période d'inactivité ;
          </li>
          <li>
            pour une assemblée générale, les réponses des membres à la convocation (présence, pouvoir donné et à qui,
            absence), la présence cochée le jour même et les votes sont conservés avec le procès-verbal, comme les
            statuts le demandent ; le lien personnel envoyé à chaque membre est effacé dès la fin de l'assemblée ;
          </li>
          <li>
            les e-mails que le site envoie (accusés de réception, messages transmis à l'association) : leur texte est
            effacé dès l'envoi ; le destinataire, l'objet et la date sont gardés {retention.sentMailDays} jours.
          </li>
        </ul>
        <p>
          Conformément au règlement (UE) 2016/679 et à la loi « Informatique et libertés », vous disposez d'un droit
          d'accès, de rectification, d'effacement, de limitation, d'opposition et de portabilité de vos données. Pour
          l'exercer, écrivez à l'association{email ? ` (${email})` : ""}. Vous pouvez aussi adresser une réclamation à
          la CNIL (www.cnil.fr).
        </p>
      </LegalSection>

      <LegalSection title="6. Cookies">
        <p>
          Le site public ne dépose aucun cookie de mesure d'audience ni de publicité, et ne charge aucun service tiers.
          Seuls l'espace d'administration et l'espace « Mon jardin » des jardiniers utilisent un cookie de session,
          strictement nécessaire à la connexion des membres du bureau et des jardiniers ; il est supprimé à la
          déconnexion ou après une période d'inactivité. Aucun consentement n'est donc requis.
        </p>
      </LegalSection>

      <LegalSection title="7. Responsabilité">
        <p>
          L'association s'efforce de publier des informations exactes et à jour, mais ne peut garantir l'absence
          d'erreurs. Les informations météorologiques, de qualité de l'air et de pollens sont fournies à titre
          indicatif. L'association ne saurait être tenue responsable du contenu des sites vers lesquels des liens
          renvoient, ni des transactions conclues entre particuliers à la suite d'une petite annonce.
        </p>
      </LegalSection>

      <LegalSection title="8. Droit applicable">
        <p>
          Les présentes mentions légales sont régies par le droit français. En cas de litige, et à défaut de résolution
          amiable,{" "}
          {court ? `la juridiction compétente est : ${court}` : "les tribunaux de Lyon seront seuls compétents"}.
        </p>
      </LegalSection>
    </article>
  );
}
