import { describe, expect, it } from "vitest";
import {
  associationPageFormSchema,
  contactInfoFormSchema,
  headerIconFormSchema,
  homeImageFormSchema,
  homeTextsFormSchema,
  identityFormSchema,
  plotsFormSchema,
} from "./content.schema";
import { CONTENT_DEFAULTS, withContentDefaults } from "./content.defaults";

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

describe("homeTextsFormSchema", () => {
  it("trims the texts and turns empty ones into null", () => {
    const result = homeTextsFormSchema.parse({ titreAccueil: "  Bienvenue  ", texteIntro: "", texteFooter: "   " });
    expect(result).toEqual({ titreAccueil: "Bienvenue", texteIntro: null, texteFooter: null });
  });

  it("caps the lengths", () => {
    expect(homeTextsFormSchema.safeParse({ titreAccueil: "a".repeat(200) }).success).toBe(true);
    const result = homeTextsFormSchema.safeParse({ titreAccueil: "a".repeat(201), texteIntro: "b".repeat(2001) });
    expect(messages(result)).toEqual({
      titreAccueil: "Ce texte est trop long (200 caractères maximum).",
      texteIntro: "Ce texte est trop long (2000 caractères maximum).",
    });
  });
});

describe("plotsFormSchema", () => {
  const message = "Merci de saisir des nombres valides pour les parcelles.";

  it("reads whole numbers, empty or missing input counting as 0", () => {
    expect(plotsFormSchema.parse({ parcellesOccupees: " 12 ", parcellesTotal: "40" })).toEqual({
      parcellesOccupees: 12,
      parcellesTotal: 40,
    });
    expect(plotsFormSchema.parse({ parcellesOccupees: "", parcellesTotal: "0" })).toEqual({
      parcellesOccupees: 0,
      parcellesTotal: 0,
    });
    expect(plotsFormSchema.parse({})).toEqual({ parcellesOccupees: 0, parcellesTotal: 0 });
  });

  it.each(["abc", "-1", "1.5", "12abc", "1e3", "99999999999"])("refuses %s", (value) => {
    const result = plotsFormSchema.safeParse({ parcellesOccupees: value, parcellesTotal: "3" });
    expect(messages(result)).toEqual({ parcellesOccupees: message });
  });

  it("refuses more plots occupied than there are, on the occupied field", () => {
    expect(messages(plotsFormSchema.safeParse({ parcellesOccupees: "41", parcellesTotal: "40" }))).toEqual({
      parcellesOccupees: "Le nombre de parcelles occupées ne peut pas dépasser le nombre total de parcelles.",
    });
    expect(plotsFormSchema.parse({ parcellesOccupees: "40", parcellesTotal: "40" }).parcellesOccupees).toBe(40);
  });
});

describe("identityFormSchema", () => {
  const numberMessage =
    "Indiquez le numéro RNA (W suivi de 9 chiffres) ou le numéro SIRET (14 chiffres) de l'association.";

  it("trims every text, empty ones becoming null", () => {
    const result = identityFormSchema.parse({
      nomAssociation: "  Jardins de l'Est ",
      slogan: "",
      tribunal: " Tribunal judiciaire de Lyon ",
    });
    expect(result).toMatchObject({
      nomAssociation: "Jardins de l'Est",
      slogan: null,
      tribunal: "Tribunal judiciaire de Lyon",
      charte: null,
    });
  });

  it.each(["W691234567", "w 691 234 567", "123 456 789 00012", "12345678900012"])(
    "accepts the registration number %s",
    (value) => {
      expect(identityFormSchema.safeParse({ editeurNumero: value }).success).toBe(true);
    },
  );

  it.each(["W12345", "691234567", "SIRET", "1234567890001"])("refuses the registration number %s", (value) => {
    expect(messages(identityFormSchema.safeParse({ editeurNumero: value }))).toEqual({ editeurNumero: numberMessage });
  });

  it("caps the lengths", () => {
    expect(
      messages(identityFormSchema.safeParse({ nomAssociation: "a".repeat(101), charte: "b".repeat(20_001) })),
    ).toEqual({
      nomAssociation: "Ce texte est trop long (100 caractères maximum).",
      charte: "Ce texte est trop long (20000 caractères maximum).",
    });
  });
});

describe("image forms", () => {
  it("requires a home image", () => {
    for (const input of [{}, { imageAccueil: "" }, { imageAccueil: "  " }]) {
      expect(messages(homeImageFormSchema.safeParse(input))).toEqual({
        imageAccueil: "Aucune image d’accueil à enregistrer.",
      });
    }
    expect(homeImageFormSchema.parse({ imageAccueil: "/media/accueil.webp" })).toEqual({
      imageAccueil: "/media/accueil.webp",
    });
    expect(homeImageFormSchema.safeParse({ imageAccueil: "javascript:alert(1)" }).success).toBe(false);
  });

  it("requires a header icon", () => {
    expect(messages(headerIconFormSchema.safeParse({ headerIcon: "" }))).toEqual({
      headerIcon: "Aucune icône à enregistrer.",
    });
    expect(headerIconFormSchema.parse({ headerIcon: "https://exemple.fr/logo.png" }).headerIcon).toBe(
      "https://exemple.fr/logo.png",
    );
  });
});

describe("associationPageFormSchema", () => {
  it("accepts up to 3 images as a JSON string, an array or a single address", () => {
    const three = ["/media/a.webp", "/media/b.webp", "/media/c.webp"];
    expect(associationPageFormSchema.parse({ imagesAssociation: JSON.stringify(three) }).imagesAssociation).toEqual(
      three,
    );
    expect(associationPageFormSchema.parse({ imagesAssociation: three }).imagesAssociation).toEqual(three);
    expect(associationPageFormSchema.parse({ imagesAssociation: "/media/a.webp" }).imagesAssociation).toEqual([
      "/media/a.webp",
    ]);
    expect(associationPageFormSchema.parse({}).imagesAssociation).toEqual([]);
  });

  it("drops empty and unsafe addresses", () => {
    const input = JSON.stringify(["", null, "blob:http://x/1", "/media/a.webp"]);
    expect(associationPageFormSchema.parse({ imagesAssociation: input }).imagesAssociation).toEqual(["/media/a.webp"]);
  });

  it("refuses a fourth image", () => {
    const four = JSON.stringify(["/media/a.webp", "/media/b.webp", "/media/c.webp", "/media/d.webp"]);
    expect(messages(associationPageFormSchema.safeParse({ imagesAssociation: four }))).toEqual({
      imagesAssociation: "Vous pouvez ajouter au maximum 3 images.",
    });
  });

  it("keeps the title and rich text, empty ones as null", () => {
    const result = associationPageFormSchema.parse({ titreAssociation: " Qui sommes-nous ", contentAssociation: "" });
    expect(result).toEqual({ titreAssociation: "Qui sommes-nous", contentAssociation: null, imagesAssociation: [] });
  });
});

describe("contactInfoFormSchema", () => {
  it("accepts a valid or empty email", () => {
    expect(contactInfoFormSchema.parse({ email: "" }).email).toBeNull();
    expect(contactInfoFormSchema.parse({ email: " contact@potager.fr " }).email).toBe("contact@potager.fr");
  });

  it("refuses an invalid email", () => {
    expect(messages(contactInfoFormSchema.safeParse({ email: "pas-un-email" }))).toEqual({
      email: "Format d'email invalide",
    });
  });

  it("keeps address, phone and hours", () => {
    const result = contactInfoFormSchema.parse({
      adresse: "1 place du Marché",
      telephone: "04 78 00 00 00",
      email: "",
      horaires: "Samedi",
    });
    expect(result).toEqual({
      adresse: "1 place du Marché",
      telephone: "04 78 00 00 00",
      email: null,
      horaires: "Samedi",
    });
  });
});

describe("withContentDefaults", () => {
  it("shows the defaults before any content exists", () => {
    const site = withContentDefaults(null);
    expect(site.horaires).toBe("Permanences\u202f: samedi 9\u00a0h – 12\u00a0h");
    expect(site.texteFooter).toBe(CONTENT_DEFAULTS.texteFooter);
    expect(site.contentAssociation).toBe(CONTENT_DEFAULTS.contentAssociation);
    expect(site.usesDefaultAssociationText).toBe(true);
    expect(site).toMatchObject({ id: null, imagesAssociation: [], parcellesOccupees: 0, parcellesTotal: 0 });
  });

  it("keeps filled fields and replaces blank ones", () => {
    const site = withContentDefaults({
      id: 4,
      titreAccueil: "Mon titre",
      horaires: "  ",
      contentAssociation: "<p>Notre texte</p>",
      imagesAssociation: [null, "/media/a.webp", ""],
      email: "",
      parcellesOccupees: 3,
    });
    expect(site).toMatchObject({
      id: 4,
      titreAccueil: "Mon titre",
      horaires: "Permanences\u202f: samedi 9\u00a0h – 12\u00a0h",
      contentAssociation: "<p>Notre texte</p>",
      usesDefaultAssociationText: false,
      imagesAssociation: ["/media/a.webp"],
      email: null,
      parcellesOccupees: 3,
    });
  });
});
