/**
 * Text helpers of the site search, safe for the browser: comparison without case or accents, and the short
 * excerpt of a result with the words found marked.
 */

/** Lower case, without accents: "Récolte" → "recolte". One output character per input character. */
export function fold(text: string): string {
  let out = "";
  for (const char of text) {
    const folded = char.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    // Characters that do not fold to exactly one (rare ligatures, some scripts) are kept as one placeholder, so
    // that positions in the folded text are positions in the original.
    out += folded.length === 1 ? folded : char.length === 1 ? char : "\u0000";
  }
  return out;
}

/** The words of a query, folded; very short ones only add noise. */
export function queryWords(query: string): string[] {
  return [
    ...new Set(
      fold(query)
        .split(/[^\p{L}\p{N}]+/u)
        .filter((word) => word.length >= 2),
    ),
  ];
}

/**
 * A word of the text matches a query word when it starts with the query word's stem: its first letters, as a French
 * stemmer would keep them ("tomates" finds "tomate", "récoltes" finds "récolte").
 */
function stemOf(word: string) {
  return word.length > 5 ? word.slice(0, Math.max(4, word.length - 2)) : word;
}

export interface TextPart {
  text: string;
  match: boolean;
}

/** Ranges [start, end) of the words of `text` that match one of `words` (folded), in order. */
function matchRanges(text: string, words: string[]): [number, number][] {
  const folded = fold(text);
  const stems = words.map(stemOf);
  const ranges: [number, number][] = [];
  for (const found of folded.matchAll(/[\p{L}\p{N}]+/gu)) {
    if (stems.some((stem) => found[0].startsWith(stem))) ranges.push([found.index, found.index + found[0].length]);
  }
  return ranges;
}

/** `text` split into parts, the words matching the query marked. */
export function highlight(text: string, query: string): TextPart[] {
  const parts: TextPart[] = [];
  let cursor = 0;
  for (const [start, end] of matchRanges(text, queryWords(query))) {
    if (start > cursor) parts.push({ text: text.slice(cursor, start), match: false });
    parts.push({ text: text.slice(start, end), match: true });
    cursor = end;
  }
  if (cursor < text.length) parts.push({ text: text.slice(cursor), match: false });
  return parts;
}

/**
 * About `length` characters of `text` around the first word matching the query (the start of the text when
 * nothing matches), cut at word boundaries with ellipses, the matching words marked.
 */
export function searchExcerpt(text: string, query: string, length = 180): TextPart[] {
  const [first] = matchRanges(text, queryWords(query));
  let start = first ? Math.max(0, first[0] - Math.floor(length / 3)) : 0;
  let end = Math.min(text.length, start + length);
  if (start > 0) {
    const space = text.indexOf(" ", start);
    start = space >= 0 && space < (first?.[0] ?? end) ? space + 1 : start;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    end = space > start ? space : end;
  }
  const parts = highlight(text.slice(start, end), query);
  if (start > 0) parts.unshift({ text: "… ", match: false });
  if (end < text.length) parts.push({ text: " …", match: false });
  return parts;
}
