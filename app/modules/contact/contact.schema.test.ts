import { describe, expect, it } from "vitest";
import { contactForm } from "../../../tests/factories";
import { contactFormSchema } from "./contact.schema";

function messages(input: Record<string, unknown>) {
  const result = contactFormSchema.safeParse(input);
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

describe("contactFormSchema", () => {
  it("accepts a complete message and leaves the captcha out", () => {
    expect(contactFormSchema.parse(contactForm({ name: " Léa " }))).toEqual({
      name: "Léa",
      email: "lea.bernard@example.fr",
      subject: "Visite des jardins",
      message: "Bonjour, peut-on visiter les jardins samedi ?",
    });
  });

  it("requires name, subject and message", () => {
    expect(messages(contactForm({ name: "", subject: undefined, message: "  " }))).toEqual({
      name: "Ce champ est obligatoire",
      subject: "Ce champ est obligatoire",
      message: "Ce champ est obligatoire",
    });
  });

  it("requires a valid email", () => {
    for (const email of [undefined, "", "lea", "lea@", "lea bernard@example.fr"]) {
      expect(messages(contactForm({ email }))).toEqual({ email: "Veuillez entrer une adresse email valide" });
    }
  });

  it("requires 7 as the captcha answer", () => {
    expect(contactFormSchema.safeParse(contactForm({ captcha: " 7 " })).success).toBe(true);
    for (const captcha of [undefined, "", "8", "sept", "07"]) {
      expect(messages(contactForm({ captcha }))).toEqual({ captcha: "Réponse incorrecte au captcha" });
    }
  });

  it("refuses line breaks in name and subject, not in the message", () => {
    expect(messages(contactForm({ name: "Léa\r\nBcc: x@y.fr", subject: "Objet\nBcc: x@y.fr" }))).toEqual({
      name: "Ce champ ne doit pas contenir de retour à la ligne.",
      subject: "Ce champ ne doit pas contenir de retour à la ligne.",
    });
    expect(contactFormSchema.safeParse(contactForm({ message: "Ligne 1\nLigne 2" })).success).toBe(true);
  });

  it("caps the lengths", () => {
    expect(messages(contactForm({ message: "a".repeat(5001), subject: "b".repeat(201) }))).toEqual({
      message: "Ce texte est trop long (5000 caractères maximum).",
      subject: "Ce texte est trop long (200 caractères maximum).",
    });
  });
});
