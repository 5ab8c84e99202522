import { describe, expect, it } from "vitest";
import {
  agreed,
  compareFrench,
  de,
  deAssociation,
  familyFirst,
  fullName,
  splitName,
  withTown,
  cleanImageList,
  cleanText,
  oneLine,
  decodeEntities,
  excerpt,
  isSafeImageUrl,
  parseId,
  plainToRichText,
  richTextToPlain,
  stripHtml,
} from "./text";

describe("stripHtml", () => {
  it("keeps the visible text only", () => {
    expect(stripHtml("<p>Bonjour <strong>les</strong> jardiniers</p><p>Suite</p>")).toBe(
      "Bonjour les jardiniers Suite",
    );
    expect(stripHtml("<p>a<br>b</p><script>alert(1)</script><ul><li>x</li><li>y</li></ul>")).toBe("a b x y");
    expect(stripHtml("<p><br></p>")).toBe("");
    expect(stripHtml(null)).toBe("");
  });

  it("decodes entities", () => {
    expect(stripHtml("<p>Tom &amp; Jerry&nbsp;&lt;3 &#233;t&#xE9; l&rsquo;&eacute;t&hellip;</p>")).toBe(
      "Tom & Jerry <3 été l’&eacute;t…",
    );
    expect(decodeEntities("&quot;&apos;&#39;&#0;")).toBe("\"''&#0;");
  });
});

describe("excerpt", () => {
  it("returns short text unchanged", () => {
    expect(excerpt("<p>Court</p>", 150)).toBe("Court");
    expect(excerpt("a".repeat(150), 150)).toBe("a".repeat(150));
  });

  it("cuts at N characters with an ellipsis", () => {
    expect(excerpt("a".repeat(151), 150)).toBe(`${"a".repeat(150)}…`);
    expect(excerpt("<p>Les tomates aiment le soleil</p>", 12)).toBe("Les tomates…");
  });

  it("cuts between words, never inside one, and leaves no punctuation hanging", () => {
    const text = "<p>Couvrez la terre de paille, de feuilles mortes ou de broyat ; arrosez le matin.</p>";
    expect(excerpt(text, 42)).toBe("Couvrez la terre de paille, de feuilles…");
    expect(excerpt(text, 29)).toBe("Couvrez la terre de paille…");
    expect(excerpt(text, 64)).toBe("Couvrez la terre de paille, de feuilles mortes ou de broyat…");
    // The cut falls just after a whole word: it is kept.
    expect(excerpt("Les tomates aiment le soleil", 11)).toBe("Les tomates…");
  });
});

describe("images", () => {
  it("accepts local paths and http(s) addresses only", () => {
    for (const url of ["/media/a.webp", "https://exemple.fr/a.jpg", "http://exemple.fr/a.jpg"]) {
      expect(isSafeImageUrl(url)).toBe(true);
    }
    for (const url of [
      "",
      "//evil.fr/a.jpg",
      "blob:http://x/1",
      "data:image/png;base64,A",
      "javascript:alert(1)",
      null,
      3,
    ]) {
      expect(isSafeImageUrl(url)).toBe(false);
    }
  });

  it("cleans lists: nulls, empties and unsafe addresses removed, capped, invalid format empty", () => {
    expect(
      cleanImageList(["/media/a.webp", null, "", " /media/b.webp ", "blob:x", "/media/c.webp", "/media/d.webp"], 3),
    ).toEqual(["/media/a.webp", "/media/b.webp", "/media/c.webp"]);
    expect(cleanImageList('["/media/a.webp"]', 3)).toEqual(["/media/a.webp"]);
    expect(cleanImageList("/media/a.webp", 3)).toEqual(["/media/a.webp"]);
    expect(cleanImageList("[not json", 3)).toEqual([]);
    expect(cleanImageList({ 0: "/media/a.webp" }, 3)).toEqual([]);
    expect(cleanImageList(undefined, 3)).toEqual([]);
    expect(cleanImageList("", 3)).toEqual([]);
  });
});

describe("parseId", () => {
  it("reads positive integers only", () => {
    expect(parseId("12")).toBe(12);
    expect(parseId(" 7 ")).toBe(7);
    expect(parseId(3)).toBe(3);
    for (const value of ["0", "-1", "1.5", "abc", "", "2147483648", "1e3", null, undefined, 1.5]) {
      expect(parseId(value)).toBeNull();
    }
  });
});

describe("richTextToPlain and plainToRichText", () => {
  it("turn the editor's HTML into text to edit without JavaScript: paragraphs, lines and list items", () => {
    const html =
      '<p>Semez <strong>tôt</strong> &amp; bien.</p><p>Ligne 1<br>Ligne 2</p><ol><li data-list="bullet">fèves</li><li>pois</li></ol>';
    expect(richTextToPlain(html)).toBe("Semez tôt & bien.\n\nLigne 1\nLigne 2\n\n- fèves\n- pois");
  });

  it("turn typed text into paragraphs, keeping no markup", () => {
    expect(plainToRichText("Bonjour <b>à tous</b>\nLigne deux\n\n\nDeuxième paragraphe")).toBe(
      "<p>Bonjour &lt;b&gt;à tous&lt;/b&gt;<br>Ligne deux</p><p>Deuxième paragraphe</p>",
    );
    expect(plainToRichText("  \n ")).toBe("");
  });
});

describe("cleanText", () => {
  it("keeps tabs, line breaks and every visible character", () => {
    expect(cleanText("Récolte\tde « tomates »\r\nà 28 °C 🍅")).toBe("Récolte\tde « tomates »\r\nà 28 °C 🍅");
  });

  it("turns vertical tabs and form feeds into line breaks and removes other controls", () => {
    expect(cleanText("a\u000Bb\u000Cc\u0000d\u001Be\u007Ff\u0085g")).toBe("a\nb\ncdefg");
  });

  it("replaces lone surrogates and keeps pairs", () => {
    expect(cleanText("\uD800x\uDFFF\uD83C\uDF45")).toBe("\uFFFDx\uFFFD🍅");
  });
});

describe("oneLine", () => {
  it("puts a title typed or pasted on several lines on one", () => {
    expect(oneLine("Fête des\r\nrécoltes\n\n  2026 ")).toBe("Fête des récoltes 2026");
  });
});

describe("names", () => {
  it("guesses the family name and given names of a « Nom et prénom »", () => {
    expect(splitName("Camille Roux")).toEqual({ familyName: "Roux", givenNames: "Camille" });
    expect(splitName("  DUPONT   Jean ")).toEqual({ familyName: "DUPONT", givenNames: "Jean" });
    expect(splitName("Jean-Pierre MARTIN")).toEqual({ familyName: "MARTIN", givenNames: "Jean-Pierre" });
    expect(splitName("Jean de La Fontaine")).toEqual({ familyName: "de La Fontaine", givenNames: "Jean" });
    expect(splitName("Yann Le Goff")).toEqual({ familyName: "Le Goff", givenNames: "Yann" });
    expect(splitName("Marie Claire Dubois")).toEqual({ familyName: "Dubois", givenNames: "Marie Claire" });
    expect(splitName("Abdoulaye")).toEqual({ familyName: "Abdoulaye", givenNames: "" });
    expect(splitName("Le Goff")).toEqual({ familyName: "Goff", givenNames: "Le" });
    expect(splitName("")).toEqual({ familyName: "", givenNames: "" });
    expect(fullName("Camille", "Roux")).toBe("Camille Roux");
    expect(familyFirst({ familyName: "Le Goff", givenNames: "Yann", name: "Yann Le Goff" })).toBe("Le Goff, Yann");
  });

  it("sorts in French order, not in code order", () => {
    const names = ["Élodie", "arthur", "Zoé", "Aïcha", "Émile", "Eric", "Œillet", "Oscar", "parcelle 10", "parcelle 9"];
    expect(names.toSorted(compareFrench)).toEqual([
      "Aïcha",
      "arthur",
      "Élodie",
      "Émile",
      "Eric",
      "Œillet",
      "Oscar",
      "parcelle 9",
      "parcelle 10",
      "Zoé",
    ]);
  });

  it("elides « de » before a vowel sound", () => {
    expect(`Fiche ${de("Abdoulaye")}`).toBe("Fiche d'Abdoulaye");
    expect(agreed("madame", "présent", "présente")).toBe("présente");
    expect(agreed("monsieur", "présent", "présente")).toBe("présent");
    expect(agreed("", "présent", "présente")).toBe("présent(e)");
    expect(de("Élodie Martin")).toBe("d'Élodie Martin");
    expect(de("Hélène")).toBe("d'Hélène");
    expect(de("Yves")).toBe("d'Yves");
    expect(de("Yann")).toBe("de Yann");
    expect(deAssociation("Les Jardins de Brosses")).toBe("des Jardins de Brosses");
    expect(deAssociation("Le Potager du Rhône")).toBe("du Potager du Rhône");
    expect(deAssociation("La Ferme des Mille Pots")).toBe("de la Ferme des Mille Pots");
    expect(deAssociation("L'Oasis")).toBe("de l'Oasis");
    expect(deAssociation("Arbres et Potagers")).toBe("d'Arbres et Potagers");
    // A name that only starts like an article keeps its preposition; a person's « Le Goff » is not an article.
    expect(deAssociation("Lesage")).toBe("de Lesage");
    expect(deAssociation("Laure")).toBe("de Laure");
    expect(de("Le Goff")).toBe("de Le Goff");
    expect(de("Camille")).toBe("de Camille");
  });
});

describe("withTown", () => {
  it("names the town once", () => {
    expect(withTown("Rue du Tonkin, 69100 Villeurbanne", "Villeurbanne")).toBe("Rue du Tonkin, 69100 Villeurbanne");
    expect(withTown("12 rue Victor-Hugo, 69120 VAULX-EN-VELIN", "Vaulx-en-Velin")).toBe(
      "12 rue Victor-Hugo, 69120 VAULX-EN-VELIN",
    );
    expect(withTown("Rue du Tonkin", "Villeurbanne")).toBe("Rue du Tonkin, Villeurbanne");
    expect(withTown("", "Villeurbanne")).toBe("Villeurbanne");
    expect(withTown("Rue du Tonkin", "")).toBe("Rue du Tonkin");
  });
});
