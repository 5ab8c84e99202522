import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { contactMessages, outbox } from "~/db/schema";
import { describeEachDatabase } from "../../../tests/db";
import { contactForm, insertContent } from "../../../tests/factories";
import { contactFormSchema } from "./contact.schema";
import { createContactMessage, sendContactMessage } from "./contact.server";

const form = () => contactFormSchema.parse(contactForm());

describeEachDatabase("contact module", () => {
  it("createContactMessage stores name, email, subject and message", async () => {
    const message = await createContactMessage(form());
    expect(message).toMatchObject({
      name: "Léa Bernard",
      email: "lea.bernard@example.fr",
      subject: "Visite des jardins",
      message: "Bonjour, peut-on visiter les jardins samedi ?",
    });
    expect(await getDb().select().from(contactMessages)).toEqual([message]);
  });

  it("runs its hook in the same transaction", async () => {
    await createContactMessage(form(), async (tx, message) => {
      await tx.insert(outbox).values({ to: "contact@potager.fr", replyTo: message.email, subject: message.subject, text: message.message });
    });
    expect(await getDb().select({ replyTo: outbox.replyTo, subject: outbox.subject }).from(outbox)).toEqual([
      { replyTo: "lea.bernard@example.fr", subject: "Visite des jardins" },
    ]);
  });

  it("stores nothing when its hook fails", async () => {
    await expect(
      createContactMessage(form(), async (tx) => {
        await tx.insert(outbox).values({ to: "contact@potager.fr", subject: "s", text: "t" });
        throw new Error("échec");
      }),
    ).rejects.toThrow("échec");
    expect(await getDb().select().from(contactMessages)).toEqual([]);
    expect(await getDb().select().from(outbox)).toEqual([]);
  });

  it("sendContactMessage stores the message and queues it to the association, Reply-To the visitor", async () => {
    await insertContent({ email: "bureau@jardins.example" });
    const message = await sendContactMessage(form());
    const [mail] = await getDb().select().from(outbox);
    expect(mail).toMatchObject({ to: "bureau@jardins.example", replyTo: "lea.bernard@example.fr", status: "pending" });
    expect(mail.text).toContain(message.message);
  });

  it("sendContactMessage keeps nothing when the e-mail cannot be queued", async () => {
    // A recipient the mail schema refuses makes the outbox insert fail inside the transaction.
    await insertContent({ email: "pas-une-adresse" });
    await expect(sendContactMessage(form())).rejects.toThrow(/invalid email/i);
    expect(await getDb().select().from(contactMessages)).toEqual([]);
    expect(await getDb().select().from(outbox)).toEqual([]);
  });
});
