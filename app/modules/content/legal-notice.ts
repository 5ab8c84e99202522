// The facts the law on the digital economy (LCEN, article 6-III) requires the legal notice to give: the host's name,
// address and telephone, and the publication director's name. Safe for the browser (the settings screen says it too).

type LegalFacts = Record<
  "directeurPublication" | "hebergeurNom" | "hebergeurAdresse" | "hebergeurTelephone",
  string | null | undefined
>;

const REQUIRED: [keyof LegalFacts, string][] = [
  ["hebergeurNom", "le nom de l'hébergeur"],
  ["hebergeurAdresse", "l'adresse de l'hébergeur"],
  ["hebergeurTelephone", "le téléphone de l'hébergeur"],
  ["directeurPublication", "le nom du directeur de la publication"],
];

/** What the legal notice must name and the settings do not give yet, in French, in the notice's order. */
export function missingLegalFacts(legal: LegalFacts) {
  return REQUIRED.filter(([field]) => !legal[field]?.trim()).map(([, words]) => words);
}

/** « a, b et c ». */
export function frenchList(items: string[]) {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} et ${items.at(-1)}`;
}
