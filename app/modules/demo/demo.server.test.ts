import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { LEGAL_FIELDS } from "~/modules/content/content.defaults";
import { describeEachDatabase } from "../../../tests/db";
import { countPendingAds, countValidatedAds, listAllAds } from "~/modules/ads/ads.server";
import { countUnprocessedApplications, listApplications } from "~/modules/applications/applications.server";
import { listBlogPosts } from "~/modules/blog/blog.server";
import { getContent, updateContent, ensureContentRow } from "~/modules/content/content.server";
import { listEvents } from "~/modules/events/events.server";
import { getMediaDir } from "~/modules/media/media.server";
import { getDb } from "~/db/client.server";
import * as tables from "~/db/schema";
import {
  countGardeners,
  gardenersWithTwoWarnings,
  getGardener,
  updateGardener,
} from "~/modules/register/gardeners.server";
import { listSites, plotsOfSite } from "~/modules/register/plots.server";
import { missingPaymentDetails } from "~/modules/register/plots.mail.server";
import { feeStateText } from "~/modules/register/fees.labels";
import { feesOf } from "~/modules/register/fees.server";
import { listDocuments, listPublicDocuments } from "~/modules/documents/documents.server";
import { countDemoRows, removeDemoContent, seedDemoContent } from "./demo.server";

describeEachDatabase("demo content", () => {
  it("fills an empty database with every field, 3 posts, 2 past and 2 upcoming events, 4 ads and 2 applications", async () => {
    const now = new Date("2026-11-21T12:00:00Z");
    expect(await seedDemoContent(now)).toBe(true);

    const content = await getContent();
    // The legal notice's facts are the association's own to give: the demo leaves them empty, and the settings
    // screen asks for them.
    // `digestLastAt` is a state, not content: when the automatic letter last went (never, in a new site).
    const state = new Set(["id", "digestLastAt"]);
    // The plots' e-mails and payment instructions: left empty, the default texts are used (and the settings show them).
    const defaulted = ["plotAllotmentMail", "plotWarningMail", "feePaymentInstructions"] as const;
    // The demo takes cheques and transfers: no BIC nor HelloAsso page.
    const optional = new Set<string>([...LEGAL_FIELDS, ...defaulted, "feeBic", "feeHelloassoUrl"]);
    const emptyFields = Object.entries(content!).filter(
      ([key, value]) => !state.has(key) && !optional.has(key) && !value,
    );
    expect(emptyFields).toEqual([]);
    expect(LEGAL_FIELDS.filter((field) => content![field] !== null)).toEqual([]);
    expect(defaulted.filter((field) => content![field] !== null)).toEqual([]);
    expect(content!.imagesAssociation).toHaveLength(3);

    const posts = await listBlogPosts();
    expect(posts).toHaveLength(3);
    expect(posts[0].createdAt.getTime()).toBeGreaterThan(posts[2].createdAt.getTime());

    const events = await listEvents(now);
    expect(events.filter((e) => e.isPast)).toHaveLength(2);
    expect(events.filter((e) => !e.isPast)).toHaveLength(2);

    const ads = await listAllAds();
    expect(ads).toHaveLength(4);
    expect(await countValidatedAds()).toBe(3);
    expect(await countPendingAds()).toBe(1);
    expect(new Set(ads.filter((a) => a.statut === "validé").map((a) => a.type)).size).toBe(3);

    expect(await listApplications()).toHaveLength(2);
    expect(await countUnprocessedApplications()).toBe(1);

    // Every image the content points to exists on disk.
    const urls = [
      content!.imageAccueil,
      content!.headerIcon,
      ...content!.imagesAssociation!,
      ...posts.map((p) => p.image),
    ];
    for (const url of urls) {
      expect(fs.existsSync(path.join(getMediaDir(), path.basename(url!)))).toBe(true);
    }
  });

  it("never touches a database that already has content", async () => {
    const row = await ensureContentRow();
    await updateContent(row.id, { titreAccueil: "Notre titre à nous" });
    expect(await seedDemoContent()).toBe(false);
    expect(await listBlogPosts()).toHaveLength(0);
    expect((await getContent())!.titreAccueil).toBe("Notre titre à nous");
  });

  it("fills the plots' register: 2 gardens, 39 plots, 30 gardeners and 2 former ones, two years of fees, inspections", async () => {
    const now = new Date("2026-11-21T12:00:00Z");
    expect(await seedDemoContent(now)).toBe(true);
    const db = getDb();

    const sites = await listSites();
    expect(sites.map((s) => [s.name, s.town, s.total])).toEqual([
      ["Jardin de la Thibaude", "Vaulx-en-velin", 15],
      ["Jardin des Brosses", "Villeurbanne", 24],
    ]);
    const plots = (await Promise.all(sites.map((s) => plotsOfSite(s.id, now)))).flat();
    const byState = (state: string) => plots.filter((p) => p.state === state).length;
    expect([byState("attribuee"), byState("libre"), byState("reservee"), byState("remise_en_etat")]).toEqual([
      32, 4, 1, 2,
    ]);
    // An attributed plot, and only one, has a current holder; every size class and both kinds are there.
    expect(plots.filter((p) => (p.state === "attribuee") !== (p.holder !== null))).toEqual([]);
    expect(new Set(plots.map((p) => p.size))).toEqual(new Set(["petite", "moyenne", "grande"]));
    expect(plots.filter((p) => p.kind === "partagee")).toHaveLength(3);
    expect(plots.filter((p) => p.cabinValue !== null).length).toBeGreaterThan(3);

    expect(await countGardeners()).toEqual({ actuels: 30, anciens: 2 });
    const gardeners = await db.select().from(tables.gardeners);
    expect(
      gardeners.every((g) => g.isDemo && g.email.endsWith("@example.fr") && /^0[67]( \d\d){4}$/.test(g.mobile)),
    ).toBe(true);
    const holdings = await db.select().from(tables.plotHoldings);
    const current = holdings.filter((h) => h.endDate === null);
    expect(current).toHaveLength(32);
    expect(new Set(current.map((h) => h.plotId)).size).toBe(32);
    const plotsHeld = new Map<number, number>();
    for (const h of current) plotsHeld.set(h.gardenerId!, (plotsHeld.get(h.gardenerId!) ?? 0) + 1);
    expect([...plotsHeld.values()].filter((n) => n === 2)).toHaveLength(2);
    // The two former gardeners' plots keep their history, and are free or being restored.
    const ended = holdings.filter((h) => h.endDate !== null);
    expect(ended.map((h) => h.endDate!.slice(0, 4))).toEqual(["2025", "2025"]);
    expect(ended.map((h) => plots.find((p) => p.id === h.plotId)!.state).sort()).toEqual(["libre", "remise_en_etat"]);

    const payments = await db.select().from(tables.gardenerPayments);
    const paid = (year: number) => payments.filter((p) => p.kind === "cotisation" && p.year === year);
    expect(paid(2025)).toHaveLength(29);
    expect(paid(2025).every((p) => p.paidOn?.startsWith("2025") && p.means && p.feeId)).toBe(true);
    expect(new Set(paid(2025).map((p) => p.means))).toEqual(new Set(["cheque", "virement", "especes", "helloasso"]));
    // This year: 30 called, 24 paid, one partly (20 €), one waived with its reason, four still due after 1 March.
    const fees2026 = (await feesOf(2026)).map((f) => ({ ...f, state: feeStateText(f) }));
    expect(fees2026).toHaveLength(30);
    expect(fees2026.every((f) => f.calledAt !== null && f.dueOn === "2026-03-01")).toBe(true);
    expect(fees2026.filter((f) => f.state === "payée")).toHaveLength(24);
    expect(fees2026.filter((f) => f.state.startsWith("reste"))).toHaveLength(5);
    expect(fees2026.filter((f) => f.paidCents === 2000 && f.state.startsWith("reste"))).toHaveLength(1);
    expect(fees2026.filter((f) => f.status === "waived").map((f) => [f.state, f.reason])).toEqual([
      ["exonérée", "Exonérée par le bureau : année de chômage"],
    ]);
    // By plot size, and one particular rate written on the gardener's record.
    expect(new Set(fees2026.map((f) => f.amountCents))).toEqual(new Set([2000, 3500, 4500, 5500, 7000, 10000]));
    const rates = await db.select().from(tables.feeRates);
    expect(rates).toMatchObject([{ amountCents: 2000, reason: expect.stringMatching(/^revenus modestes/) }]);
    expect(fees2026.filter((f) => f.amountCents === 2000).map((f) => f.rate)).toEqual([
      `tarif particulier : ${rates[0]!.reason}`,
    ]);
    // Its payment details are set: the demo's call is not refused.
    const [content] = await db.select().from(tables.associationContent);
    expect(missingPaymentDetails(content)).toEqual([]);
    expect(payments.filter((p) => p.kind === "droit_entree").map((p) => p.amountCents)).toEqual(Array(6).fill(25000));
    expect(payments.filter((p) => p.kind === "reprise_cabane")).toHaveLength(1);
    expect(payments.every((p) => p.paidOn === null || p.paidOn <= "2026-11-21")).toBe(true);
    expect(
      (await db.select().from(tables.feeCalls).orderBy(tables.feeCalls.year)).map((c) => [
        c.year,
        c.smallCents,
        c.mediumCents,
        c.largeCents,
      ]),
    ).toEqual([
      [2025, 3400, 4400, 5400],
      [2026, 3500, 4500, 5500],
    ]);

    // The last round of each garden marks every attributed plot, one with a warning; the same gardener had one in June.
    const rounds = await db.select().from(tables.inspectionRounds).orderBy(tables.inspectionRounds.date);
    expect(rounds.map((r) => r.date)).toEqual(["2026-06-27", "2026-10-10", "2026-10-17"]);
    const marks = await db.select().from(tables.inspectionMarks);
    const latest = marks.filter((m) => m.roundId !== rounds[0]!.id);
    expect(latest).toHaveLength(32);
    expect(latest.filter((m) => m.result === "avertissement").map((m) => m.note)).toEqual([
      "Herbes hautes dans les allées, chiendent monté en graines.",
    ]);
    expect(latest.every((m) => current.some((h) => h.plotId === m.plotId && h.gardenerId === m.gardenerId))).toBe(true);
    expect(await gardenersWithTwoWarnings(now)).toEqual([
      { id: expect.any(Number), name: "Dominique Girard", warnings: 2 },
    ]);

    // The statutes and the rules are public PDFs, dated; last year's minutes are for the members.
    expect((await listDocuments()).map((d) => [d.kind, d.visibility, d.versions[0]!.format, d.isDemo])).toEqual([
      ["statuts", "public", "pdf", true],
      ["reglement_interieur", "public", "pdf", true],
      ["proces_verbal", "membres", "pdf", true],
    ]);
    expect((await listPublicDocuments()).map((d) => [d.title, d.date])).toEqual([
      ["Statuts de l'association Potager", "2020-03-17"],
      ["Règlement intérieur des jardins", "2025-03-08"],
    ]);

    // A letter that went to the Brosses' gardeners: a water cut, a service message, its figures.
    const letters = await db.select().from(tables.newsletterLetters);
    expect(
      letters.map((l) => [l.status, l.audience, l.nature, l.audienceLabel, l.isDemo, l.total - l.sent - l.bounced]),
    ).toEqual([["envoyee", "jardiniers", "service", "aux jardiniers du Jardin des Brosses", true, 0]]);
    expect(letters[0]!).toMatchObject({ bounced: 1, gardenerCount: letters[0]!.total, withoutEmail: 0 });
    expect(letters[0]!.total).toBeGreaterThan(10);
    expect(letters[0]!.html).toContain("réparer la vanne principale");

    // Removing the demo takes the register with it, and says as many elements as the dashboard counted.
    const counted = await countDemoRows();
    // … and the member without a plot of the general assembly.
    expect(counted).toBe(5 + 4 + 4 + 2 + 1 + 32 + 2 + 3 + 1);
    expect(await removeDemoContent()).toBe(counted);
    for (const table of [
      tables.gardenSites,
      tables.plots,
      tables.gardeners,
      tables.plotHoldings,
      tables.gardenerPayments,
      tables.feeCalls,
      tables.inspectionRounds,
      tables.inspectionMarks,
    ])
      expect(await db.select().from(table)).toEqual([]);
    expect(await db.select().from(tables.documents)).toEqual([]);
    expect(await db.select().from(tables.newsletterLetters)).toEqual([]);
    expect(await countDemoRows()).toBe(0);
  });

  it("keeps a garden where an edited gardener holds a plot, and frees the plots of the removed ones", async () => {
    const now = new Date("2026-11-21T12:00:00Z");
    expect(await seedDemoContent(now)).toBe(true);
    const db = getDb();
    const [aicha] = await db.select().from(tables.gardeners).where(eq(tables.gardeners.name, "Aïcha Mansouri"));
    await updateGardener(aicha!.id, {
      familyName: aicha!.familyName,
      givenNames: aicha!.givenNames,
      civility: "",
      email: aicha!.email,
      mobile: aicha!.mobile,
      landline: aicha!.landline,
      address: "20 avenue Gabriel-Péri, 69120 Vaulx-en-Velin",
      startDate: aicha!.startDate,
      notes: "",
    });
    expect(await countDemoRows()).toBe(5 + 4 + 4 + 2 + 1 + 31 + 1 + 3 + 1);
    await removeDemoContent();

    expect((await listSites()).map((s) => s.name)).toEqual(["Jardin de la Thibaude"]);
    expect(await getGardener(aicha!.id)).toMatchObject({ isDemo: false });
    expect(await countGardeners()).toEqual({ actuels: 1, anciens: 0 });
    const [thibaude] = await listSites();
    const plots = await plotsOfSite(thibaude!.id, now);
    expect(plots.filter((p) => p.state === "attribuee").map((p) => [p.number, p.holder?.name])).toEqual([
      [1, "Aïcha Mansouri"],
    ]);
    const payments = await db.select().from(tables.gardenerPayments);
    expect(payments.every((p) => p.gardenerId === aicha!.id)).toBe(true);
    expect(payments).toHaveLength(2);
    expect((await db.select().from(tables.gardenerFees)).every((f) => f.gardenerId === aicha!.id)).toBe(true);
    // Her fees are still there: so are the calls of their years.
    expect((await db.select().from(tables.feeCalls).orderBy(tables.feeCalls.year)).map((c) => c.year)).toEqual([
      2025, 2026,
    ]);
  });

  it("removes only the demo's fee calls, not one an account named « Bureau » made", async () => {
    const now = new Date("2026-11-21T12:00:00Z");
    expect(await seedDemoContent(now)).toBe(true);
    const db = getDb();
    // The bureau's own call of a year no fee is left of: the demo's calls had the same caller.
    await db.insert(tables.feeCalls).values({
      year: 2027,
      smallCents: 3600,
      mediumCents: 4600,
      largeCents: 5600,
      calledBy: "Bureau",
      dueOn: "2027-03-01",
    });
    // A demo seeded before the mark: migration 0021 marks its calls, not the bureau's.
    await db.update(tables.feeCalls).set({ isDemo: false });
    const migration = fs.readFileSync(
      new URL("../../../drizzle/0021_fee_calls_demo_mark.sql", import.meta.url),
      "utf8",
    );
    await db.execute(sql.raw(migration.split("--> statement-breakpoint")[1]!));
    const calls = await db.select().from(tables.feeCalls).orderBy(tables.feeCalls.year);
    expect(calls.map((c) => [c.year, c.isDemo])).toEqual([
      [2025, true],
      [2026, true],
      [2027, false],
    ]);
    await removeDemoContent();
    expect((await db.select().from(tables.feeCalls)).map((c) => [c.year, c.isDemo])).toEqual([[2027, false]]);
  });
});
