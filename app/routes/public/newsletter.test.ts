import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { newsletterSubscribers, outbox, rateLimitHits } from "~/db/schema";
import { allowRecipientMail } from "~/modules/rate-limits/recipients.server";
import { unsubscribeToken } from "~/modules/newsletter/newsletter.server";
import { applyRetention } from "~/modules/retention/retention.server";
import { describeEachDatabase } from "../../../tests/db";
import { insertContent, insertSubscriber } from "../../../tests/factories";
import { answered, formPost, routeArgs } from "../../../tests/routes";
import { action as subscribe } from "./newsletter";
import { action as confirm, loader as confirmPage } from "./newsletter-confirm";
import { action as unsubscribe, loader as unsubscribePage } from "./newsletter-unsubscribe";

type Result = { status: string; errors?: Record<string, string>; values?: Record<string, string> };
const post = async (fields: Record<string, string>, ip?: string) =>
  answered<Result>(
    await subscribe(routeArgs(formPost("/lettre", { captcha: "7", source: "pied-de-page", ...fields }), { ip })),
  );
const subscribers = () => getDb().select().from(newsletterSubscribers).orderBy(newsletterSubscribers.id);
const mails = () => getDb().select().from(outbox).orderBy(outbox.id);
/** The confirmation link's token, from the last e-mail sent. */
const confirmToken = async () => /\/lettre\/confirmation\/([\w-]+)/.exec((await mails()).at(-1)!.text)![1]!;
/** The button of the link's page: a POST. */
const confirmWith = async (token: string) =>
  (await confirm(routeArgs(formPost(`/lettre/confirmation/${token}`, {}), { params: { token } }))).confirmed;
/** Opening the link: a GET, or a HEAD (a mail scanner's). */
const openLink = async (token: string, method = "GET") =>
  (
    await confirmPage(
      routeArgs(new Request(`http://localhost:3000/lettre/confirmation/${token}`, { method }), { params: { token } }),
    )
  ).valid;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

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

  it("opening the link (GET or HEAD, as a mail scanner does) confirms nothing and spends nothing; its button does", async () => {
    await post({ email: "ines@example.fr" });
    const token = await confirmToken();
    for (const method of ["GET", "HEAD", "GET"]) expect(await openLink(token, method)).toBe(true);
    expect(await subscribers()).toMatchObject([{ status: "en_attente", confirmedAt: null }]);
    expect((await subscribers())[0]!.confirmTokenHash).not.toBeNull();
    expect(await confirmWith(token)).toBe(true);
    expect((await subscribers())[0]!.status).toBe("abonne");
    // Spent: the page says so, and the button confirms nothing more.
    expect(await openLink(token)).toBe(false);
    expect(await confirmWith(token)).toBe(false);
    expect(await openLink("x".repeat(43))).toBe(false);
  });

  it("a second request while the link works sends nothing and keeps the first link; once it expired, a new one, on the same 7-day clock", async () => {
    await post({ email: "karim@example.fr" });
    const first = await confirmToken();
    const [asked] = await subscribers();
    const again = await post({ email: "Karim@example.fr", source: "article", sourceId: "3" });
    expect([again.status, again.value]).toEqual([200, { status: "sent" }]);
    expect(await mails()).toHaveLength(1);
    expect(await subscribers()).toEqual([asked]);
    // 50 hours later: the link expired; a new request sends a new one, and the address's clock has not moved.
    const askedAt = hoursAgo(50);
    await getDb()
      .update(newsletterSubscribers)
      .set({ confirmBefore: hoursAgo(2), consentAt: askedAt })
      .where(eq(newsletterSubscribers.id, asked!.id));
    await post({ email: "karim@example.fr" });
    expect(await mails()).toHaveLength(2);
    const second = await confirmToken();
    expect(second).not.toBe(first);
    const [renewed] = await subscribers();
    expect(renewed!.consentAt).toEqual(askedAt);
    expect(renewed!.consentSource).toBe("pied de page");
    // Asked again and again, it still goes 7 days after the first request.
    const afterFirstRequest = (hours: number) => new Date(askedAt.getTime() + hours * 3_600_000);
    await applyRetention(afterFirstRequest(7 * 24 - 1));
    expect(await subscribers()).toHaveLength(1);
    await applyRetention(afterFirstRequest(7 * 24 + 1));
    expect(await subscribers()).toEqual([]);
    expect(await confirmWith(second)).toBe(false);
  });

  it("8 clients asking for one stranger's address: one e-mail, and the same answer to each", async () => {
    for (let i = 1; i <= 8; i++) {
      const answer = await post({ email: "victime@example.fr" }, `198.51.100.${i}`);
      expect([answer.status, answer.value]).toEqual([200, { status: "sent" }]);
    }
    expect((await mails()).map((m) => m.to)).toEqual(["victime@example.fr"]);
  });

  it("over the address's 3 e-mails a day, the answer is the same, the address waits without a link, and gets one another day", async () => {
    // Three e-mails already went to this address today (sign-ups, an application…), from other forms.
    for (let i = 0; i < 3; i++) await getDb().transaction((tx) => allowRecipientMail(tx, "zoe@example.fr"));
    const answer = await post({ email: "zoe@example.fr" });
    expect([answer.status, answer.value]).toEqual([200, { status: "sent" }]);
    expect(await mails()).toEqual([]);
    expect(await subscribers()).toMatchObject([{ status: "en_attente", confirmTokenHash: null, confirmBefore: null }]);
    // The next day, asking again sends the link (the count's day has passed).
    await getDb()
      .update(rateLimitHits)
      .set({ at: hoursAgo(25) });
    await post({ email: "zoe@example.fr" });
    expect((await mails()).map((m) => m.to)).toEqual(["zoe@example.fr"]);
    expect(await confirmWith(await confirmToken())).toBe(true);
  });

  it("a link older than 48 hours no longer confirms, and an address never confirmed is deleted after 7 days", async () => {
    await post({ email: "claire@example.fr" });
    const token = await confirmToken();
    const [row] = await subscribers();
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

  it("keeps an unsubscribed address 3 years after it left, as the proof of its consent and withdrawal, then deletes it", async () => {
    const years = (n: number) => new Date(Date.now() - n * 365.25 * 86_400_000);
    await insertSubscriber("parti-il-y-a-2-ans@example.fr", {
      status: "desabonne",
      consentAt: years(4),
      unsubscribedAt: years(2),
    });
    await insertSubscriber("parti-il-y-a-4-ans@example.fr", {
      status: "desabonne",
      consentAt: years(5),
      unsubscribedAt: years(4),
    });
    await insertSubscriber("abonne-depuis-6-ans@example.fr", { consentAt: years(6), confirmedAt: years(6) });
    const removed = await applyRetention();
    expect(removed.unsubscribedSubscribers).toBe(1);
    expect((await subscribers()).map((s) => s.email)).toEqual([
      "parti-il-y-a-2-ans@example.fr",
      "abonne-depuis-6-ans@example.fr",
    ]);
    // A year and a day later, the other one has had its 3 years too.
    await applyRetention(new Date(Date.now() + 366 * 86_400_000));
    expect((await subscribers()).map((s) => s.email)).toEqual(["abonne-depuis-6-ans@example.fr"]);
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
