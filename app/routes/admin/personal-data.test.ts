import fs from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import {
  annonces,
  applications,
  contactMessages,
  eventRegistrations,
  history,
  newsletterSubscribers,
  outbox,
} from "~/db/schema";
import { createMailWorker } from "~/modules/mail/mail-worker.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { defaultMailDir, writeMailFile } from "~/modules/mail/transports.server";
import { describeEachDatabase } from "../../../tests/db";
import {
  insertAd,
  insertApplication,
  insertContactMessage,
  insertEvent,
  insertSubscriber,
} from "../../../tests/factories";
import { answered, formPost, routeArgs } from "../../../tests/routes";
import { action, loader } from "./personal-data";
import { action as exportAction } from "./personal-data-export";

const marie = { id: null as unknown as number, username: "marie" };
const post = (fields: Record<string, string>) =>
  action(routeArgs(formPost("/admin/donnees-personnelles", fields), { admin: marie }));

async function somePeople() {
  await insertApplication({ nom: "Nadia Cherif", email: "Nadia.Cherif@example.fr" });
  await insertAd({ nom: "Nadia Cherif", email: " nadia.cherif@example.fr" });
  await insertContactMessage({ name: "Nadia", email: "nadia.cherif@example.fr", subject: "Visite" });
  await insertSubscriber("nadia.cherif@example.fr", { consentSource: "article n° 12" });
  await insertSubscriber("hugo@example.fr");
  await enqueueMail(getDb(), {
    to: "nadia.cherif@example.fr",
    subject: "Votre demande de jardin a bien été reçue",
    text: "Bonjour",
  });
  await enqueueMail(getDb(), {
    to: "bureau@jardins.example",
    replyTo: "nadia.cherif@example.fr",
    subject: "Nouvelle demande",
    text: "…",
  });
  // Someone else, who must not be touched.
  await insertApplication({ nom: "Hugo Lambert", email: "hugo@example.fr" });
  await insertContactMessage({ name: "Hugo", email: "hugo@example.fr", subject: "Autre" });
  await enqueueMail(getDb(), { to: "hugo@example.fr", subject: "Pour Hugo", text: "…" });
  // Both signed up for a workshop.
  const event = await insertEvent({ title: "Atelier greffe", signupsOpen: true });
  for (const [name, email] of [
    ["Nadia Cherif", "nadia.cherif@example.fr"],
    ["Hugo Lambert", "hugo@example.fr"],
  ])
    await getDb()
      .insert(eventRegistrations)
      .values({ eventId: event!.id, name, email, status: "inscrit", cancelKey: `cle-${name}`, cancelTokenHash: email });
}

describeEachDatabase("/admin/donnees-personnelles", () => {
  it("lists, exports as JSON and erases everything about one address (any case), and nothing else", async () => {
    await somePeople();
    const shown = await loader(
      routeArgs(new Request("http://localhost:3000/admin/donnees-personnelles?email=NADIA.cherif@example.fr")),
    );
    expect(shown.found?.summary).toBe(
      "1 demande, 1 annonce, 1 message, 2 e-mails, 1 inscription à la lettre, 1 inscription à un événement, 0 fiche de jardinier",
    );

    const exported = (await exportAction(
      routeArgs(formPost("/admin/donnees-personnelles/export", { email: "nadia.cherif@example.fr" }), { admin: marie }),
    )) as Response;
    expect(exported.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="donnees-personnelles-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const file = await exported.json();
    expect([file.applications.length, file.annonces.length, file.contactMessages.length, file.emails.length]).toEqual([
      1, 1, 1, 2,
    ]);
    // The consent given, as recorded; never the tokens of the links.
    expect(file.newsletter).toEqual([
      expect.objectContaining({ email: "nadia.cherif@example.fr", status: "abonne", consentSource: "article n° 12" }),
    ]);
    expect(file.newsletter[0]).not.toHaveProperty("unsubscribeKey");
    expect(file.inscriptions).toEqual([expect.objectContaining({ name: "Nadia Cherif", status: "inscrit" })]);
    expect(file.inscriptions[0]).not.toHaveProperty("cancelKey");
    expect(file.applications[0].nom).toBe("Nadia Cherif");

    expect(await post({ intent: "erase", email: "nadia.cherif@example.fr" })).toEqual({
      ok: true,
      message:
        "Données effacées : 1 demande, 1 annonce, 1 message, 2 e-mails, 1 inscription à la lettre, 1 inscription à un événement, 0 fiche de jardinier.",
    });
    expect((await getDb().select().from(applications)).map((a) => a.nom)).toEqual(["Hugo Lambert"]);
    expect(await getDb().select().from(annonces)).toEqual([]);
    expect((await getDb().select().from(contactMessages)).map((m) => m.email)).toEqual(["hugo@example.fr"]);
    expect((await getDb().select().from(outbox)).map((m) => m.to)).toEqual(["hugo@example.fr"]);
    expect((await getDb().select().from(newsletterSubscribers)).map((s) => s.email)).toEqual(["hugo@example.fr"]);
    expect((await getDb().select().from(eventRegistrations)).map((r) => r.email)).toEqual(["hugo@example.fr"]);
    // The history says what was done, never to whom.
    const entries = await getDb().select().from(history);
    expect(entries.map((e) => [e.actor, e.kind, e.detail])).toEqual([
      [
        "marie",
        "rgpd.export",
        "1 demande, 1 annonce, 1 message, 2 e-mails, 1 inscription à la lettre, 1 inscription à un événement, 0 fiche de jardinier",
      ],
      [
        "marie",
        "rgpd.effacement",
        "1 demande, 1 annonce, 1 message, 2 e-mails, 1 inscription à la lettre, 1 inscription à un événement, 0 fiche de jardinier",
      ],
    ]);
    expect(JSON.stringify(entries)).not.toContain("nadia");
  });

  it("erases the e-mails written to the person as files too (without SMTP), and no one else's", async () => {
    await somePeople();
    const dir = defaultMailDir();
    await fs.rm(dir, { recursive: true, force: true });
    // Without SMTP_URL, the worker writes each message as an .eml file named by its outbox id.
    const worker = createMailWorker({ smtpUrl: undefined, from: "site@jardins.example" });
    expect((await worker.runOnce()).sent).toBe(3);
    await worker.stop();
    // An older message to her whose outbox row is gone already (the retention keeps files and rows alike).
    await writeMailFile(dir, "999999", {
      from: "site@jardins.example",
      to: "Nadia.Cherif@example.fr",
      subject: "Inscription confirmée : Atelier greffe",
      text: "Bonjour Nadia",
    });
    const files = async () => (await fs.readdir(dir)).sort();
    expect(await files()).toHaveLength(4);
    const contents = async () =>
      Promise.all((await files()).map((name) => fs.readFile(path.join(dir, name), "utf8"))).then((all) =>
        all.join("\n"),
      );
    expect(await contents()).toMatch(/nadia\.cherif@example\.fr/i);

    await post({ intent: "erase", email: "Nadia.Cherif@example.fr" });
    // Hers, the association's with her Reply-To, and the older one: only Hugo's stays.
    expect(await files()).toHaveLength(1);
    const text = await contents();
    expect(text).not.toMatch(/nadia/i);
    expect(text).toContain("Pour Hugo");
  });

  it("refuses a malformed address or an unknown intent with a 400 and writes nothing", async () => {
    await somePeople();
    expect(answered(await post({ intent: "erase", email: "nadia@" })).status).toBe(400);
    expect(answered(await post({ intent: "purge", email: "nadia.cherif@example.fr" })).status).toBe(400);
    expect(
      answered(
        await exportAction(routeArgs(formPost("/admin/donnees-personnelles/export", { email: "x" }), { admin: marie })),
      ).status,
    ).toBe(400);
    expect(await getDb().select().from(applications)).toHaveLength(2);
    expect(await getDb().select().from(history)).toEqual([]);
    const shown = await loader(routeArgs(new Request("http://localhost:3000/admin/donnees-personnelles?email=nadia@")));
    expect(shown).toMatchObject({ error: "Adresse e-mail invalide.", found: null });
  });
});
