import { count, desc, eq } from "drizzle-orm";
import { getDb, type Executor, type Transaction } from "~/db/client.server";
import { contactMessages } from "~/modules/contact/contact.tables";
import { getContent } from "~/modules/content/content.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { contactMessageMail } from "./contact.mail.server";
import type { ContactFormValues } from "./contact.schema";

export type ContactMessage = typeof contactMessages.$inferSelect;

/** Stores a contact message; `onCreated` runs in the same transaction (e.g. to queue the e-mail atomically). */
export async function createContactMessage(
  input: ContactFormValues,
  onCreated?: (tx: Transaction, message: ContactMessage) => Promise<void>,
): Promise<ContactMessage> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ name: input.name, email: input.email, subject: input.subject, message: input.message })
      .returning();
    await onCreated?.(tx, row);
    return row;
  });
}

/** A visitor's message: stored, and mailed to the association (Reply-To the visitor) through the outbox. */
export async function sendContactMessage(input: ContactFormValues): Promise<ContactMessage> {
  const associationEmail = (await getContent())?.email;
  return createContactMessage(input, async (tx, message) => {
    await enqueueMail(tx, contactMessageMail(message, associationEmail));
  });
}

/** The messages received, newest first, a page at a time. */
export async function listContactMessages(options: { limit: number; offset?: number }): Promise<ContactMessage[]> {
  return getDb()
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(options.limit)
    .offset(options.offset ?? 0);
}

export async function countContactMessages(): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(contactMessages);
  return row.n;
}

export async function getContactMessage(id: number): Promise<ContactMessage | undefined> {
  const [row] = await getDb().select().from(contactMessages).where(eq(contactMessages.id, id));
  return row;
}

/** Whether a message was there to delete. */
export async function deleteContactMessage(id: number, executor: Executor = getDb()): Promise<boolean> {
  return (
    (await executor.delete(contactMessages).where(eq(contactMessages.id, id)).returning({ id: contactMessages.id }))
      .length > 0
  );
}
