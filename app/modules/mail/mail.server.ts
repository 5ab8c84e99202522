// The outbox is outbox.server.ts, its worker mail-worker.server.ts, its transports transports.server.ts. What is
// left here serves the accounts module's imports until they name outbox.server.ts and mail.schema.ts.
export { enqueueMail } from "./outbox.server";
export type { MailMessage } from "./mail.schema";
