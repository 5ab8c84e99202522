/** Text helpers shared by the browser and the server (no DOM needed). */
import { escapeHtml } from "./html";

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  laquo: "«",
  raquo: "»",
  hellip: "…",
  ndash: "–",
  mdash: "—",
  euro: "€",
};

/** Decodes the HTML entities a rich-text editor produces (common named ones and numeric ones). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, code: string) => {
    if (code[0] === "#") {
      const point = code[1] === "x" || code[1] === "X" ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(point) && point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : match;
    }
    return NAMED_ENTITIES[code.toLowerCase()] ?? match;
  });
}

/** The visible text of an HTML fragment: tags removed, entities decoded, whitespace collapsed. */
export function stripHtml(html: string | null | undefined): string {
  if (!html) return "";
  const withoutTags = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<br\s*\/?>|<\/(p|li|div|h[1-6])\s*>/gi, " ")
    .replace(/<[^>]*>/g, "");
  return decodeEntities(withoutTags).replace(/\s+/g, " ").trim();
}

/**
 * Plain-text excerpt of at most `length` characters, followed by an ellipsis when it was cut: cut between two words
 * (inside one only when a single word is longer than `length`), without the punctuation left hanging before the cut.
 */
export function excerpt(html: string | null | undefined, length: number): string {
  const text = stripHtml(html);
  if (text.length <= length) return text;
  const cut = text.slice(0, length + 1);
  const space = cut.lastIndexOf(" ");
  const kept = space > 0 ? cut.slice(0, space) : text.slice(0, length);
  return `${kept.replace(/[\s,;:–—-]+$/u, "")}…`;
}

/** An image address the site may display: a local path (`/media/…`) or an absolute http(s) URL. */
export function isSafeImageUrl(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const url = value.trim();
  if (!url || url.length > 2000) return false;
  return /^\/(?!\/)/.test(url) || /^https?:\/\/[^\s]+$/i.test(url);
}

/**
 * A list given as text: a JSON array's text is parsed (invalid JSON gives an empty list), any other text is cut by
 * `split`. A value that is not text is returned as it is.
 */
export function listFromText(value: unknown, split: (text: string) => unknown[]): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (!text.startsWith("[")) return split(text);
  try {
    return JSON.parse(text);
  } catch {
    return [];
  }
}

/**
 * Normalises a list of image addresses from a form or the database: accepts an array or a JSON array
 * string, removes nulls, empties and unsafe addresses (blob:, data:, javascript:…), keeps at most `max`.
 * Anything else (invalid JSON, an object…) becomes an empty list.
 */
export function cleanImageList(value: unknown, max: number): string[] {
  const list = listFromText(value, (text) => (text ? [text] : []));
  if (!Array.isArray(list)) return [];
  return list
    .filter(isSafeImageUrl)
    .map((url) => url.trim())
    .slice(0, max);
}

/** A database id from a route parameter or form value ("12" → 12); null for anything else. */
export function parseId(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}

/**
 * Rich text as plain text a person can edit in a textarea: one paragraph a block, separated by a blank line, list
 * items on lines of their own starting with "- ". What the rich-text field shows when JavaScript is off.
 */
export function richTextToPlain(html: string | null | undefined): string {
  if (!html) return "";
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1\s*>/gi, "")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<li[^>]*>/gi, "- ")
    .replace(/<\/(li)\s*>/gi, "\n")
    .replace(/<\/(p|div|h[1-6]|ul|ol)\s*>/gi, "\n\n")
    .replace(/<[^>]*>/g, "");
  return decodeEntities(text)
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Plain text typed without the editor, as rich text: a paragraph per block, a line break per line, no markup kept. */
export function plainToRichText(text: string | null | undefined): string {
  if (!text?.trim()) return "";
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map(
      (block) =>
        `<p>${block
          .split("\n")
          .map((line) => escapeHtml(line.trim()))
          .join("<br>")}</p>`,
    )
    .join("");
}

/** « 1 parcelle créée », « 3 parcelles créées »: a count with its words in the singular or the plural. */
export function counted(n: number, one: string, many: string) {
  return `${n} ${n > 1 ? many : one}`;
}

// C0 controls but tab, line feed and carriage return; DEL; C1 controls. Matching them is the point here.
// oxlint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000E-\u001F\u007F-\u009F]/g;

/**
 * A text sent by a visitor (a form's field, a URL's parameter) as the rest of the code may see it: vertical tabs and
 * form feeds (line breaks pasted from a word processor) become line breaks, other control characters are removed
 * and lone surrogates become U+FFFD. A person loses nothing visible, and no schema, query or e-mail ever sees a NUL
 * byte (PostgreSQL refuses them).
 */
export function cleanText(value: string): string {
  return (
    value
      // oxlint-disable-next-line no-control-regex
      .replace(/[\u000B\u000C]/g, "\n")
      .replace(CONTROL_CHARACTERS, "")
      .toWellFormed()
  );
}

/** A text on one line: every run of white space, line breaks included, becomes one space; trimmed. */
export const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

// Lower-case words that belong to the family name that follows them: « Jean de La Fontaine », « Yann Le Goff ».
const NAME_PARTICLES = new Set(
  "de du des d' le la les van von der den da das do dos di del della ben el al ter ten".split(" "),
);

const inCapitals = (word: string) => word.length >= 2 && word === word.toUpperCase() && word !== word.toLowerCase();

/**
 * A best guess of the family name and given names in a « Nom et prénom » written on one line: the words in capitals
 * when some are (« DUPONT Jean », « Jean-Pierre MARTIN »), otherwise the last word with the particles before it
 * (« Jean de La Fontaine »). The bureau corrects it on the gardener's record. Migration 0019 made the same guess in
 * SQL for the gardeners already recorded; keep both alike.
 */
export function splitName(fullName: string): { familyName: string; givenNames: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { familyName: "", givenNames: "" };
  const capitals = words.filter(inCapitals);
  if (capitals.length > 0 && capitals.length < words.length)
    return { familyName: capitals.join(" "), givenNames: words.filter((w) => !inCapitals(w)).join(" ") };
  let start = words.length - 1;
  while (start > 1 && NAME_PARTICLES.has(words[start - 1]!.toLowerCase())) start--;
  return { familyName: words.slice(start).join(" "), givenNames: words.slice(0, start).join(" ") };
}

/** « Camille Roux »: the name as it is written, from its parts. */
export const fullName = (givenNames: string, familyName: string) =>
  [givenNames.trim(), familyName.trim()].filter(Boolean).join(" ");

/** « Roux, Camille »: a name in a list sorted by family name. */
export const familyFirst = (person: { familyName: string; givenNames: string; name: string }) =>
  person.familyName ? [person.familyName, person.givenNames].filter(Boolean).join(", ") : person.name;

// One collator for every name sorted in JavaScript: French order (« Aïcha » before « Arthur », « Élodie » among
// the E), case and accents ignored beyond that, numbers in numeric order. SQL uses the `french` collation alike.
const frenchCollator = new Intl.Collator("fr", { sensitivity: "base", numeric: true });

/** Compares two texts in French order, for `Array.prototype.sort`. */
export const compareFrench = (a: string, b: string) => frenchCollator.compare(a, b);

/**
 * « de Camille », « d'Abdoulaye », « d'Hélène », « d'Yves » but « de Yann »: the preposition elided before a vowel
 * sound (a vowel, a mute h, a y before a consonant).
 */
export function de(word: string) {
  const text = word.trim();
  return /^(?:[aeiouâàäéèêëîïôöûùüœæh]|y[^aeiouâàäéèêëîïôöûùü])/i.test(text) ? `d'${text}` : `de ${text}`;
}

/**
 * « de » before an association's name, joined to the name's own article: « des Jardins de Brosses », « du Potager du
 * Rhône », « de la Ferme », « de l'Oasis », else as `de` (a person's family name « Le Goff » keeps « de Le Goff »).
 */
export function deAssociation(name: string) {
  const text = name.trim();
  const article = /^(les|le|la|l')(\s+|(?<=')\s*)(.+)$/iu.exec(text);
  if (!article) return de(text);
  const [, det, , rest] = article;
  const lower = det!.toLowerCase();
  return lower === "les"
    ? `des ${rest}`
    : lower === "le"
      ? `du ${rest}`
      : lower === "la"
        ? `de la ${rest}`
        : `de l'${rest}`;
}

const folded = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** « Rue du Tonkin, 69100 Villeurbanne »: an address followed by its town, unless it names the town already. */
export function withTown(address: string, town: string) {
  if (town && folded(address).includes(folded(town))) return address;
  return [address, town].filter(Boolean).join(", ");
}

/** Two people in the order of a sheet: family name, then given names, in French order. */
export const compareFamilyFirst = (
  a: { familyName: string; givenNames: string; name: string },
  b: { familyName: string; givenNames: string; name: string },
) => compareFrench(a.familyName || a.name, b.familyName || b.name) || compareFrench(a.givenNames, b.givenNames);

/** How the bureau may say who a person is, so the texts naming them agree; '' when not given. */
export const CIVILITIES = ["", "madame", "monsieur"] as const;
export type Civility = (typeof CIVILITIES)[number];
export const CIVILITY_OPTIONS: [Civility, string][] = [
  ["", "Non précisée"],
  ["madame", "Madame"],
  ["monsieur", "Monsieur"],
];

/**
 * A word agreeing with a person: « présente » for madame, « présent » for monsieur, both forms (« présent(e) ») when
 * the record does not say.
 */
export const agreed = (civility: string, masculine: string, feminine: string, unknown = `${masculine}(e)`) =>
  civility === "madame" ? feminine : civility === "monsieur" ? masculine : unknown;
