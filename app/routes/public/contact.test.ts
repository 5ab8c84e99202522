import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { contactMessages, outbox } from "~/db/schema";
import { describeEachDatabase } from "../../../tests/db";
import { contactForm, insertContent } from "../../../tests/factories";
import { answered, formPost, routeArgs } from "../../../tests/routes";
import { action } from "./contact";

type Result = { status: string; errors?: Record<string, string>; values?: Record<string, string>; message?: string };
const post = async (fields: Record<string, string>, ip?: string) =>
  answered<Result>(await action(routeArgs(formPost("/contact", fields), { ip })));
const stored = async () => ({
  messages: await getDb().select().from(contactMessages),
  mails: await getDb().select().from(outbox),
});

describeEachDatabase("POST /contact", () => {
  it("stores the message and mails it to the association, Reply-To the visitor; the answer is private", async () => {
    await insertContent({ email: "bureau@jardins.example" });
    const { value, status, headers } = await post(contactForm());
    expect([status, value]).toEqual([200, { status: "sent" }]);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    const { messages, mails } = await stored();
    expect(messages).toMatchObject([{ name: "Léa Bernard", subject: "Visite des jardins" }]);
    expect(mails).toMatchObject([{ to: "bureau@jardins.example", replyTo: "lea.bernard@example.fr" }]);
  });

  it("answers each missing field with the spec's message, keeps what was typed but the captcha, stores nothing", async () => {
    const { value, status } = await post(
      contactForm({ name: "", email: "pas-une-adresse", message: "  ", captcha: "8" }),
    );
    expect(status).toBe(400);
    expect(value.errors).toEqual({
      name: "Ce champ est obligatoire",
      email: "Veuillez entrer une adresse email valide",
      message: "Ce champ est obligatoire",
      captcha: "Réponse incorrecte au captcha",
    });
    expect(value.values).toEqual({ name: "", email: "pas-une-adresse", subject: "Visite des jardins", message: "  " });
    expect(await stored()).toEqual({ messages: [], mails: [] });
  });

  it("refuses a text too long or a line break in the subject, with a 400", async () => {
    const { value, status } = await post(contactForm({ message: "a".repeat(5001), subject: "Objet\r\nBcc: x@y.fr" }));
    expect(status).toBe(400);
    expect(value.errors).toEqual({
      subject: "Ce champ ne doit pas contenir de retour à la ligne.",
      message: "Ce texte est trop long (5000 caractères maximum).",
    });
  });

  it("answers a filled honeypot as a success and stores nothing", async () => {
    const { value, status } = await post({ ...contactForm(), site_web: "https://spam.example" });
    expect([status, value]).toEqual([200, { status: "sent" }]);
    expect(await stored()).toEqual({ messages: [], mails: [] });
  });

  it("accepts 5 messages per address in 10 minutes, then answers 429 in French", async () => {
    for (let i = 0; i < 5; i++)
      expect((await post(contactForm({ subject: `Message ${i}` }), "198.51.100.1")).status).toBe(200);
    const refused = await post(contactForm({ subject: "Un de trop" }), "198.51.100.1");
    expect(refused.status).toBe(429);
    expect(refused.value).toMatchObject({ status: "limited", values: { subject: "Un de trop" } });
    expect(refused.value.message).toBe(
      "Vous avez envoyé ce formulaire trop souvent. Merci de réessayer dans quelques minutes.",
    );
    expect((await stored()).messages).toHaveLength(5);
    // Another address is not affected.
    expect((await post(contactForm(), "198.51.100.2")).status).toBe(200);
  });

  it("lets a visitor correct mistakes many times, up to 30 attempts", async () => {
    for (let i = 0; i < 29; i++) expect((await post(contactForm({ captcha: "0" }), "198.51.100.3")).status).toBe(400);
    expect((await post(contactForm(), "198.51.100.3")).status).toBe(200);
    expect((await post(contactForm(), "198.51.100.3")).status).toBe(429);
  });
});
