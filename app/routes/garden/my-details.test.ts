import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { gardenerSessions, gardeners, history, newsletterSubscribers, outbox } from "~/db/schema";
import { GARDENER_COOKIE } from "~/modules/garden-space/gardener-session.server";
import { openGardenerSession } from "~/modules/garden-space/gardener-auth.server";
import { EMAIL_CHANGE_LIMITS } from "~/modules/garden-space/my-details.server";
import { gardenerScreen } from "~/modules/register/gardeners.admin.server";
import { describeEachDatabase } from "../../../tests/db";
import { insertContent, insertGardener, insertSubscriber } from "../../../tests/factories";
import { answered, formPost, routeArgs } from "../../../tests/routes";
import { action as confirm, loader as confirmPage } from "./email-confirm";
import { loader as myData } from "./my-data";
import { action, loader } from "./my-details";

type Answer = {
  ok: boolean;
  intent: string;
  message: string;
  errors?: Record<string, string>;
  values?: Record<string, string>;
};

/** A signed-in gardener: their record and the cookie of a session of theirs. */
async function signedIn(overrides: Parameters<typeof insertGardener>[0] = {}) {
  const gardener = await insertGardener({ name: "Camille Roux", email: "camille.roux@example.fr", ...overrides });
  const token = await openGardenerSession(getDb(), gardener.id);
  return { gardener, cookie: `${GARDENER_COOKIE}=${encodeURIComponent(token)}` };
}

const withCookie = (request: Request, cookie: string) => {
  request.headers.set("Cookie", cookie);
  return request;
};
/** An action's answer: sent back with `data()` (its status), or done (a plain object, 200). */
const answer = <T>(result: unknown) =>
  result && typeof result === "object" && "init" in result
    ? answered<T>(result)
    : { value: result as T, status: 200, headers: new Headers() };
const post = async (cookie: string, fields: Record<string, string>) =>
  answer<Answer>(await action(routeArgs(withCookie(formPost("/mon-jardin/coordonnees", fields), cookie))));
/** The form as a browser sends it: a box left unticked (undefined here) is not sent at all. */
const details = (fields: Record<string, string | undefined> = {}) =>
  Object.fromEntries(
    Object.entries({ intent: "details", mobile: "", landline: "", address: "", letters: "on", ...fields }).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
const page = async (cookie: string) =>
  (await loader(routeArgs(withCookie(new Request("http://localhost:3000/mon-jardin/coordonnees"), cookie)))) as Awaited<
    ReturnType<typeof loader>
  >;
const entries = () => getDb().select().from(history).orderBy(history.id);
const mails = () => getDb().select().from(outbox).orderBy(outbox.id);
const record = async (id: number) => (await getDb().select().from(gardeners).where(eq(gardeners.id, id)))[0]!;
/** The link of the last message to `to`. */
const linkTo = async (to: string) =>
  /\/mon-jardin\/adresse\/([\w-]+)/.exec((await mails()).filter((m) => m.to === to).at(-1)!.text)![1]!;
const confirmWith = async (token: string) => {
  const result = await confirm(routeArgs(formPost(`/mon-jardin/adresse/${token}`, {}), { params: { token } }));
  return answered<{ ok: boolean; message: string }>(result);
};

describeEachDatabase("« Mes coordonnées » in Mon jardin", () => {
  it("signed out: the page and its forms send to /mon-jardin", async () => {
    const thrown = await loader(routeArgs(new Request("http://localhost:3000/mon-jardin/coordonnees"))).catch(
      (e: unknown) => e,
    );
    expect((thrown as Response).headers.get("Location")).toBe("/mon-jardin");
    const posted = await action(routeArgs(formPost("/mon-jardin/coordonnees", details()))).catch((e: unknown) => e);
    expect((posted as Response).headers.get("Location")).toBe("/mon-jardin");
  });

  it("saves each change with its own history entry naming the fields, not their values", async () => {
    await insertContent({ nomAssociation: "Les Jardins de Villeurbanne" });
    const { gardener, cookie } = await signedIn({ mobile: "0611223344" });
    expect((await page(cookie)).values).toEqual({
      mobile: "0611223344",
      landline: "",
      address: "",
      newsletter: "",
      letters: "on",
    });

    const saved = await post(
      cookie,
      details({ mobile: "06 98 76 54 32", address: "3 rue des Lilas\n69100 Villeurbanne", newsletter: "on" }),
    );
    expect([saved.status, saved.value.ok, saved.value.message]).toEqual([
      200,
      true,
      "Vos coordonnées ont été enregistrées.",
    ]);
    const row = await record(gardener.id);
    expect([row.mobile, row.address, row.lettersOptOutAt]).toEqual([
      "06 98 76 54 32",
      "3 rue des Lilas\n69100 Villeurbanne",
      null,
    ]);
    // The newsletter: subscribed at once (the address is the one the sign-in link went to), with its consent.
    const [subscriber] = await getDb().select().from(newsletterSubscribers);
    expect(subscriber).toMatchObject({
      email: "camille.roux@example.fr",
      status: "abonne",
      consentSource: "Mon jardin",
      consentWording: expect.stringContaining("Les Jardins de Villeurbanne"),
    });
    expect(subscriber!.confirmedAt).not.toBeNull();

    // Unticking both boxes: unsubscribed as the one-click link does, and out of the information letters.
    await post(
      cookie,
      details({ mobile: "06 98 76 54 32", address: "3 rue des Lilas\n69100 Villeurbanne", letters: undefined }),
    );
    const after = await record(gardener.id);
    expect([after.lettersOptOutHow, after.lettersOptOutAt !== null]).toEqual(["depuis Mon jardin", true]);
    const [left] = await getDb().select().from(newsletterSubscribers);
    expect([left!.status, left!.unsubscribedAt !== null]).toEqual(["desabonne", true]);
    expect((await page(cookie)).values).toMatchObject({ newsletter: "", letters: "" });

    const actor = `jardinier n° ${gardener.id}`;
    expect((await entries()).map((e) => [e.actor, e.adminId, e.kind, e.target, e.detail])).toEqual([
      [actor, null, "jardin.coordonnees", actor, "téléphone portable, adresse postale"],
      [actor, null, "jardin.lettre", actor, "inscription à la lettre d'information"],
      [actor, null, "jardin.lettre", actor, "désinscription de la lettre d'information"],
      [actor, null, "jardin.lettres-jardiniers", actor, "ne reçoit plus les e-mails d'information aux jardiniers"],
    ]);
    // Saving again without a change writes nothing.
    await post(
      cookie,
      details({ mobile: "06 98 76 54 32", address: "3 rue des Lilas\n69100 Villeurbanne", letters: undefined }),
    );
    expect(await entries()).toHaveLength(4);
  });

  it("a newsletter address that had left gets a new consent and new unsubscribe links", async () => {
    const { cookie } = await signedIn();
    const old = await insertSubscriber("camille.roux@example.fr", { status: "desabonne", unsubscribedAt: new Date() });
    await post(cookie, details({ newsletter: "on" }));
    const [row] = await getDb().select().from(newsletterSubscribers);
    expect([row!.status, row!.consentSource, row!.unsubscribedAt]).toEqual(["abonne", "Mon jardin", null]);
    expect(row!.unsubscribeTokenHash).not.toBe(old.unsubscribeTokenHash);
  });

  it("refuses a bad phone with a 400 by the field, keeping everything typed and changing nothing", async () => {
    const { gardener, cookie } = await signedIn({ mobile: "0611223344" });
    const refused = await post(
      cookie,
      details({ mobile: "12", landline: "04 78 12 34 56", newsletter: "on", letters: undefined }),
    );
    expect(refused.status).toBe(400);
    expect(refused.value.ok).toBe(false);
    expect(refused.value.errors).toEqual({ mobile: "Format de téléphone invalide (ex: 0612345678)" });
    expect(refused.value.values).toMatchObject({ mobile: "12", landline: "04 78 12 34 56", newsletter: "on" });
    expect(refused.value.values).not.toHaveProperty("letters", "on");
    const row = await record(gardener.id);
    expect([row.mobile, row.landline, row.lettersOptOutAt]).toEqual(["0611223344", "", null]);
    expect(await getDb().select().from(newsletterSubscribers)).toEqual([]);
    expect(await entries()).toEqual([]);
  });

  it("changes the address only once its link is opened, once, and tells the old address", async () => {
    await insertContent({ nomAssociation: "Les Jardins de Villeurbanne" });
    const { gardener, cookie } = await signedIn();
    const other = await openGardenerSession(getDb(), gardener.id);

    const asked = await post(cookie, { intent: "email", newEmail: " Camille.R@Nouveau.fr " });
    expect([asked.status, asked.value.message]).toEqual([
      200,
      "Un lien de confirmation a été envoyé à Camille.R@Nouveau.fr : l'adresse changera quand vous l'aurez ouvert.",
    ]);
    const sent = await mails();
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      ["Camille.R@Nouveau.fr", "Confirmez votre nouvelle adresse pour Mon jardin"],
      ["camille.roux@example.fr", "Changement d'adresse demandé pour Mon jardin"],
    ]);
    // The notice names neither the new address nor a link.
    expect(sent[1]!.text).not.toContain("Nouveau.fr");
    expect(sent[1]!.text).not.toContain("/mon-jardin/adresse/");
    expect((await record(gardener.id)).email).toBe("camille.roux@example.fr");

    const token = await linkTo("Camille.R@Nouveau.fr");
    // Opening the link (a mail scanner's GET) changes nothing.
    const shown = answer(
      await confirmPage(
        routeArgs(new Request(`http://localhost:3000/mon-jardin/adresse/${token}`), { params: { token } }),
      ),
    );
    expect([shown.status, shown.value]).toEqual([200, { valid: true, newEmail: "Camille.R@Nouveau.fr" }]);
    expect((await record(gardener.id)).email).toBe("camille.roux@example.fr");

    const confirmed = await confirmWith(token);
    expect([confirmed.status, confirmed.value]).toEqual([
      200,
      { ok: true, message: "Votre adresse e-mail est maintenant Camille.R@Nouveau.fr." },
    ]);
    expect((await record(gardener.id)).email).toBe("Camille.R@Nouveau.fr");
    // Every earlier session ends (the one opened with the old address too); this browser gets a new one.
    const sessions = await getDb().select().from(gardenerSessions).where(eq(gardenerSessions.gardenerId, gardener.id));
    expect(sessions).toHaveLength(1);
    expect(confirmed.headers.get("Set-Cookie")).toMatch(new RegExp(`^${GARDENER_COOKIE}=`));
    expect(confirmed.headers.get("Set-Cookie")).not.toContain(encodeURIComponent(other));
    const thrown = await page(cookie).catch((e: unknown) => e);
    expect((thrown as Response).headers.get("Location")).toBe("/mon-jardin");

    // The link works once.
    const again = await confirmWith(token);
    expect([again.status, again.value.ok]).toEqual([410, false]);
    const used = answer(
      await confirmPage(
        routeArgs(new Request(`http://localhost:3000/mon-jardin/adresse/${token}`), { params: { token } }),
      ),
    );
    expect([used.status, used.value]).toEqual([410, { valid: false }]);
    const changes = (await entries()).filter((e) => e.kind === "jardin.adresse");
    expect(changes.map((e) => [e.actor, e.detail])).toEqual([[`jardinier n° ${gardener.id}`, "adresse e-mail"]]);
  });

  it("the newsletter follows a confirmed change of address, consent kept, with new unsubscribe links", async () => {
    const subscriber = (email: string) =>
      getDb()
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, email))
        .then((rows) => rows[0]);
    const change = async (cookie: string, to: string) => {
      await post(cookie, { intent: "email", newEmail: to });
      return confirmWith(await linkTo(to));
    };

    // Subscribed from the footer, then a new address: the row moves, the old address receives nothing more.
    const camille = await signedIn();
    const before = await insertSubscriber("camille.roux@example.fr");
    const moved = await change(camille.cookie, "Camille@Nouveau.fr");
    expect(moved.value.message).toBe(
      "Votre adresse e-mail est maintenant Camille@Nouveau.fr. La lettre d'information vous y sera envoyée.",
    );
    expect(await subscriber("camille.roux@example.fr")).toBeUndefined();
    const after = (await subscriber("camille@nouveau.fr"))!;
    expect([after.id, after.status, after.consentSource, after.consentWording]).toEqual([
      before.id,
      "abonne",
      "pied de page",
      before.consentWording,
    ]);
    expect(after.unsubscribeTokenHash).not.toBe(before.unsubscribeTokenHash);
    const changes = (await entries()).filter((e) => e.kind === "jardin.adresse");
    expect(changes.map((e) => e.detail)).toEqual(["adresse e-mail, et celle de la lettre d'information"]);

    // The new address waited for its link: the change proved it, so it is subscribed; the old one leaves.
    const lou = await signedIn({ name: "Lou Petit", email: "lou@example.fr" });
    await insertSubscriber("lou@example.fr");
    await insertSubscriber("lou@nouveau.fr", { status: "en_attente", confirmedAt: null });
    await change(lou.cookie, "lou@nouveau.fr");
    expect((await subscriber("lou@example.fr"))!.status).toBe("desabonne");
    expect((await subscriber("lou@nouveau.fr"))!.status).toBe("abonne");

    // The new address had unsubscribed itself: that choice stands, and the old address leaves too.
    const max = await signedIn({ name: "Max Durand", email: "max@example.fr" });
    await insertSubscriber("max@example.fr");
    await insertSubscriber("max@nouveau.fr", { status: "desabonne", unsubscribedAt: new Date() });
    const refused = await change(max.cookie, "max@nouveau.fr");
    expect(refused.value.message).toBe("Votre adresse e-mail est maintenant max@nouveau.fr.");
    expect((await subscriber("max@example.fr"))!.status).toBe("desabonne");
    expect((await subscriber("max@nouveau.fr"))!.status).toBe("desabonne");
  });

  it("refuses an address another current gardener has, before and at the link", async () => {
    const { gardener, cookie } = await signedIn();
    await insertGardener({ email: "Pris@Example.fr" });
    // A former gardener's address is free.
    await insertGardener({ email: "ancien@example.fr", endDate: "2025-01-01" });
    const refused = await post(cookie, { intent: "email", newEmail: "pris@example.fr" });
    expect([refused.status, refused.value.errors?.newEmail, refused.value.values?.newEmail]).toEqual([
      409,
      "Cette adresse est déjà celle d'un autre jardinier de l'association : indiquez-en une autre, ou écrivez au bureau.",
      "pris@example.fr",
    ]);
    expect(await mails()).toEqual([]);
    const same = await post(cookie, { intent: "email", newEmail: "CAMILLE.ROUX@example.fr" });
    expect([same.status, same.value.errors?.newEmail]).toEqual([400, "C'est déjà l'adresse de votre espace."]);
    const invalid = await post(cookie, { intent: "email", newEmail: "camille@" });
    expect([invalid.status, invalid.value.values?.newEmail]).toEqual([400, "camille@"]);

    // Taken between the request and the link: refused at the link.
    expect((await post(cookie, { intent: "email", newEmail: "ancien@example.fr" })).status).toBe(200);
    const token = await linkTo("ancien@example.fr");
    await insertGardener({ email: "ANCIEN@example.fr" });
    const late = await confirmWith(token);
    expect([late.status, late.value.ok]).toEqual([409, false]);
    expect((await record(gardener.id)).email).toBe("camille.roux@example.fr");
  });

  it("a new request replaces the earlier link, and the links to one address are limited per hour", async () => {
    const { gardener, cookie } = await signedIn();
    await post(cookie, { intent: "email", newEmail: "premiere@example.fr" });
    const first = await linkTo("premiere@example.fr");
    await post(cookie, { intent: "email", newEmail: "seconde@example.fr" });
    expect((await confirmWith(first)).status).toBe(410);
    expect((await confirmWith(await linkTo("seconde@example.fr"))).status).toBe(200);
    expect((await record(gardener.id)).email).toBe("seconde@example.fr");

    const { cookie: another } = await signedIn({ name: "Lina Haddad", email: "lina@example.fr" });
    for (let i = 0; i < EMAIL_CHANGE_LIMITS.perRecipient; i++)
      expect((await post(another, { intent: "email", newEmail: "cible@example.fr" })).status).toBe(200);
    const limited = await post(another, { intent: "email", newEmail: "Cible@example.fr" });
    expect([limited.status, limited.value.values?.newEmail]).toEqual([429, "Cible@example.fr"]);
    expect((await mails()).filter((m) => m.to.toLowerCase() === "cible@example.fr")).toHaveLength(
      EMAIL_CHANGE_LIMITS.perRecipient,
    );
  });

  it("exports the gardener's data under their address, private, with a history entry", async () => {
    const { gardener, cookie } = await signedIn({ mobile: "0611223344" });
    await insertGardener({ name: "Autre Personne", email: "autre@example.fr" });
    const response = await myData(
      routeArgs(withCookie(new Request("http://localhost:3000/mon-jardin/mes-donnees"), cookie)),
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="mes-donnees-\d{4}-\d\d-\d\d\.json"$/,
    );
    const exported = (await response.json()) as { email: string; jardiniers: { id: number; mobile: string }[] };
    expect(exported.email).toBe("camille.roux@example.fr");
    expect(exported.jardiniers.map((g) => [g.id, g.mobile])).toEqual([[gardener.id, "0611223344"]]);
    const [entry] = await getDb()
      .select()
      .from(history)
      .where(and(eq(history.kind, "jardin.export"), eq(history.actor, `jardinier n° ${gardener.id}`)));
    expect(entry!.detail).toContain("1 fiche de jardinier");
    expect(entry!.detail).not.toContain("camille");
  });

  it("the gardener's record lists the changes made in Mon jardin, newest first, ten at most", async () => {
    const { gardener, cookie } = await signedIn();
    await post(cookie, details({ mobile: "0698765432" }));
    await post(cookie, details({ mobile: "0698765432", letters: undefined }));
    for (let i = 0; i < 10; i++)
      await post(
        cookie,
        details({ mobile: "0698765432", letters: undefined, landline: `04781234${String(i).padStart(2, "0")}` }),
      );
    // Another gardener's changes and the bureau's own are not theirs.
    const { cookie: another } = await signedIn({ email: "autre@example.fr" });
    await post(another, details({ mobile: "0611111111" }));
    const screen = await gardenerScreen(String(gardener.id), { role: "administrateur", siteIds: [] });
    expect(screen.selfChanges).toHaveLength(10);
    expect(screen.selfChanges[0]).toMatchObject({
      what: "Coordonnées modifiées depuis Mon jardin",
      detail: "téléphone fixe",
    });
    // The eleventh from the end is beyond the ten.
    expect(screen.selfChanges.map((c) => c.what)).not.toContain(
      "E-mails d'information aux jardiniers réglés depuis Mon jardin",
    );
    const all = await getDb()
      .select()
      .from(history)
      .where(eq(history.actor, `jardinier n° ${gardener.id}`));
    expect(all).toHaveLength(12);
  });
});
