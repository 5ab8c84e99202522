import { describe, expect, it } from "vitest";
import { associationName, GREETING_NAME_MAX, greeting, greetingName } from "./mail-templates.server";

describe("mail building blocks", () => {
  it("quotes of a name only letters, spaces, hyphens and apostrophes, cut between words", () => {
    expect(greetingName("  Élodie   N'Diaye-Côté  ")).toBe("Élodie N'Diaye-Côté");
    expect(greetingName("https://x.example")).toBe("https x example");
    const long = greetingName("Marie-Christine Delacroix-Fontaine de la Rochefoucauld");
    expect(long.length).toBeLessThanOrEqual(GREETING_NAME_MAX);
    expect(long).toBe("Marie-Christine Delacroix-Fontaine de la");
    expect(greeting("123 456")).toBe("Bonjour,");
  });

  it("names the association by its content, else the site's default name", () => {
    expect(associationName({ nomAssociation: " Les Jardins\ndu Tonkin " })).toBe("Les Jardins du Tonkin");
    expect(associationName({ nomAssociation: "" })).toBe("Potager");
    expect(associationName(null)).toBe("Potager");
  });
});
