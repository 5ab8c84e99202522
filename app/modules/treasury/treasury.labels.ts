/** How the treasurer's book names things, on screens, in PDFs and CSVs (decision 031). Safe for the browser. */

export const TREASURY_DIRECTIONS = ["recette", "depense", "virement"] as const;
export type TreasuryDirection = (typeof TREASURY_DIRECTIONS)[number];
export const DIRECTION_LABELS: Record<TreasuryDirection, string> = {
  recette: "Recette",
  depense: "Dépense",
  virement: "Virement interne",
};

export const TREASURY_MEANS = ["cheque", "virement", "especes", "carte", "helloasso", "prelevement", "autre"] as const;
export type TreasuryMeans = (typeof TREASURY_MEANS)[number];
export const MEANS_LABELS: Record<TreasuryMeans, string> = {
  cheque: "Chèque",
  virement: "Virement",
  especes: "Espèces",
  carte: "Carte bancaire",
  helloasso: "HelloAsso",
  prelevement: "Prélèvement",
  autre: "Autre",
};

export const ACCOUNT_KINDS = ["banque", "caisse", "epargne", "helloasso"] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];
export const ACCOUNT_KIND_LABELS: Record<AccountKind, string> = {
  banque: "Compte bancaire",
  caisse: "Caisse",
  epargne: "Épargne",
  helloasso: "HelloAsso (à recevoir)",
};
/** The chart number an account of each kind takes unless the bureau gives another. */
export const ACCOUNT_KIND_CODES: Record<AccountKind, string> = {
  banque: "512",
  caisse: "530",
  epargne: "5171",
  helloasso: "4671",
};
/** The account HelloAsso's payments wait in until its grouped payout reaches the bank, made with the first of them. */
export const HELLOASSO_ACCOUNT_NAME = "HelloAsso à recevoir";

/** The register's payments: the category each goes to, and the entry's label. */
export const PAYMENT_CATEGORY_CODES = { cotisation: "756", droit_entree: "7562", reprise_cabane: "7088" } as const;
export type RegisterPaymentKind = keyof typeof PAYMENT_CATEGORY_CODES;
export const paymentEntryLabel = (kind: RegisterPaymentKind, year: number) =>
  kind === "cotisation" ? `Cotisation ${year}` : kind === "droit_entree" ? "Budget d'entrée" : "Reprise de cabane";

/** « 756 Cotisations ». */
export const categoryName = (category: { code: string; label: string }) => `${category.code} ${category.label}`;

export const treasuryMessages = {
  closedYear: (year: number) =>
    `L'exercice ${year} est clôturé : ses écritures ne changent plus. Enregistrez la correction dans l'exercice ouvert.`,
  deposited: (on: string) =>
    `Ce chèque a été remis en banque le ${on} : l'écriture ne peut plus être supprimée ni changer de montant. Enregistrez la correction par une nouvelle écriture.`,
  helloAssoAccountName: `Un compte nommé « ${HELLOASSO_ACCOUNT_NAME} » existe déjà sans être un compte HelloAsso : renommez-le dans « Comptes et catégories » pour que les paiements en ligne y attendent leur versement.`,
  paidOut: (on: string) =>
    `Ce paiement fait partie du versement HelloAsso reçu le ${on} : annulez d'abord ce versement dans « Versements HelloAsso ».`,
  payoutTicked:
    "Ce versement est pointé sur un relevé bancaire : il ne s'annule plus. Enregistrez la correction par une nouvelle écriture.",
  payoutTransfer:
    "Ce virement est un versement HelloAsso : il ne change pas ici. Annulez-le dans « Versements HelloAsso » si besoin.",
  reconciled: (on: string) =>
    `Cette écriture est pointée sur le relevé du ${on} : elle ne peut plus être supprimée ni changer de montant. Enregistrez la correction par une nouvelle écriture.`,
  beforeOpening: (account: string, year: number) =>
    `Le compte « ${account} » est tenu ici depuis le 1er janvier ${year} : une écriture plus ancienne compterait deux fois avec son solde d'ouverture. Choisissez une date à partir de ${year}, ou changez l'année d'ouverture du compte dans « Comptes et catégories ».`,
  noAccount: "Aucun compte n'est ouvert dans la trésorerie : créez d'abord le compte bancaire ou la caisse.",
} as const;
