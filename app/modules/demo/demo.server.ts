import { calendarDay, parisToday, parisYear } from "~/lib/paris-time";
import { splitName } from "~/lib/text";
import { and, count, eq, inArray, isNull, notExists, sql } from "drizzle-orm";
import { getDb, type Executor, type Transaction } from "~/db/client.server";
import * as tables from "~/db/schema";
import { logger } from "~/server/logger.server";
import { adFormSchema } from "~/modules/ads/ads.schema";
import { createAd, validateAd } from "~/modules/ads/ads.server";
import { applicationFormSchema } from "~/modules/applications/applications.schema";
import { createApplication, setApplicationProcessed } from "~/modules/applications/applications.server";
import { createBlogPost } from "~/modules/blog/blog.server";
import { CONTENT_DEFAULTS } from "~/modules/content/content.defaults";
import { ensureContentRow, getContent, updateContent } from "~/modules/content/content.server";
import { createEvent } from "~/modules/events/events.server";
import {
  answer,
  convene,
  markAssembly,
  membersOf,
  saveAgenda,
  saveDocuments,
} from "~/modules/assembly/assembly.server";
import { addVolunteer } from "~/modules/assembly/volunteers.server";
import { cancelColumns } from "~/modules/registrations/registrations.server";
import { saveImage } from "~/modules/media/media.server";
import { madePdf } from "~/modules/documents/document-files.server";
import { countDemoDocuments, createDocument, removeDemoDocuments } from "~/modules/documents/documents.server";
import { plotSize } from "~/modules/register/plots.labels";
import { groupDescription } from "~/modules/register/gardener-letters.server";
import { bodyOf, createLetter, gardenerFigures, groupOf } from "~/modules/newsletter/letters.server";
import {
  DEMO_ADS,
  DEMO_APPLICATIONS,
  DEMO_ARTICLES,
  DEMO_ASSEMBLY,
  DEMO_ASSOCIATION_IMAGES,
  DEMO_DRAFT,
  DEMO_EVENTS,
  DEMO_GENERAL_ASSEMBLY,
  DEMO_IMAGE_ALTS,
  DEMO_SCHEDULED,
  DEMO_SITE_TEXTS,
  demoDocuments,
} from "./demo.content";
import { textPdfWithPages } from "./demo.pdf.server";
import { removeDemoTreasury, seedDemoReceipts, seedDemoTreasury } from "./demo-treasury.server";
import { renderIcon, renderScene, DEMO_SCENES } from "./demo.images.server";
import {
  DEMO_FEES,
  DEMO_PRAISED,
  DEMO_REDUCED_RATE,
  DEMO_ROUNDS,
  DEMO_WAIVER_REASON,
  ENTRY_BUDGET_CENTS,
  MEANS,
  WARNED,
  DEMO_WATER_CUT,
  demoGardeners,
  demoSites,
  type SiteKey,
} from "./demo.register.content";

const DAY = 24 * 60 * 60 * 1000;

/** At a given hour (Paris summer/winter offsets are close enough for demo dates) `days` from today. */
function dayAt({ days, hour }: { days: number; hour: number }, now: Date) {
  const d = new Date(now.getTime() + days * DAY);
  d.setUTCHours(hour - 1, 0, 0, 0);
  return d;
}

type Scene = keyof typeof DEMO_SCENES;

async function image(name: Scene) {
  return (await saveImage({ buffer: await renderScene(name) })).url;
}

/**
 * French demo content for a new site: only into an empty database (no content row and no post),
 * so an association's own data is never touched.
 */
export async function seedDemoContent(now = new Date()) {
  const [posts] = await getDb().select({ n: count() }).from(tables.blogPosts);
  if ((await getContent()) || (posts?.n ?? 0) > 0) return false;
  const started = performance.now();

  // One image at a time: seven at once took 100 MiB more at the first start, which malloc then kept.
  const images = {} as Record<Scene, string>;
  for (const scene of Object.keys(DEMO_SCENES) as Scene[]) images[scene] = await image(scene);
  const icon = await saveImage({ buffer: await renderIcon() });
  const altOf = (scene: Scene) => DEMO_IMAGE_ALTS[scene] ?? "";

  const row = await ensureContentRow();
  await updateContent(row.id, {
    ...DEMO_SITE_TEXTS,
    imageAccueil: images.home,
    headerIcon: icon.url,
    imagesAssociation: DEMO_ASSOCIATION_IMAGES.map((scene) => images[scene]),
    imageAlts: Object.fromEntries([
      [images.home, altOf("home")],
      [icon.url, ""],
      ...DEMO_ASSOCIATION_IMAGES.map((scene) => [images[scene], altOf(scene)]),
    ]),
    charte: CONTENT_DEFAULTS.charte,
    reglement: CONTENT_DEFAULTS.reglement,
  });

  for (const post of DEMO_ARTICLES) {
    await createBlogPost(
      {
        title: post.title,
        author: post.author,
        content: post.content,
        image: images[post.image],
        imageAlts: { [images[post.image]]: post.alt },
        imagesAnnexes: (post.annexes ?? []).map((scene) => images[scene]),
      },
      { createdAt: new Date(now.getTime() + post.days * DAY), by: post.author },
    );
  }
  const draft = DEMO_DRAFT;
  await createBlogPost(
    { title: draft.title, author: draft.author, state: "brouillon", image: null, content: draft.content },
    { createdAt: new Date(now.getTime() + draft.createdDays * DAY), by: draft.author },
  );
  const scheduled = DEMO_SCHEDULED;
  await createBlogPost(
    {
      title: scheduled.title,
      author: scheduled.author,
      state: "programme",
      publishAt: dayAt(scheduled.publishAt, now),
      image: images[scheduled.image],
      imageAlts: { [images[scheduled.image]]: altOf(scheduled.image) },
      content: scheduled.content,
    },
    { createdAt: new Date(now.getTime() + scheduled.createdDays * DAY), by: scheduled.author },
  );

  let assemblyEventId: number | undefined;
  for (const [i, event] of DEMO_EVENTS.entries()) {
    const created = await createEvent(
      {
        title: event.title,
        description: event.description,
        location: event.location,
        start: dayAt(event.start, now),
        endDate: dayAt(event.end, now),
        content: event.content,
        image: images[event.image],
        imageAlts: { [images[event.image]]: altOf(event.image) },
        imagesAnnexes: (event.annexes ?? []).map((scene) => images[scene]),
      },
      now,
      { createdAt: new Date(now.getTime() - (60 - i * 10) * DAY) },
    );
    if (event.assembly) {
      await seedAssemblySignups(created.id, now);
      assemblyEventId = created.id;
    }
  }

  const adSchema = adFormSchema("demo");
  for (const ad of DEMO_ADS) {
    const values = adSchema.parse({ ...ad, email: ad.email ?? "", captcha: "demo" });
    const photo = ad.photo ? images[ad.photo] : null;
    const created = await createAd({ ...values, photo1: photo }, undefined, {
      createdAt: new Date(now.getTime() + ad.days * DAY),
    });
    if (ad.validated) await validateAd(created.id);
  }

  for (const { days, processed, ...form } of DEMO_APPLICATIONS) {
    const values = applicationFormSchema.parse({
      ...form,
      budgetconnu: "on",
      inspectionconnu: "on",
      engagementcharte: "on",
      engagementreglement: "on",
      engagementlieupublic: "on",
    });
    const created = await createApplication(values, undefined, { date: new Date(now.getTime() + days * DAY) });
    if (processed) await setApplicationProcessed(created.id, true);
  }

  await seedDemoDocuments(now);
  await getDb().transaction((tx) => seedDemoRegister(tx, now));
  await seedDemoReceipts();
  if (assemblyEventId) await seedGeneralAssembly(assemblyEventId, now);
  await seedDemoLetter(now);

  await markEverythingDemo();
  logger.info({ ms: Math.round(performance.now() - started) }, "demo content created");
  return true;
}

const DEMO_TABLES = [
  tables.blogPosts,
  tables.events,
  tables.annonces,
  tables.applications,
  tables.newsletterLetters,
] as const;

/** The seed runs on an empty database: every article, event, ad, application and letter there is the demo's. */
async function markEverythingDemo() {
  await getDb().transaction(async (tx) => {
    for (const table of DEMO_TABLES) await tx.update(table).set({ isDemo: true });
  });
}

/**
 * A letter that went to the gardeners of the Brosses (a water cut), with the figures of its sending: its recipients
 * are the register's at the seed, one address refused it. No outbox rows: it went days ago, nothing is left to send.
 */
async function seedDemoLetter(now: Date) {
  const letter = DEMO_WATER_CUT;
  const [site] = await getDb()
    .select({ id: tables.gardenSites.id })
    .from(tables.gardenSites)
    .where(eq(tables.gardenSites.name, letter.site));
  if (!site) return;
  const audience = {
    audience: "jardiniers" as const,
    source: "libre" as const,
    sourceId: null,
    eventId: null,
    subject: letter.subject,
    message: letter.message,
    gardeners: "jardins" as const,
    siteIds: [site.id],
    plotIds: [],
    feeYear: null,
    nature: "service" as const,
  };
  const figures = await gardenerFigures(audience);
  const queuedAt = dayAt({ days: -letter.daysBefore, hour: 18 }, now);
  await getDb().transaction(async (tx) => {
    const created = await createLetter(audience, "Bureau", tx);
    const body = await bodyOf(created);
    const sent = Math.max(0, figures.emails - letter.bounced);
    await tx
      .update(tables.newsletterLetters)
      .set({
        status: "envoyee",
        html: body.html,
        text: body.text,
        createdAt: new Date(queuedAt.getTime() - 20 * 60_000),
        updatedAt: queuedAt,
        queuedAt,
        finishedAt: new Date(queuedAt.getTime() + 9 * 60_000),
        total: figures.emails,
        sent,
        bounced: figures.emails - sent,
        audienceLabel: await groupDescription(groupOf(audience), tx),
        gardenerCount: figures.gardeners,
        withoutEmail: figures.withoutEmail,
        optedOut: figures.optedOut,
        isDemo: true,
      })
      .where(eq(tables.newsletterLetters.id, created.id));
  });
}

/**
 * The statutes and the rules (public) and last year's minutes (members only), as small PDFs written here: the
 * repository keeps their text, not files. Marked as the demo's from the start.
 */
async function seedDemoDocuments(now: Date) {
  for (const { subtitle, paragraphs, ...doc } of demoDocuments(parisYear(now), CONTENT_DEFAULTS.reglement)) {
    const pdf = textPdfWithPages({ title: doc.title, subtitle: [...subtitle], paragraphs: [...paragraphs] });
    await getDb().transaction((tx) =>
      createDocument(tx, doc, madePdf(pdf.data, pdf.pages), {
        addedBy: "Bureau",
        isDemo: true,
        at: new Date(`${doc.date}T19:00:00Z`),
      }),
    );
  }
}

/**
 * How many demo rows are left: articles, events, ads, applications, documents and gardeners an administrator has not
 * touched, and the demo's gardens while only such gardeners have held their plots.
 */
export async function countDemoRows(): Promise<number> {
  const db = getDb();
  const counts = await Promise.all([
    ...DEMO_TABLES.map((table) => db.select({ n: count() }).from(table).where(eq(table.isDemo, true))),
    db.select({ n: count() }).from(tables.gardeners).where(eq(tables.gardeners.isDemo, true)),
    db.select({ n: count() }).from(tables.volunteerMembers).where(eq(tables.volunteerMembers.isDemo, true)),
    db.select({ n: count() }).from(tables.gardenSites).where(demoSite),
  ]);
  return counts.reduce((sum, [row]) => sum + (row?.n ?? 0), 0) + (await countDemoDocuments(db));
}

/**
 * Removes the demo's articles, events, ads, applications, documents and gardeners (with their plots' holdings,
 * payments and inspection marks), and its gardens, in one transaction; never a row an administrator created or edited
 * (editing clears the mark, and a garden where such a gardener held a plot stays). Their images go with the next media
 * cleanup, the documents' files with the next cleanup of unused files.
 */
export async function removeDemoContent(executor: Executor = getDb()): Promise<number> {
  return executor.transaction(async (tx) => {
    let removed = 0;
    for (const table of DEMO_TABLES)
      removed += (await tx.delete(table).where(eq(table.isDemo, true)).returning({ id: table.id })).length;
    removed += await removeDemoDocuments(tx);
    removed += await removeDemoRegister(tx);
    await removeDemoTreasury(tx);
    await tx.delete(tables.associationOfficers).where(eq(tables.associationOfficers.isDemo, true));
    removed += (
      await tx
        .delete(tables.volunteerMembers)
        .where(eq(tables.volunteerMembers.isDemo, true))
        .returning({ id: tables.volunteerMembers.id })
    ).length;
    return removed;
  });
}

/**
 * The general assembly, convened a few days ago with its agenda and last year's minutes joined (no e-mail: the demo's
 * addresses are made up), and the first members' answers and proxies. Removed with its event.
 */
async function seedGeneralAssembly(eventId: number, now: Date) {
  const demo = DEMO_GENERAL_ASSEMBLY;
  const minutes = await getDb()
    .select({ id: tables.documents.id })
    .from(tables.documents)
    .where(and(eq(tables.documents.kind, "proces_verbal"), eq(tables.documents.isDemo, true)));
  const assemblyId = await getDb().transaction(async (tx) => {
    const assembly = await markAssembly(eventId, "ordinaire", tx, true);
    for (const volunteer of demo.volunteers) await addVolunteer(volunteer, tx, true);
    await tx.insert(tables.associationOfficers).values(demo.officers.map((o) => ({ ...o, isDemo: true })));
    await saveAgenda(assembly.id, demo.agenda, tx);
    await saveDocuments(
      assembly.id,
      minutes.map((d) => d.id),
      tx,
    );
    await convene(tx, assembly.id, async () => {}, new Date(now.getTime() - demo.convokedDays * DAY));
    return assembly.id;
  });
  const members = await membersOf(assemblyId);
  for (const [i, choice] of demo.answers.entries()) {
    const member = members[i];
    const holder = choice.answer === "pouvoir" ? members[choice.holder] : undefined;
    if (!member || (choice.answer === "pouvoir" && !holder)) continue;
    await answer(
      member.id,
      choice.answer === "pouvoir" ? { answer: "pouvoir", holder: holder!.id } : choice,
      new Date(now.getTime() - (demo.answers.length - i) * 3_600_000),
    );
  }
}

/** The general assembly takes sign-ups (for the room and the drink after), and a few members have signed up. */
async function seedAssemblySignups(eventId: number, now: Date) {
  await getDb()
    .update(tables.events)
    .set({ signupsOpen: true, ...DEMO_ASSEMBLY.settings })
    .where(eq(tables.events.id, eventId));
  const members = DEMO_ASSEMBLY.members;
  await getDb()
    .insert(tables.eventRegistrations)
    .values(
      members.map(([name, people, question], i) => {
        return {
          eventId,
          name,
          email: `${name
            .toLowerCase()
            .normalize("NFD")
            .replace(/[^a-z ]/g, "")
            .replace(" ", ".")}@example.fr`,
          people,
          answer: question,
          status: "inscrit" as const,
          ...cancelColumns(),
          createdAt: new Date(now.getTime() - (10 - i) * DAY),
        };
      }),
    );
}

// The plots' register of the demo: two gardens, their plots, gardeners with their payments, and inspections.

/**
 * The demo's gardens, as long as nobody edited them, nor added or edited one of their plots, and every gardener who
 * held one of their plots is still the demo's.
 */
const demoSite = and(
  eq(tables.gardenSites.isDemo, true),
  sql`not exists (select 1 from ${tables.plots} where ${tables.plots.siteId} = ${tables.gardenSites.id} and not ${tables.plots.isDemo})`,
  sql`not exists (select 1 from ${tables.plotHoldings}
    join ${tables.plots} on ${tables.plots.id} = ${tables.plotHoldings.plotId}
    left join ${tables.gardeners} on ${tables.gardeners.id} = ${tables.plotHoldings.gardenerId}
    where ${tables.plots.siteId} = ${tables.gardenSites.id} and ${tables.gardeners.isDemo} is not true)`,
);

/**
 * Fills the plots' register, only while it is empty. The fee year is the one of three months ago: its call went at
 * the start of February, so every date written here is past. Inspections are counted back from today.
 */
async function seedDemoRegister(tx: Transaction, now: Date) {
  const [siteCount] = await tx.select({ n: count() }).from(tables.gardenSites);
  const [gardenerCount] = await tx.select({ n: count() }).from(tables.gardeners);
  if ((siteCount?.n ?? 0) + (gardenerCount?.n ?? 0) > 0) return;

  const year = parisYear(new Date(now.getTime() - 90 * DAY));
  const years = [year - 1, year] as const;
  // On 2 February at 8:00 UTC sharp: how migration 0021 recognised the calls of a demo seeded before the mark.
  const calledAt = (feeYear: number) => new Date(Date.UTC(feeYear, 1, 2, 8));
  const dueOn = (feeYear: number) => calendarDay(feeYear, 3, 1);
  const demoSiteList = demoSites(year);
  const people = demoGardeners(year);

  const key = (site: SiteKey, number: number) => `${site}:${number}`;
  const held = new Set(people.filter((g) => !g.end).flatMap((g) => g.plots.map(([site, n]) => key(site, n))));
  const plotByKey = new Map(
    demoSiteList.flatMap((site) => site.plots.map((p) => [key(site.key, p.number), p] as const)),
  );

  const siteRows = await tx
    .insert(tables.gardenSites)
    .values(demoSiteList.map(({ plots: _plots, key: _key, ...site }) => ({ ...site, isDemo: true })))
    .returning({ id: tables.gardenSites.id, name: tables.gardenSites.name });
  const siteIds = new Map(
    demoSiteList.map((site) => [site.key, siteRows.find((row) => row.name === site.name)!.id] as const),
  );
  const plotRows = await tx
    .insert(tables.plots)
    .values(
      demoSiteList.flatMap((site) =>
        site.plots.map((plot) => ({
          siteId: siteIds.get(site.key)!,
          number: plot.number,
          area: plot.area,
          kind: plot.kind ?? "familiale",
          cabinValue: plot.cabin ?? null,
          state: held.has(key(site.key, plot.number)) ? ("attribuee" as const) : (plot.state ?? "libre"),
          notes: plot.notes ?? "",
          isDemo: true,
        })),
      ),
    )
    .returning({ id: tables.plots.id, siteId: tables.plots.siteId, number: tables.plots.number });
  const plotIds = new Map(
    plotRows.map((row) => {
      const site = [...siteIds].find(([, id]) => id === row.siteId)![0];
      return [key(site, row.number), row.id] as const;
    }),
  );

  const gardenerRows = await tx
    .insert(tables.gardeners)
    .values(
      people.map((g) => ({
        name: g.name,
        ...splitName(g.name),
        civility: g.civility,
        email: g.email,
        mobile: g.mobile,
        landline: g.landline ?? "",
        address: g.address,
        startDate: g.start,
        endDate: g.end ?? null,
        notes: g.notes ?? "",
        isDemo: true,
      })),
    )
    .returning({ id: tables.gardeners.id, name: tables.gardeners.name });
  const gardenerIds = new Map(gardenerRows.map((row) => [row.name, row.id] as const));

  const holdings = people.flatMap((g) =>
    g.plots.map(([site, number, since]) => ({
      plotId: plotIds.get(key(site, number))!,
      gardenerId: gardenerIds.get(g.name)!,
      startDate: since ?? g.start,
      endDate: g.end ?? null,
      site,
    })),
  );
  await tx.insert(tables.plotHoldings).values(holdings.map(({ site: _site, ...holding }) => holding));

  // Each year's fee by the size of the plots held, paid by all last year; this year's called, a few still due.
  await tx.insert(tables.feeCalls).values(
    years.map((feeYear, i) => ({
      year: feeYear,
      smallCents: DEMO_FEES[i]!.petite,
      mediumCents: DEMO_FEES[i]!.moyenne,
      largeCents: DEMO_FEES[i]!.grande,
      calledAt: calledAt(feeYear),
      // Known as the demo's by its mark: an account may be named « Bureau » too.
      calledBy: "Bureau",
      dueOn: dueOn(feeYear),
      isDemo: true,
    })),
  );
  // Fees and their payments: paid last year; this year most paid, one partly, one waived, a few still due.
  const fees: (typeof tables.gardenerFees.$inferInsert & {
    paid?: Omit<typeof tables.gardenerPayments.$inferInsert, "kind" | "year">;
  })[] = [];
  const payments: (typeof tables.gardenerPayments.$inferInsert)[] = [];
  const unpaidNames = people.filter((g) => g.unpaid && !g.end).map((g) => g.name);
  const partly = unpaidNames[0];
  const waived = unpaidNames.find((name, i) => i > 0 && !people.find((g) => g.name === name)!.reminded);
  // A gardener on a small income pays the reduced rate the general assembly voted, written on the record; this
  // year's call used it.
  const reduced = people.find((g) => !g.end && !g.unpaid && g.plots.length === 1)!;
  const reducedRate = DEMO_REDUCED_RATE;
  for (const [i, g] of people.entries()) {
    const gardenerId = gardenerIds.get(g.name)!;
    const startYear = Number(g.start.slice(0, 4));
    const fee = (index: 0 | 1) =>
      g.plots.reduce((sum, [site, n]) => sum + DEMO_FEES[index][plotSize(plotByKey.get(key(site, n))!.area)], 0);
    const means = (shift: number) => MEANS[(i + shift) % MEANS.length]!;
    if (startYear <= years[0]) {
      // A newcomer of last year paid their fee on arriving, after the call.
      const arrived = startYear === years[0];
      fees.push({
        gardenerId,
        year: years[0],
        amountCents: fee(0),
        dueOn: arrived ? g.start : dueOn(years[0]),
        rate: "selon la taille",
        calledAt: arrived ? null : calledAt(years[0]),
        paid: {
          gardenerId,
          amountCents: fee(0),
          paidOn: arrived ? g.start : calendarDay(years[0], 2, 8 + i * 3),
          means: means(0),
        },
      });
    }
    if (!g.end) {
      const paidOn = calendarDay(year, 2, 4 + (i % 28));
      fees.push({
        gardenerId,
        year,
        amountCents: g === reduced ? reducedRate.amountCents : fee(1),
        dueOn: dueOn(year),
        rate: g === reduced ? `tarif particulier : ${reducedRate.reason}` : "selon la taille",
        calledAt: calledAt(year),
        remindedAt: g.reminded ? new Date(Date.UTC(year, 2, 16, 8)) : null,
        ...(g.name === waived ? { status: "waived" as const, waivedCents: fee(1), reason: DEMO_WAIVER_REASON } : {}),
        paid:
          g.name === partly
            ? { gardenerId, amountCents: 2000, paidOn, means: "cheque" }
            : g.unpaid
              ? undefined
              : { gardenerId, amountCents: g === reduced ? reducedRate.amountCents : fee(1), paidOn, means: means(1) },
      });
    }
    if (startYear >= years[0]) {
      payments.push({
        gardenerId,
        kind: "droit_entree",
        year: startYear,
        amountCents: ENTRY_BUDGET_CENTS,
        paidOn: g.start,
        means: means(2),
      });
    }
    if (g.cabinTakeover) {
      const [site, n] = g.plots[0]!;
      payments.push({
        gardenerId,
        kind: "reprise_cabane",
        year: startYear,
        amountCents: plotByKey.get(key(site, n))!.cabin! * 100,
        paidOn: g.start,
        means: "cheque",
      });
    }
  }
  const feeRows = await tx
    .insert(tables.gardenerFees)
    .values(fees.map(({ paid: _paid, ...row }) => row))
    .returning({ id: tables.gardenerFees.id });
  for (const [i, row] of feeRows.entries()) {
    const { paid, year: feeYear } = fees[i]!;
    if (paid) payments.push({ ...paid, kind: "cotisation", year: feeYear, feeId: row.id });
  }
  const paymentRows = await tx.insert(tables.gardenerPayments).values(payments).returning();
  await seedDemoTreasury(tx, years, parisToday(now), paymentRows);
  await tx.insert(tables.feeRates).values({ gardenerId: gardenerIds.get(reduced.name)!, ...reducedRate });

  // The last round of each garden, and an earlier one at the Brosses: the same plot neglected both times.
  const dayBefore = (days: number) => parisToday(new Date(now.getTime() - days * DAY));
  const rounds = DEMO_ROUNDS.map((round) => ({ ...round, date: dayBefore(round.daysBefore) }));
  const roundRows = await tx
    .insert(tables.inspectionRounds)
    .values(rounds.map((round) => ({ siteId: siteIds.get(round.site)!, date: round.date, inspector: round.inspector })))
    .returning({ id: tables.inspectionRounds.id });
  const warned = gardenerIds.get(WARNED);
  const praised = plotIds.get(key(DEMO_PRAISED.site, DEMO_PRAISED.number));
  const marks = rounds.flatMap((round, i) =>
    holdings
      .filter((h) => h.site === round.site && h.startDate <= round.date && (!h.endDate || h.endDate > round.date))
      .map((h) => {
        const warning = round.warning !== undefined && h.gardenerId === warned;
        return {
          roundId: roundRows[i]!.id,
          plotId: h.plotId,
          gardenerId: h.gardenerId,
          result: warning ? ("avertissement" as const) : ("conforme" as const),
          note: warning ? round.warning! : h.plotId === praised ? DEMO_PRAISED.note : "",
        };
      }),
  );
  await tx.insert(tables.inspectionMarks).values(marks);
}

/**
 * Removes the demo gardeners (their holdings, payments and marks first, so that none is left without them), the
 * demo's gardens while only they held plots there, and the demo's fee calls once no fee of their year is left. A
 * plot a removed gardener held in a garden that stays is free again.
 */
async function removeDemoRegister(tx: Transaction): Promise<number> {
  const g = tables.gardeners;
  const sites = (await tx.select({ id: tables.gardenSites.id }).from(tables.gardenSites).where(demoSite)).map(
    (row) => row.id,
  );
  const ids = (await tx.select({ id: g.id }).from(g).where(eq(g.isDemo, true))).map((row) => row.id);
  let removed = 0;
  if (ids.length > 0) {
    const heldPlots = tx
      .select({ id: tables.plotHoldings.plotId })
      .from(tables.plotHoldings)
      .where(and(inArray(tables.plotHoldings.gardenerId, ids), isNull(tables.plotHoldings.endDate)));
    await tx
      .update(tables.plots)
      .set({ state: "libre", updatedAt: new Date() })
      .where(and(eq(tables.plots.state, "attribuee"), inArray(tables.plots.id, heldPlots)));
    await tx.delete(tables.inspectionMarks).where(inArray(tables.inspectionMarks.gardenerId, ids));
    // The book's entries of these payments go with them (the payments' own, not the association's).
    await tx
      .delete(tables.treasuryEntries)
      .where(
        inArray(
          tables.treasuryEntries.paymentId,
          tx
            .select({ id: tables.gardenerPayments.id })
            .from(tables.gardenerPayments)
            .where(inArray(tables.gardenerPayments.gardenerId, ids)),
        ),
      );
    await tx.delete(tables.gardenerPayments).where(inArray(tables.gardenerPayments.gardenerId, ids));
    await tx.delete(tables.gardenerFees).where(inArray(tables.gardenerFees.gardenerId, ids));
    await tx.delete(tables.plotHoldings).where(inArray(tables.plotHoldings.gardenerId, ids));
    removed += (await tx.delete(g).where(inArray(g.id, ids)).returning({ id: g.id })).length;
  }
  if (sites.length > 0) {
    const gone = await tx
      .delete(tables.gardenSites)
      .where(inArray(tables.gardenSites.id, sites))
      .returning({ id: tables.gardenSites.id });
    removed += gone.length;
  }
  const p = tables.gardenerFees;
  const feeYears = await tx
    .select({ year: tables.feeCalls.year })
    .from(tables.feeCalls)
    .where(
      and(
        eq(tables.feeCalls.isDemo, true),
        notExists(tx.select({ id: p.id }).from(p).where(eq(p.year, tables.feeCalls.year))),
      ),
    );
  if (feeYears.length > 0)
    await tx.delete(tables.feeCalls).where(
      inArray(
        tables.feeCalls.year,
        feeYears.map((row) => row.year),
      ),
    );
  return removed;
}
