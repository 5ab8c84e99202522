import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { TOO_MANY_IMAGES_MESSAGE, tooLongMessage } from "~/lib/constants";
import {
  filledText,
  imageList,
  optionalEmail,
  optionalImageUrl,
  optionalLine,
  optionalText,
  requiredImageUrl,
  requiredLine,
  requiredText,
} from "./fields.schema";
import { gardenerFormSchema, siteFormSchema } from "~/modules/register/plots.schema";

const MISSING = "Ce champ est obligatoire";
const INVALID = "Valeur invalide";

/** The messages of a failed parse, or [] when it succeeds. */
function messages(schema: z.ZodType, value: unknown) {
  return (schema.safeParse(value).error?.issues ?? []).map((i) => i.message);
}

describe("filledText", () => {
  it("trims the value", () => {
    expect(filledText(MISSING).parse("  Tomates ")).toBe("Tomates");
  });

  it.each([undefined, null, 12, "", "   "])("refuses %j with the given message only", (value) => {
    expect(messages(filledText(MISSING), value)).toEqual([MISSING]);
  });
});

describe("requiredText", () => {
  it("trims, then caps the length", () => {
    expect(requiredText(5, MISSING).parse(" abcde ")).toBe("abcde");
    expect(messages(requiredText(5, MISSING), "abcdef")).toEqual([tooLongMessage(5)]);
  });

  it("gives only the given message when missing or blank", () => {
    expect(messages(requiredText(5, MISSING), undefined)).toEqual([MISSING]);
    expect(messages(requiredText(5, MISSING), "  ")).toEqual([MISSING]);
  });
});

describe("optionalText", () => {
  it("trims and caps the length", () => {
    expect(optionalText(5).parse(" abc ")).toBe("abc");
    expect(messages(optionalText(5), "abcdef")).toEqual([tooLongMessage(5)]);
  });

  it("turns a missing or blank value into null, or into the given empty value", () => {
    for (const value of [undefined, "", "  "]) {
      expect(optionalText(5).parse(value)).toBeNull();
      expect(optionalText(5, "").parse(value)).toBe("");
    }
  });
});

describe("optionalEmail", () => {
  it("keeps a valid address, trimmed", () => {
    expect(optionalEmail(INVALID).parse(" jardin@example.fr ")).toBe("jardin@example.fr");
  });

  it("turns a missing or blank address into null", () => {
    expect(optionalEmail(INVALID).parse(undefined)).toBeNull();
    expect(optionalEmail(INVALID).parse("  ")).toBeNull();
  });

  it("refuses a malformed or too long address with the given message", () => {
    expect(messages(optionalEmail(INVALID), "pas-un-email")).toEqual([INVALID]);
    expect(messages(optionalEmail(INVALID), `${"a".repeat(250)}@example.fr`)).toEqual([INVALID]);
  });
});

describe("requiredImageUrl", () => {
  it("keeps a local path or an http(s) address, trimmed", () => {
    expect(requiredImageUrl(MISSING, INVALID).parse(" /media/a.webp ")).toBe("/media/a.webp");
    expect(requiredImageUrl(MISSING, INVALID).parse("https://example.fr/a.jpg")).toBe("https://example.fr/a.jpg");
  });

  it("tells a missing address from an unsafe one", () => {
    expect(messages(requiredImageUrl(MISSING, INVALID), undefined)).toEqual([MISSING]);
    expect(messages(requiredImageUrl(MISSING, INVALID), " ")).toEqual([MISSING]);
    expect(messages(requiredImageUrl(MISSING, INVALID), "blob:http://localhost/1")).toEqual([INVALID]);
  });
});

describe("optionalImageUrl", () => {
  it("keeps a safe address and turns a missing or blank one into null", () => {
    expect(optionalImageUrl(INVALID).parse(" /media/a.webp ")).toBe("/media/a.webp");
    expect(optionalImageUrl(INVALID).parse(undefined)).toBeNull();
    expect(optionalImageUrl(INVALID).parse("")).toBeNull();
  });

  it("refuses an unsafe address with the given message", () => {
    expect(messages(optionalImageUrl(INVALID), "javascript:alert(1)")).toEqual([INVALID]);
  });
});

describe("imageList", () => {
  it("reads repeated values, a JSON array string or a single address", () => {
    expect(imageList(3).parse(["/media/a.webp", "/media/b.webp"])).toEqual(["/media/a.webp", "/media/b.webp"]);
    expect(imageList(3).parse('["/media/a.webp"]')).toEqual(["/media/a.webp"]);
    expect(imageList(3).parse("/media/a.webp")).toEqual(["/media/a.webp"]);
    expect(imageList(3).parse(undefined)).toEqual([]);
  });

  it("drops empty and unsafe addresses before counting", () => {
    expect(imageList(1).parse(["", "data:image/png;base64,AAAA", "/media/a.webp"])).toEqual(["/media/a.webp"]);
  });

  it("refuses more than max addresses", () => {
    expect(messages(imageList(1), ["/media/a.webp", "/media/b.webp"])).toEqual([TOO_MANY_IMAGES_MESSAGE]);
  });
});

describe("titles and names", () => {
  it("are put on one line, so that no e-mail quoting them can break", () => {
    expect(requiredLine(100, "Titre ?").parse(" Fête des\r\nrécoltes\n")).toBe("Fête des récoltes");
    expect(requiredLine(100, "Titre ?").safeParse("\n \r\n").error?.issues[0]?.message).toBe("Titre ?");
    expect(optionalLine(100).parse("Rue du\nTonkin")).toBe("Rue du Tonkin");
    expect(optionalLine(100).parse(undefined)).toBeNull();
    expect(optionalLine(100, "").parse("  ")).toBe("");
    expect(siteFormSchema.shape.name.parse("Jardin des\nBrosses")).toBe("Jardin des Brosses");
    expect(gardenerFormSchema.shape.givenNames.parse("Anne\r\nMarie")).toBe("Anne Marie");
  });
});
