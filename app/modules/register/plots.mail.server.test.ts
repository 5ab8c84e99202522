import { expect, it } from "vitest";
import { allotmentMail, feeInstructions, feeMail, missingPaymentDetails, warningMail } from "./plots.mail.server";

const gardener = { name: "Awa Diallo", email: "awa@example.fr" };
const plot = { number: 12, area: 180, cabinValue: 220 };
const site = {
  name: "Jardin des Brosses",
  town: "Villeurbanne",
  address: "27 rue des Brosses",
  accessNotes: "Code 1871",
};
const content = {
  plotAllotmentMail: "Bienvenue {nom} ! Parcelle {parcelle} au {jardin}, cabane : {cabane}. {inconnu}",
  plotWarningMail: null,
  feePaymentInstructions: "Chèque à l'ordre des Jardins de l'Est.",
  feeIban: null,
  feeBic: null,
  feeHelloassoUrl: null,
  feeChequeOrder: null,
  horaires: "Samedi 9h-12h",
  nomAssociation: "Jardins de l'Est",
  email: "bureau@jardins-est.example",
};

const FIGURES = { owedCents: 4500, paidCents: 0, dueOn: "2026-04-01" };

const signed = "\n\nBien cordialement,\nJardins de l'Est\nhttp://localhost:3000/\n";

it("writes the settings' texts with their placeholders filled, unknown ones left as typed", () => {
  const mail = allotmentMail(gardener, plot, site, "2026-03-01", content);
  expect(mail.text).toBe(
    `Bienvenue Awa Diallo ! Parcelle 12 au Jardin des Brosses, cabane : 220 euros. {inconnu}${signed}`,
  );
  expect(mail.html).toContain("Bienvenue Awa Diallo !");
});

it("signs every e-mail with the association's name and takes the answers at its address", () => {
  const mails = [
    allotmentMail(gardener, plot, site, "2026-03-01", content),
    warningMail(gardener, plot, site, "2026-10-10", "Herbes hautes.", content),
    feeMail("appel", gardener, 2026, FIGURES, "la parcelle n° 12 (Jardin des Brosses)", content),
    feeMail("relance", gardener, 2026, FIGURES, "la parcelle n° 12 (Jardin des Brosses)", content),
  ];
  for (const mail of mails) {
    expect(mail.text.endsWith(signed)).toBe(true);
    expect(mail.text.match(/Bien cordialement/g)).toHaveLength(1);
    expect(mail.text).not.toContain("Le bureau de l'association");
    expect(mail.html).toContain("<p>Bien cordialement,<br>Jardins de l&#39;Est<br>http://localhost:3000/</p>");
    expect(mail.replyTo).toBe("bureau@jardins-est.example");
  }
});

it("leaves no double blank line where a placeholder is empty", () => {
  const mail = allotmentMail(gardener, plot, { ...site, accessNotes: "" }, "2026-03-01");
  expect(mail.text).toContain("Adresse du jardin : 27 rue des Brosses, Villeurbanne.\n\nPour votre première venue");
  expect(mail.text).not.toMatch(/\n\s*\n\s*\n/);
  expect(allotmentMail(gardener, plot, site, "2026-03-01").text).toContain(
    "Adresse du jardin : 27 rue des Brosses, Villeurbanne.\nCode 1871\n\nPour votre première venue",
  );
});

it("falls back on the default texts", () => {
  const mail = allotmentMail(gardener, { ...plot, cabinValue: null }, site, "2026-03-01");
  expect(mail.text).toContain("la reprise de la cabane, s'il y en a une : pas de cabane sur cette parcelle ;");
  expect(mail.text).toContain(
    "faire connaissance avec vos voisins de parcelle :\nPermanences\u202f: samedi 9\u00a0h – 12\u00a0h",
  );
  const warning = warningMail(gardener, plot, site, "2026-10-10", "", content);
  expect(warning.text).toContain("a reçu un avertissement :\nla parcelle n'est pas entretenue.");
});

it("says the fee and how to pay it", () => {
  const mail = feeMail("appel", gardener, 2026, FIGURES, "la parcelle n° 12 (Jardin des Brosses)", content);
  expect(mail.subject).toBe("Appel à cotisation 2026");
  expect(mail.text).toMatch(
    /Votre cotisation 2026 pour la parcelle n° 12 \(Jardin des Brosses\) est de 45,00\s€, à régler avant le 1er avril 2026\./,
  );
  expect(mail.text).toContain("Chèque à l'ordre des Jardins de l'Est.");
  expect(missingPaymentDetails(content)).toEqual([]);
});

it("lists the means whose details are set, and names those the text offers without them", () => {
  const details = {
    ...content,
    feePaymentInstructions: null,
    feeIban: "FR76 3000 6000 0112 3456 7890 189",
    feeBic: "AGRIFRPP",
    feeChequeOrder: "Jardins de l'Est",
  };
  expect(feeInstructions(details)).toBe(
    "Vous pouvez régler :\n- par chèque à l'ordre de Jardins de l'Est, remis aux permanences (Samedi 9h-12h) ;\n- par virement sur le compte FR76 3000 6000 0112 3456 7890 189 (BIC AGRIFRPP), en indiquant votre nom et votre numéro de parcelle.",
  );
  // The footer's opening hours, as the bureau writes them, are not prefixed twice.
  expect(feeInstructions({ ...details, horaires: "Permanences\u202f: samedi 9 h – 12 h" })).toContain(
    "remis aux permanences (samedi 9 h – 12 h) ;",
  );
  expect(missingPaymentDetails(details)).toEqual([]);
  expect(missingPaymentDetails({ ...content, feePaymentInstructions: "Par chèque, virement ou HelloAsso." })).toEqual([
    "le chèque est proposé sans l'ordre auquel le libeller",
    "le virement est proposé sans IBAN",
    "HelloAsso est proposé sans le lien de la page",
  ]);
  // The default settings name no means at all: the call is refused too.
  expect(missingPaymentDetails(undefined)).toEqual([expect.stringContaining("aucun moyen de paiement")]);
  const reminder = feeMail("relance", gardener, 2026, { ...FIGURES, paidCents: 3000 }, "", details);
  expect(reminder.text).toContain("vous avez versé 30,00\u00a0€, il reste 15,00\u00a0€");
});
