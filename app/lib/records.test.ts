import { describe, expect, it } from "vitest";
import { own } from "./records";

describe("own", () => {
  it("reads only what a record holds itself, never what every object inherits", () => {
    const messages: Record<string, string> = { enregistre: "Article enregistré." };
    expect(own(messages, "enregistre")).toBe("Article enregistré.");
    for (const key of ["toString", "constructor", "__proto__", "valueOf", "hasOwnProperty", "inconnu"])
      expect(own(messages, key)).toBeUndefined();
    expect(own({ toString: "typé" }, "toString")).toBe("typé");
    expect(own(messages, null)).toBeUndefined();
    expect(own(undefined, "enregistre")).toBeUndefined();
  });
});
