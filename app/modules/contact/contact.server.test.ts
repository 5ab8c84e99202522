import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { contactMessages, outbox } from "~/db/schema";
import { describeEachDatabase } from "../../../tests/db";
import { contactForm, insertContent } from "../../../tests/factories";
import { contactFormSchema } from "./contact.schema";
import {
  countContactMessages,
  createContactMessage,
  deleteContactMessage,
  getContactMessage,
  listContactMessages,
  sendContactMessage,
} from "./contact.server";

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
      await tx
        .insert(outbox)
        .values({ to: "contact@potager.fr", replyTo: message.email, subject: message.subject, text: message.message });
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

  it("lists the messages newest first, a page at a time, and reads or deletes one", async () => {
    const at = (day: number) => new Date(Date.UTC(2026, 10, day, 9));
    for (const [day, subject] of [
      [3, "Troisième"],
      [1, "Premier"],
      [2, "Deuxième"],
    ] as const) {
      const message = await createContactMessage({ ...form(), subject });
      await getDb()
        .update(contactMessages)
        .set({ createdAt: at(day) })
        .where(eq(contactMessages.id, message.id));
    }
    expect((await listContactMessages({ limit: 2 })).map((m) => m.subject)).toEqual(["Troisième", "Deuxième"]);
    expect((await listContactMessages({ limit: 2, offset: 2 })).map((m) => m.subject)).toEqual(["Premier"]);
    expect(await countContactMessages()).toBe(3);
    const [newest] = await listContactMessages({ limit: 1 });
    expect(await getContactMessage(newest.id)).toEqual(newest);
    expect(await deleteContactMessage(newest.id)).toBe(true);
    expect(await deleteContactMessage(newest.id)).toBe(false);
    expect(await getContactMessage(newest.id)).toBeUndefined();
    expect(await countContactMessages()).toBe(2);
  });
});
