import { describe, expect, it } from "vitest";
import { adForm } from "../../../tests/factories";
import { adEditFormSchema, adFormSchema } from "./ads.schema";

const schema = adFormSchema("potager");
const REQUIRED = "Les champs obligatoires (*) doivent être remplis.";

function messages(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

describe("adFormSchema", () => {
  it("accepts a complete ad and leaves the captcha out of the result", () => {
    expect(schema.parse(adForm({ photo1: "/media/p1.webp" }))).toEqual({
      nom: "Jean Dupont",
      email: "jean.dupont@example.fr",
      telephone: "0612345678",
      type: "donne",
      contenu: "Je donne des plants de tomates.",
      photo1: "/media/p1.webp",
      photo2: null,
    });
  });

  it("requires nom, telephone and type with one message", () => {
    expect(messages(schema.safeParse(adForm({ nom: "", telephone: " ", type: undefined })))).toEqual({
      nom: REQUIRED,
      telephone: REQUIRED,
      type: REQUIRED,
    });
  });

  it.each(["recherche", "vend", "donne", "échange"])("accepts the type %s", (type) => {
    expect(schema.parse(adForm({ type })).type).toBe(type);
  });

  it("refuses an unknown type", () => {
    expect(messages(schema.safeParse(adForm({ type: "loue" })))).toEqual({ type: "Type d'annonce invalide." });
  });

  it("compares the captcha with the secret ignoring case", () => {
    expect(schema.safeParse(adForm({ captcha: " POTAGER " })).success).toBe(true);
    const message = "Captcha incorrect. Veuillez écrire : potager";
    expect(messages(schema.safeParse(adForm({ captcha: "potage" })))).toEqual({ captcha: message });
    expect(messages(schema.safeParse(adForm({ captcha: undefined })))).toEqual({ captcha: message });
    expect(messages(adFormSchema("Radis").safeParse(adForm({ captcha: "x" })))).toEqual({
      captcha: "Captcha incorrect. Veuillez écrire : Radis",
    });
    expect(adFormSchema("Radis").safeParse(adForm({ captcha: "radis" })).success).toBe(true);
  });

  it("makes email, contenu and photos optional, the email valid when given", () => {
    const result = schema.parse(adForm({ email: "", contenu: "", photo1: undefined, photo2: "" }));
    expect(result).toMatchObject({ email: null, contenu: null, photo1: null, photo2: null });
    expect(messages(schema.safeParse(adForm({ email: "jean@" })))).toEqual({ email: "Format d'email invalide" });
  });

  it("refuses unsafe photo addresses", () => {
    expect(messages(schema.safeParse(adForm({ photo1: "javascript:alert(1)" })))).toEqual({
      photo1: "Adresse d'image invalide.",
    });
  });

  it("caps the lengths", () => {
    expect(schema.safeParse(adForm({ contenu: "a".repeat(5000) })).success).toBe(true);
    expect(messages(schema.safeParse(adForm({ contenu: "a".repeat(5001), nom: "n".repeat(201) })))).toEqual({
      contenu: "Ce texte est trop long (5000 caractères maximum).",
      nom: "Ce texte est trop long (200 caractères maximum).",
    });
  });
});

describe("adEditFormSchema", () => {
  it("validates the edited fields without captcha", () => {
    expect(adEditFormSchema.parse({ nom: "Jean", telephone: "06", type: "vend", email: "", contenu: "x" })).toEqual({
      nom: "Jean",
      telephone: "06",
      type: "vend",
      email: null,
      contenu: "x",
    });
    expect(messages(adEditFormSchema.safeParse({ nom: "", telephone: "06", type: "vend" }))).toEqual({ nom: REQUIRED });
  });
});
