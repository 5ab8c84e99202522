import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { history, newsletterSubscribers } from "~/db/schema";
import { describeEachDatabase } from "../../../tests/db";
import { insertSubscriber } from "../../../tests/factories";
import { answered, formPost, routeArgs } from "../../../tests/routes";
import { action as exportCsv } from "./newsletter-export";
import { action, loader } from "./newsletter";

const marie = { id: null as unknown as number, username: "marie" };
const screen = (query = "") => loader(routeArgs(new Request(`http://localhost:3000/admin/lettre${query}`)));

describeEachDatabase("/admin/lettre", () => {
  it("counts each status, lists the newest first with their consent, searches, and never shows a link's token", async () => {
    const january = new Date("2026-01-10T10:00:00Z");
    await insertSubscriber("ancienne@example.fr", { createdAt: january, consentAt: january, confirmedAt: january });
    await insertSubscriber("attente@example.fr", { status: "en_attente", confirmedAt: null });
    await insertSubscriber("partie@example.fr", { status: "desabonne", unsubscribedAt: new Date() });
    await insertSubscriber("refusee@example.fr", { bounces: 2, consentSource: "article n° 12" });
    const shown = await screen();
    expect(shown.counts).toMatchObject({ confirmed: 1, waiting: 1, unsubscribed: 1, bouncing: 1, total: 4 });
    expect(shown.subscribers.map((s) => [s.email, s.status, s.bouncing])).toEqual([
      ["refusee@example.fr", "abonne", true],
      ["partie@example.fr", "desabonne", false],
      ["attente@example.fr", "en_attente", false],
      ["ancienne@example.fr", "abonne", false],
    ]);
    expect(shown.subscribers[0]!.consent).toMatch(/^\d{1,2}(?:er)? \S+ \d{4} à \d\dh\d\d \(article n° 12\)$/);
    expect(JSON.stringify(shown)).not.toMatch(/unsubscribeKey|TokenHash|cle-/);
    const found = await screen("?q=ATTENTE");
    expect([found.list.found, found.subscribers.map((s) => s.email)]).toEqual([1, ["attente@example.fr"]]);
    expect((await screen("?q=01/2026")).subscribers.map((s) => s.email)).toEqual(["ancienne@example.fr"]);
  });

  it("removes an address, with a history entry that does not name it; an unknown one is a 404", async () => {
    const row = await insertSubscriber("josiane@example.fr");
    const post = (fields: Record<string, string>) =>
      action(routeArgs(formPost("/admin/lettre", fields), { admin: marie }));
    expect(await post({ intent: "remove", id: String(row.id) })).toEqual({
      ok: true,
      message: "josiane@example.fr a été retirée de la liste.",
    });
    expect(await getDb().select().from(newsletterSubscribers)).toEqual([]);
    const entries = await getDb().select().from(history);
    expect(entries.map((e) => [e.actor, e.kind, e.target])).toEqual([
      ["marie", "lettre.retrait", `adresse n° ${row.id}`],
    ]);
    expect(JSON.stringify(entries)).not.toContain("josiane");
    const again = answered<{ message: string }>(await post({ intent: "remove", id: String(row.id) }));
    expect([again.status, again.value.message]).toEqual([404, "Cette adresse n'est plus dans la liste."]);
    expect(answered(await post({ intent: "purge", id: "1" })).status).toBe(400);
  });

  it("exports the list as CSV for a French spreadsheet: every address with its consent", async () => {
    await insertSubscriber("hugo@example.fr", { consentWording: "J'accepte ; vraiment « tout »." });
    const file = (await exportCsv(routeArgs(formPost("/admin/lettre/export", {}), { admin: marie }))) as Response;
    expect(file.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(file.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="lettre-abonnes-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = await file.text();
    const [header, line] = text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n");
    expect(header).toBe("Adresse;Statut;Consentement le;Formulaire;Texte accepté;Confirmée le;Désabonnée le");
    expect(line).toMatch(/^hugo@example\.fr;Abonné;.+;pied de page;"J'accepte ; vraiment « tout »\.";.+;$/);
    expect((await getDb().select().from(history)).map((e) => e.kind)).toEqual(["lettre.export"]);
  });

  it("sets the automatic letter's frequency (off by default), with a history entry", async () => {
    expect((await screen()).digest).toBe("jamais");
    const post = (fields: Record<string, string>) =>
      action(routeArgs(formPost("/admin/lettre", fields), { admin: marie }));
    expect(await post({ intent: "digest", digestFrequency: "semaine" })).toEqual({
      ok: true,
      message: "Lettre automatique : chaque semaine.",
    });
    expect((await screen()).digest).toBe("semaine");
    expect(answered(await post({ intent: "digest", digestFrequency: "chaque jour" })).status).toBe(400);
    expect((await screen()).digest).toBe("semaine");
    const entries = await getDb().select().from(history);
    expect(entries.map((e) => [e.kind, e.detail])).toEqual([["lettre.automatique", "Chaque semaine"]]);
  });
});
