import { describe, expect, it } from "vitest";
import { minutesBlocks } from "./assembly.minutes.server";

describe("the minutes' blocks for the PDF", () => {
  it("sets a paragraph all in bold apart as a heading, each list item on its line, and keeps loose text", () => {
    const html = [
      "<p><strong>Ordre du jour</strong></p>",
      "<p>La séance est ouverte à 18h00, <strong>sous la présidence</strong> d&#39;Aïcha Aïdi.</p>",
      '<ol><li data-list="ordered">Rapport moral</li><li data-list="ordered">Budget 2027</li></ol>',
      "Texte collé hors paragraphe.",
      "<p> </p>",
    ].join("");
    expect(minutesBlocks(html)).toEqual([
      { heading: true, text: "Ordre du jour" },
      { heading: false, text: "La séance est ouverte à 18h00, sous la présidence d'Aïcha Aïdi." },
      { heading: false, text: "• Rapport moral" },
      { heading: false, text: "• Budget 2027" },
      { heading: false, text: "Texte collé hors paragraphe." },
    ]);
  });
});
