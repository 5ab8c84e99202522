import { describe, expect, it } from "vitest";
import { fold, highlight, queryWords, searchExcerpt } from "./search-text";

const marked = (parts: { text: string; match: boolean }[]) =>
  parts.map((p) => (p.match ? `[${p.text}]` : p.text)).join("");

describe("fold", () => {
  it("drops case and accents, one character for one", () => {
    expect(fold("Événement RÉCOLTE à Vaulx")).toBe("evenement recolte a vaulx");
    expect(fold("Noël").length).toBe("Noël".length);
  });
});

describe("queryWords", () => {
  it("keeps the words of two letters or more, folded, once each", () => {
    expect(queryWords("  Tomates, tomates et à  l'ail ")).toEqual(["tomates", "et", "ail"]);
  });
});

describe("highlight", () => {
  it("marks words matching the query without regard to case or accents", () => {
    expect(marked(highlight("La Récolte des récoltes", "recolte"))).toBe("La [Récolte] des [récoltes]");
  });

  it("marks words of the same stem, as French search finds them", () => {
    expect(marked(highlight("Semez la tomate, puis les tomates cerises", "tomates"))).toBe(
      "Semez la [tomate], puis les [tomates] cerises",
    );
  });

  it("leaves a text without match whole", () => {
    expect(highlight("Rien à voir", "compost")).toEqual([{ text: "Rien à voir", match: false }]);
  });
});

describe("searchExcerpt", () => {
  const text = `${"Un long début sans rapport. ".repeat(12)}Le compost mûr se trouve dans le troisième bac. ${"Une longue suite. ".repeat(12)}`;

  it("shows the text around the first match, cut at words, with ellipses", () => {
    const excerpt = marked(searchExcerpt(text, "compost", 120));
    expect(excerpt).toMatch(/^… /);
    expect(excerpt).toContain("Le [compost] mûr se trouve dans le troisième bac.");
    expect(excerpt).toMatch(/ …$/);
    expect(excerpt.length).toBeLessThan(140);
  });

  it("starts at the beginning when nothing matches, or when the match is near it", () => {
    expect(marked(searchExcerpt("Le compost du jardin", "compost"))).toBe("Le [compost] du jardin");
    expect(marked(searchExcerpt(text, "zzz", 40))).toMatch(/^Un long début sans rapport\. Un long …$/);
  });
});
