import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { newsletterSubscribers, outbox } from "~/db/schema";
import { unsubscribeToken } from "~/modules/newsletter/newsletter.server";
import { applyRetention } from "~/modules/retention/retention.server";
import { describeEachDatabase } from "../../../tests/db";
import { insertContent, insertSubscriber } from "../../../tests/factories";
import { answered, formPost, routeArgs } from "../../../tests/routes";
import { action as subscribe } from "./newsletter";
import { loader as confirm } from "./newsletter-confirm";
import { action as unsubscribe, loader as unsubscribePage } from "./newsletter-unsubscribe";

type Result = { status: string; errors?: Record<string, string>; values?: Record<string, string> };
const post = async (fields: Record<string, string>) =>
  answered<Result>(
    await subscribe(routeArgs(formPost("/lettre", { captcha: "7", source: "pied-de-page", ...fields }))),
  );
const subscribers = () => getDb().select().from(newsletterSubscribers).orderBy(newsletterSubscribers.id);
const mails = () => getDb().select().from(outbox).orderBy(outbox.id);
/** The confirmation link's token, from the last e-mail sent. */
const confirmToken = async () => /\/lettre\/confirmation\/([\w-]+)/.exec((await mails()).at(-1)!.text)![1]!;
const confirmWith = async (token: string) =>
  (await confirm(routeArgs(new Request(`http://localhost:3000/lettre/confirmation/${token}`), { params: { token } })))
    .confirmed;

describeEachDatabase("the newsletter's subscriptions", () => {
  it("double opt-in: a new address waits, gets one e-mail quoting nothing typed, and is confirmed by its link", async () => {
    await insertContent({ nomAssociation: "Les Jardins de Villeurbanne" });
    const answer = await post({ email: "  Nadia.Cherif@Example.fr ", source: "article", sourceId: "12" });
    expect([answer.status, answer.value, answer.headers.get("Cache-Control")]).toEqual([
      200,
      { status: "sent" },
      "private, no-store",
    ]);
    const [waiting] = await subscribers();
    expect(waiting).toMatchObject({
      email: "nadia.cherif@example.fr",
      status: "en_attente",
      consentSource: "article n° 12",
      confirmedAt: null,
    });
    expect(waiting!.consentWording).toContain("lettre d'information de Les Jardins de Villeurbanne");
    const [mail] = await mails();
    expect(mail).toMatchObject({
      to: "nadia.cherif@example.fr",
      subject: "Confirmez votre inscription à la lettre d'information",
    });
    expect(mail!.text).not.toContain("nadia");
    expect(mail!.html).not.toContain("nadia");

    expect(await confirmWith(await confirmToken())).toBe(true);
    const [confirmed] = await subscribers();
    expect(confirmed).toMatchObject({ status: "abonne", confirmTokenHash: null });
    expect(confirmed!.confirmedAt).toBeInstanceOf(Date);
    // A link serves once.
    expect(await confirmWith(await confirmToken())).toBe(false);
  });

  it("says the same to an address subscribed already, and sends it nothing", async () => {
    await insertSubscriber("josiane@example.fr");
    const answer = await post({ email: "JOSIANE@example.fr" });
    expect([answer.status, answer.value]).toEqual([200, { status: "sent" }]);
    expect(await mails()).toEqual([]);
    expect((await subscribers()).map((s) => s.status)).toEqual(["abonne"]);
  });

  it("a second request while waiting sends a new link, and the first no longer works", async () => {
    await post({ email: "karim@example.fr" });
    const first = await confirmToken();
    await post({ email: "karim@example.fr" });
    const second = await confirmToken();
    expect(second).not.toBe(first);
    expect(await confirmWith(first)).toBe(false);
    expect(await confirmWith(second)).toBe(true);
  });

  it("a link older than 48 hours no longer confirms, and an address never confirmed is deleted after 7 days", async () => {
    await post({ email: "claire@example.fr" });
    const token = await confirmToken();
    const [row] = await subscribers();
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    await getDb()
      .update(newsletterSubscribers)
      .set({ confirmBefore: hoursAgo(1), consentAt: hoursAgo(49) })
      .where(eq(newsletterSubscribers.id, row!.id));
    expect(await confirmWith(token)).toBe(false);
    await insertSubscriber("ancienne@example.fr", { consentAt: hoursAgo(24 * 30) });
    // Asked 49 hours ago: kept 4 days later (6 days and 1 hour), gone 5 days later (7 days and 1 hour).
    await applyRetention(new Date(Date.now() + 4 * 86_400_000));
    expect((await subscribers()).map((s) => s.email)).toEqual(["claire@example.fr", "ancienne@example.fr"]);
    const removed = await applyRetention(new Date(Date.now() + 5 * 86_400_000));
    expect(removed.unconfirmedSubscribers).toBe(1);
    // A confirmed address stays, however old its consent.
    expect((await subscribers()).map((s) => s.email)).toEqual(["ancienne@example.fr"]);
  });

  it("refuses a wrong address or captcha with their messages, keeps the address typed, stores nothing", async () => {
    const answer = await post({ email: "nadia@", captcha: "8" });
    expect(answer.status).toBe(400);
    expect(answer.value).toEqual({
      status: "invalid",
      errors: { email: "Indiquez une adresse e-mail valide.", captcha: "Réponse incorrecte au captcha" },
      values: { email: "nadia@" },
    });
    expect(await subscribers()).toEqual([]);
    expect(await mails()).toEqual([]);
  });

  it("unsubscribes in one click: the page's button, or the mail client's POST (RFC 8058); again is harmless", async () => {
    const row = await insertSubscriber("hugo@example.fr");
    const token = unsubscribeToken(row);
    const args = (request: Request) => routeArgs(request, { params: { token } });
    const url = `http://localhost:3000/lettre/desabonnement/${token}`;
    // Opening the link (a mail scanner does) changes nothing.
    expect(await unsubscribePage(args(new Request(url)))).toEqual({ known: true, done: false });
    expect((await subscribers())[0]!.status).toBe("abonne");
    // What Gmail or Outlook send: a POST without Origin, with this body.
    const oneClick = new Request(url, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(await unsubscribe(args(oneClick))).toEqual({ known: true, done: true });
    expect((await subscribers())[0]).toMatchObject({ status: "desabonne" });
    expect(await unsubscribe(args(formPost(`/lettre/desabonnement/${token}`, {})))).toEqual({
      known: true,
      done: true,
    });
    // A token nobody was given.
    const unknown = "x".repeat(43);
    expect(await unsubscribePage(routeArgs(new Request(url), { params: { token: unknown } }))).toEqual({
      known: false,
      done: false,
    });
  });

  it("re-subscribing after unsubscribing needs a new confirmation, and the old unsubscribe links die", async () => {
    const row = await insertSubscriber("lea@example.fr", { status: "desabonne", unsubscribedAt: new Date() });
    const oldToken = unsubscribeToken(row);
    await post({ email: "lea@example.fr" });
    const [waiting] = await subscribers();
    expect(waiting).toMatchObject({ status: "en_attente", unsubscribedAt: null });
    expect(await mails()).toHaveLength(1);
    expect(unsubscribeToken(waiting!)).not.toBe(oldToken);
    expect(
      await unsubscribePage(
        routeArgs(new Request(`http://localhost:3000/lettre/desabonnement/${oldToken}`), {
          params: { token: oldToken },
        }),
      ),
    ).toEqual({ known: false, done: false });
  });
});
