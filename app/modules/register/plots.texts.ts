import { own } from "~/lib/records";

// The default texts of the plots' e-mails, which the settings replace; safe for the browser (the settings screen
// shows them as the fields' starting point). Placeholders in braces are replaced when the e-mail is written.

export const ALLOTMENT_MAIL_DEFAULT = `Bonjour {nom},

Bonne nouvelle : la parcelle n° {parcelle} ({jardin}, {surface} m²) vous est attribuée à partir du {date}.

Adresse du jardin : {adresse}.
{acces}

Pour votre première venue, apportez :
- une pièce d'identité et un justificatif de domicile ;
- le budget d'entrée d'environ 250 euros, par chèque à l'ordre de l'association ou par virement ;
- la reprise de la cabane, s'il y en a une : {cabane} ;
- vos outils, des gants et de bonnes chaussures.

Passez voir le bureau pour recevoir la clé du portail et faire connaissance avec vos voisins de parcelle :
{permanences}

À très bientôt au jardin !`;

export const ALLOTMENT_PLACEHOLDERS = [
  "{nom}",
  "{parcelle}",
  "{jardin}",
  "{surface}",
  "{date}",
  "{adresse}",
  "{acces}",
  "{cabane}",
  "{permanences}",
] as const;

export const WARNING_MAIL_DEFAULT = `Bonjour {nom},

Lors de la visite du {date}, votre parcelle n° {parcelle} ({jardin}) a reçu un avertissement :
{remarque}

Le règlement intérieur prévoit deux avertissements écrits avant une exclusion. Si vous traversez une période difficile, dites-le-nous : un voisin ou le bureau peut vous donner un coup de main.`;

export const WARNING_PLACEHOLDERS = ["{nom}", "{parcelle}", "{jardin}", "{date}", "{remarque}"] as const;

/** What the payment instructions of a fee call may use: the settings' payment details. */
export const FEE_PLACEHOLDERS = ["{iban}", "{bic}", "{helloasso}", "{ordre}", "{permanences}"] as const;

/** The settings' example: left empty, the e-mail lists the means whose details are filled in. */
export const FEE_INSTRUCTIONS_DEFAULT = `Vous pouvez régler :
- par chèque à l'ordre de {ordre}, remis aux permanences ({permanences}) ;
- par virement sur le compte {iban} (BIC {bic}), en indiquant votre nom et votre numéro de parcelle ;
- en ligne sur notre page HelloAsso : {helloasso}`;

/** `template` with each {name} replaced by its value; unknown placeholders are left as typed. */
export function fillTemplate(template: string, values: Record<string, string>) {
  return template.replace(/\{([a-zé]+)\}/g, (whole, name: string) => own(values, name) ?? whole);
}
