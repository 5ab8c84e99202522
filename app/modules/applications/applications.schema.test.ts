import { describe, expect, it } from "vitest";
import { applicationForm } from "../../../tests/factories";
import {
  APPLICATION_FIELD_LABELS,
  APPLICATION_FORM_DEFAULT_LABELS,
  applicationFormSchema,
  applicationFormSchemaFor,
  isFrenchPhone,
} from "./applications.schema";

function messages(input: Record<string, unknown>) {
  const result = applicationFormSchema.safeParse(input);
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

describe("applicationFormSchema", () => {
  it("accepts a complete form and ticks the boxes", () => {
    const result = applicationFormSchema.parse(applicationForm());
    expect(result).toEqual({
      nom: "Camille Martin",
      email: "camille.martin@example.fr",
      adresse: "12 rue des Lilas",
      ville: "Villeurbanne",
      telephoneportable: "06 12 34 56 78",
      telephonefixe: null,
      taillejardin: "moyenne",
      experience: "Potager familial depuis cinq ans",
      budgetconnu: true,
      tempsdisponible: "weekend",
      inspectionconnu: true,
      engagementcharte: true,
      engagementreglement: true,
      engagementlieupublic: true,
      motivations: "Cultiver mes légumes et partager avec les voisins.",
    });
  });

  it("names every missing field with its message", () => {
    expect(messages({})).toEqual({
      nom: "Le nom est obligatoire",
      email: "L'email est obligatoire",
      adresse: "L'adresse est obligatoire",
      ville: "La ville est obligatoire",
      telephoneportable: "Le téléphone portable est obligatoire",
      taillejardin: "La taille du jardin est obligatoire",
      experience: "L'expérience en jardinage est obligatoire",
      budgetconnu: "La connaissance du budget est obligatoire",
      tempsdisponible: "Le temps disponible est obligatoire",
      inspectionconnu: "L'acceptation des inspections mensuelles est obligatoire",
      engagementcharte: "L'engagement à respecter la charte est obligatoire",
      engagementreglement: "L'engagement à respecter le règlement intérieur est obligatoire",
      engagementlieupublic: "L'engagement au respect du lieu public est obligatoire",
      motivations: "Les motivations sont obligatoires",
    });
  });

  it("treats blank text as missing", () => {
    expect(messages(applicationForm({ nom: "   ", motivations: " \n " }))).toEqual({
      nom: "Le nom est obligatoire",
      motivations: "Les motivations sont obligatoires",
    });
  });

  it("uses one label per field", () => {
    expect(Object.keys(APPLICATION_FIELD_LABELS).sort()).toEqual(Object.keys(applicationFormSchema.shape).sort());
  });

  it("checks the email format", () => {
    expect(messages(applicationForm({ email: "" }))).toEqual({ email: "L'email est obligatoire" });
    expect(messages(applicationForm({ email: "camille@" }))).toEqual({ email: "Format d'email invalide" });
    expect(messages(applicationForm({ email: "camille.example.fr" }))).toEqual({ email: "Format d'email invalide" });
    expect(applicationFormSchema.parse(applicationForm({ email: "  a@b.fr " })).email).toBe("a@b.fr");
  });

  it.each([
    "0612345678",
    "06 12 34 56 78",
    "06.12.34.56.78",
    "06-12-34-56-78",
    "+33612345678",
    "+33 6 12 34 56 78",
    "0033 6 12 34 56 78",
    "0033612345678",
  ])("accepts the mobile number %s", (phone) => {
    expect(applicationFormSchema.safeParse(applicationForm({ telephoneportable: phone })).success).toBe(true);
  });

  it.each([
    "061234567",
    "06123456789",
    "+3361234567",
    "+44612345678",
    "06 12 34 56 7a",
    "612345678",
    "0033 06 12 34 56 78",
  ])("refuses the mobile number %s", (phone) => {
    expect(messages(applicationForm({ telephoneportable: phone }))).toEqual({
      telephoneportable: "Format de téléphone invalide (ex: 0612345678)",
    });
  });

  it("requires the mobile number", () => {
    expect(messages(applicationForm({ telephoneportable: "" }))).toEqual({
      telephoneportable: "Le téléphone portable est obligatoire",
    });
  });

  it("accepts an empty landline and checks a given one", () => {
    expect(applicationFormSchema.parse(applicationForm({ telephonefixe: "" })).telephonefixe).toBeNull();
    expect(applicationFormSchema.parse(applicationForm({ telephonefixe: undefined })).telephonefixe).toBeNull();
    expect(applicationFormSchema.parse(applicationForm({ telephonefixe: "04 12 34 56 78" })).telephonefixe).toBe(
      "04 12 34 56 78",
    );
    expect(messages(applicationForm({ telephonefixe: "041234567" }))).toEqual({
      telephonefixe: "Format de téléphone invalide (ex: 0412345678)",
    });
  });

  it("accepts only the listed plot sizes, times and cities", () => {
    for (const taillejardin of ["petite", "moyenne", "grande"]) {
      expect(applicationFormSchema.safeParse(applicationForm({ taillejardin })).success).toBe(true);
    }
    for (const tempsdisponible of ["1h", "2h", "weekend", "illimite"]) {
      expect(applicationFormSchema.safeParse(applicationForm({ tempsdisponible })).success).toBe(true);
    }
    for (const ville of ["Vaulx-en-velin", "Villeurbanne", "autre"]) {
      expect(applicationFormSchema.safeParse(applicationForm({ ville })).success).toBe(true);
    }
    expect(messages(applicationForm({ taillejardin: "immense", tempsdisponible: "3h", ville: "Lyon" }))).toEqual({
      taillejardin: "La taille du jardin est invalide",
      tempsdisponible: "Le temps disponible est invalide",
      ville: "La ville est invalide",
    });
  });

  it("requires every commitment box to be ticked", () => {
    expect(messages(applicationForm({ engagementcharte: undefined, budgetconnu: "non" }))).toEqual({
      engagementcharte: "L'engagement à respecter la charte est obligatoire",
      budgetconnu: "La connaissance du budget est obligatoire",
    });
    expect(applicationFormSchema.safeParse(applicationForm({ inspectionconnu: "true" })).success).toBe(true);
  });

  it("caps the length of every text", () => {
    expect(applicationFormSchema.safeParse(applicationForm({ motivations: "a".repeat(5000) })).success).toBe(true);
    expect(messages(applicationForm({ motivations: "a".repeat(5001), nom: "b".repeat(201) }))).toEqual({
      motivations: "Ce texte est trop long (5000 caractères maximum).",
      nom: "Ce texte est trop long (200 caractères maximum).",
    });
    expect(messages(applicationForm({ adresse: "c".repeat(301), experience: "d".repeat(2001) }))).toEqual({
      adresse: "Ce texte est trop long (300 caractères maximum).",
      experience: "Ce texte est trop long (2000 caractères maximum).",
    });
  });
});

describe("isFrenchPhone", () => {
  it("removes spaces, dots and dashes before checking", () => {
    expect(isFrenchPhone("04 12.34-56 78")).toBe(true);
    expect(isFrenchPhone("04/12/34/56/78")).toBe(false);
  });
});

describe("applicationFormSchemaFor", () => {
  const issues = (labels: Record<string, string>, input: Record<string, unknown>) =>
    Object.fromEntries(
      (applicationFormSchemaFor(labels).safeParse(input).error?.issues ?? []).map((i) => [i.path.join("."), i.message]),
    );

  it("names a field by the label the association wrote for it, as the form shows it", () => {
    const labels = {
      ...APPLICATION_FORM_DEFAULT_LABELS,
      nom: "Prénom et nom de famille",
      email: "Courriel :",
      ville: "Commune ?",
      engagementcharte: "J'accepte la charte.",
      motivations: "Pourquoi un jardin ?",
    };
    expect(
      issues(labels, applicationForm({ nom: "", email: "", engagementcharte: undefined, motivations: "" })),
    ).toEqual({
      nom: "Prénom et nom de famille est obligatoire",
      email: "Courriel est obligatoire",
      engagementcharte: "J'accepte la charte est obligatoire",
      // product §5 words this one itself.
      motivations: "Les motivations sont obligatoires",
    });
    expect(issues(labels, applicationForm({ ville: "Lyon" }))).toEqual({ ville: "Commune est invalide" });
  });

  it("keeps the spec's messages where the label is the default one", () => {
    expect(issues(APPLICATION_FORM_DEFAULT_LABELS, applicationForm({ nom: "", email: "" }))).toEqual({
      nom: "Le nom est obligatoire",
      email: "L'email est obligatoire",
    });
  });
});
