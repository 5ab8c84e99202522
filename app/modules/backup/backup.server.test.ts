import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import * as tar from "tar";
import { afterEach, describe, expect, it, vi } from "vitest";
import { bodyOf, createLetter, queueLetter } from "~/modules/newsletter/letters.server";
import { getDb, useDatabase, type DatabaseHandle } from "~/db/client.server";
import {
  assemblyCandidates,
  bouncedCheques,
  plannedAllotments,
  plots,
  assemblyItems,
  blogPosts,
  importedRecords,
  jobRuns,
  helloassoNotifications,
  onlinePayments,
} from "~/db/schema";
import { confirmTotp, inviteAdmin, startTotpEnrolment } from "~/modules/accounts/accounts.server";
import {
  adminSites,
  admins,
  gardenSites,
  gardeners,
  letterPaperRecipients,
  treasuryEntries,
  treasurySettings,
} from "~/db/schema";
import { issueReceipt } from "~/modules/treasury/receipts.server";
import { saveHelloAssoSettings } from "~/modules/helloasso/helloasso.settings.server";
import { createAdmin } from "~/modules/auth/auth.server";
import { saveAutosave } from "~/modules/publishing/autosave.server";
import { keepVersion } from "~/modules/publishing/versions.server";
import { seedDemoContent } from "~/modules/demo/demo.server";
import { recordHistory } from "~/modules/history/history.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { setMediaDir } from "~/modules/media/media.server";
import { generate } from "otplib";
import { eq, isNotNull } from "drizzle-orm";
import { testDatabases } from "../../../tests/db";
import {
  insertAd,
  insertApplication,
  insertContactMessage,
  insertFormField,
  insertSubscriber,
} from "../../../tests/factories";
import { ARCHIVE_LIMITS, BackupError, createBackup, restoreBackup, tablesInOrder } from "./backup.server";

type Kind = "pglite" | "postgres";
const postgres = process.env.TEST_DATABASE_URL;
const opened: (() => Promise<void>)[] = [];

/** A copy of the run's migrated empty database of `kind` (tests/db.ts), closed and dropped after the test. */
async function open(kind: Kind): Promise<DatabaseHandle> {
  const handle = await testDatabases.find((database) => database.name === kind)!.open();
  opened.push(() => handle.close());
  return handle;
}

afterEach(async () => {
  useDatabase(undefined);
  setMediaDir(undefined);
  for (const close of opened.splice(0)) await close();
});

const tempDir = () => fsp.mkdtemp(path.join(os.tmpdir(), "potager-test-sauvegarde-"));

/** Every archived table as JSON text, row by row, dates in UTC. */
async function dump() {
  return getDb().transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    const tables: Record<string, string[]> = {};
    for (const name of await tablesInOrder(tx)) {
      const result = (await tx.execute(
        sql`select row_to_json(t)::text as line from ${sql.identifier(name)} t order by 1`,
      )) as unknown as { rows: { line: string }[] };
      tables[name] = result.rows.map((r) => r.line);
    }
    return tables;
  });
}

async function mediaFiles(dir: string) {
  const files: Record<string, string> = {};
  for (const name of (await fsp.readdir(dir)).sort())
    files[name] = crypto
      .createHash("sha256")
      .update(await fsp.readFile(path.join(dir, name)))
      .digest("hex");
  return files;
}

/** Demo content plus a record of every kind the back-office and the public forms write. */
async function fill() {
  await seedDemoContent();
  await insertApplication({
    nom: "Zoé Lefèvre",
    archived: true,
    archivedDate: new Date("2026-03-01T10:00:00Z"),
    processed: true,
  });
  await insertAd({ nom: "Paul Girard", contenu: "Graines « anciennes » — 5 €\nà échanger" });
  await insertContactMessage({ subject: "Visite" });
  await insertFormField("Votre nom complet", "nom");
  const marie = await createAdmin("marie", "groseilles-sous-la-pergola-1907");
  await startTotpEnrolment(marie);
  const [{ secret }] = await getDb()
    .select({ secret: admins.totpPendingSecret })
    .from(admins)
    .where(eq(admins.id, marie.id));
  await confirmTotp(marie, await generate({ secret: secret! }));
  await inviteAdmin(marie, "alain", "alain@example.fr");
  // A referent and the site they look after.
  const [site] = await getDb().select({ id: gardenSites.id }).from(gardenSites).limit(1);
  const odile = await createAdmin("odile", "groseilles-sous-la-pergola-1907");
  await getDb().update(admins).set({ role: "referent" }).where(eq(admins.id, odile.id));
  await getDb().insert(adminSites).values({ adminId: odile.id, siteId: site!.id });
  await recordHistory(getDb(), marie, { kind: "article.creation", target: "article n° 1" });
  await enqueueMail(getDb(), { to: "marie@example.fr", subject: "Essai", text: "Bonjour" });
  await getDb().insert(importedRecords).values({ sourceTable: "blogPosts", sourceKey: "id:7", recordId: 1 });
  // A once-only job's last run: restored, another instance does not run it again at once.
  await getDb()
    .insert(jobRuns)
    .values({ name: "sauvegarde", startedAt: new Date(), leaseUntil: new Date(), finishedAt: new Date() });
  // An earlier version of an article, and what Marie was typing in another.
  await keepVersion(getDb(), "article", 1, { title: "Avant", content: "<p>Avant</p>" }, new Date(), "Marie");
  await saveAutosave("article", 2, marie.id, { title: "En cours", content: "<p>Brouillon</p>" });
  await insertSubscriber("lecteur@example.fr");
  // A letter on its way (its outbox message refers to it); the demo has sign-ups to the general assembly.
  const letter = await createLetter(
    {
      audience: "abonnes",
      source: "libre",
      sourceId: null,
      eventId: null,
      subject: "Chantier",
      message: "<p>Samedi</p>",
    },
    "Marie",
  );
  const body = await bodyOf(letter);
  await getDb().transaction((tx) => queueLetter(letter, body, tx));
  // A gardener the letter reaches on paper, for want of an address.
  const [gardener] = await getDb().select({ id: gardeners.id }).from(gardeners).limit(1);
  await getDb().insert(letterPaperRecipients).values({ letterId: letter.id, gardenerId: gardener!.id });
  // A receipt for one of the demo's fees, and the receipts' settings.
  const [paid] = await getDb()
    .select({ id: treasuryEntries.id })
    .from(treasuryEntries)
    .where(isNotNull(treasuryEntries.paymentId))
    .limit(1);
  await issueReceipt(paid!.id, marie);
  await getDb()
    .insert(treasurySettings)
    .values({ siret: "123 456 789 00012", signatory: "Lucie Perrin", place: "Vénissieux" });
  // HelloAsso set up, with its sealed secret (the archive carries the server's secret that opens it), a fee paid
  // online and its notification.
  await saveHelloAssoSettings(
    getDb(),
    { environment: "production", organizationSlug: "jardins-test", clientId: "client-id", clientSecret: "secret-1234" },
    "marie",
  );
  const [online] = await getDb()
    .insert(onlinePayments)
    .values({
      environment: "production",
      checkoutIntentId: 12345,
      gardenerId: gardener!.id,
      amountCents: 4500,
      itemName: "Cotisation 2026 — parcelle 3",
      state: "payee",
      orderId: 67890,
    })
    .returning();
  await getDb().insert(helloassoNotifications).values({
    eventType: "Order",
    checkoutIntentId: 12345,
    orderId: 67890,
    onlinePaymentId: online!.id,
    outcome: "paiement enregistré",
  });
  // A candidate to the demo assembly's election of the bureau.
  const [election] = await getDb().select().from(assemblyItems).where(eq(assemblyItems.isElection, true));
  await getDb()
    .insert(assemblyCandidates)
    .values({ itemId: election!.id, office: "presidence", name: "Marie Lambert" });
  // A cheque the bank returned unpaid, as the register keeps its trace.
  await getDb().insert(bouncedCheques).values({
    gardenerId: gardener!.id,
    kind: "cotisation",
    year: 2026,
    amountCents: 4500,
    paidOn: "2026-03-02",
    chequeNumber: "1234567",
    depositedOn: "2026-03-10",
    bouncedOn: "2026-03-20",
    reason: "sans provision",
  });
  // A free plot promised to that gardener from next spring.
  const [free] = await getDb().select({ id: plots.id }).from(plots).where(eq(plots.state, "libre")).limit(1);
  await getDb()
    .insert(plannedAllotments)
    .values({ plotId: free!.id, gardenerId: gardener!.id, startDate: "2027-03-01" });
}

const pairs: [Kind, Kind][] = postgres
  ? [
      ["pglite", "postgres"],
      ["postgres", "pglite"],
    ]
  : [["pglite", "pglite"]];

describe("backup and restore", () => {
  it.each(pairs)(
    "%s → %s: every row and every image comes back identical, ids go on after the highest",
    async (from, to) => {
      const mediaA = await tempDir();
      setMediaDir(mediaA);
      useDatabase(await open(from));
      await fill();
      const before = await dump();
      expect(
        Object.entries(before)
          .filter(([, rows]) => rows.length === 0)
          .map(([name]) => name),
      ).toEqual([]);
      const file = path.join(await tempDir(), "sauvegarde.tar.gz");
      const manifest = await createBackup(file, from);
      expect((fs.statSync(file).mode & 0o777).toString(8)).toBe("600");
      expect(manifest.tables.map((t) => t.name)).not.toContain("sessions");
      expect(manifest.media.length).toBeGreaterThan(0);

      const mediaB = await tempDir();
      setMediaDir(mediaB);
      useDatabase(await open(to));
      const restored = await restoreBackup(file);
      expect(restored.manifest.source).toBe(from);
      expect(await dump()).toEqual(before);
      expect(await mediaFiles(mediaB)).toEqual(await mediaFiles(mediaA));
      // The sequences follow: a new article gets the next id.
      const highest = Math.max(...(await getDb().select({ id: blogPosts.id }).from(blogPosts)).map((p) => p.id));
      const [created] = await getDb().insert(blogPosts).values({ title: "Après", content: "<p>x</p>" }).returning();
      expect(created.id).toBe(highest + 1);

      // A database with rows is not overwritten, unless asked.
      await expect(restoreBackup(file)).rejects.toThrow(
        /La base n'est pas vide \(.*\) : rien n'a été restauré\. Ajoutez --force/,
      );
      await restoreBackup(file, { force: true });
      expect(await dump()).toEqual(before);
    },
    120_000,
  );

  it("refuses a damaged archive, or one of another schema, before writing anything", async () => {
    setMediaDir(await tempDir());
    useDatabase(await open("pglite"));
    await insertContactMessage({ subject: "Visite" });
    const dir = await tempDir();
    const good = path.join(dir, "bonne.tar.gz");
    await createBackup(good, "pglite");
    const unpacked = await tempDir();
    await tar.extract({ file: good, cwd: unpacked });
    const root = path.join(unpacked, "potager-sauvegarde");
    const repack = async (name: string) => {
      const file = path.join(dir, name);
      await tar.create({ gzip: true, cwd: unpacked, file }, ["potager-sauvegarde"]);
      return file;
    };
    await fsp.appendFile(path.join(root, "tables", "contact_messages.jsonl"), '{"id":99}\n');
    const damaged = await repack("abimee.tar.gz");
    const manifestFile = path.join(root, "manifest.json");
    const manifest = JSON.parse(await fsp.readFile(manifestFile, "utf8"));
    await fsp.writeFile(
      path.join(root, "tables", "contact_messages.jsonl"),
      await fsp
        .readFile(path.join(root, "tables", "contact_messages.jsonl"), "utf8")
        .then((t) => t.replace('{"id":99}\n', "")),
    );
    await fsp.writeFile(manifestFile, JSON.stringify({ ...manifest, schema: "0099_futur" }));
    const future = await repack("future.tar.gz");
    await fsp.writeFile(path.join(dir, "texte.tar.gz"), "pas une archive");

    useDatabase(await open("pglite"));
    // A new site: only what its migrations wrote (the chart of accounts, the book's first accounts).
    const fresh = await dump();
    await expect(restoreBackup(damaged)).rejects.toThrow(
      "L'archive est abîmée : tables/contact_messages.jsonl ne correspond pas à son empreinte. Rien n'a été restauré.",
    );
    await expect(restoreBackup(future)).rejects.toThrow(
      /Cette archive vient d'une autre version de Potager \(schéma 0099_futur/,
    );
    await expect(restoreBackup(path.join(dir, "texte.tar.gz"))).rejects.toBeInstanceOf(BackupError);
    await expect(restoreBackup(path.join(dir, "absente.tar.gz"))).rejects.toThrow(/Archive introuvable/);
    expect(await dump()).toEqual(fresh);
    await restoreBackup(good);
    expect((await dump()).contact_messages).toHaveLength(1);
    // Three backups written and four restores tried: 24 s on a loaded two-core machine.
  }, 120_000);
});

type Part = tar.HeaderData | Buffer | { zeros: number };

/** A .tar.gz written block by block, as an attacker would: any header, any size, with real or missing content. */
async function craft(dir: string, name: string, parts: Part[]) {
  async function* blocks() {
    for (const part of parts) {
      if (Buffer.isBuffer(part)) yield part;
      else if ("zeros" in part)
        for (let left = part.zeros; left > 0; left -= 2 ** 20) yield Buffer.alloc(Math.min(left, 2 ** 20));
      else {
        const block = Buffer.alloc(512);
        new tar.Header({ mode: 0o644, mtime: new Date(0), uid: 0, gid: 0, size: 0, ...part }).encode(block, 0);
        yield block;
      }
    }
    // The end of the archive: two empty blocks.
    yield Buffer.alloc(1024);
  }
  const file = path.join(dir, name);
  const chunks: Buffer[] = [];
  for await (const chunk of Readable.from(blocks()).pipe(zlib.createGzip({ level: 1 }))) chunks.push(chunk as Buffer);
  await fsp.writeFile(file, Buffer.concat(chunks));
  return file;
}

/** A file's content padded to whole blocks. */
const content = (text: string) =>
  Buffer.concat([Buffer.from(text), Buffer.alloc(512 - (Buffer.byteLength(text) % 512))]);

describe("restore of a crafted archive", () => {
  it("refuses links, devices, paths out of its folder and sizes over the bounds, before writing anything", async () => {
    const media = await tempDir();
    setMediaDir(media);
    useDatabase(await open("pglite"));
    const fresh = await dump();
    const dir = await tempDir();
    const outside = await tempDir();
    const folder = { path: "potager-sauvegarde/", type: "Directory", mode: 0o755 } as const;
    const mb = ARCHIVE_LIMITS.floorBytes / 2 ** 20;
    const cases: [string, Part[], RegExp][] = [
      [
        "lien.tar.gz",
        [
          folder,
          { path: "potager-sauvegarde/media", type: "SymbolicLink", linkpath: outside },
          { path: "potager-sauvegarde/media/x.webp", size: 3 },
          content("abc"),
        ],
        /^L'archive contient un lien \("potager-sauvegarde\/media" vers ".*"\) : une sauvegarde de Potager n'en contient jamais\. Rien n'a été restauré\.$/,
      ],
      [
        "lien-physique.tar.gz",
        [folder, { path: "potager-sauvegarde/secrets/session-secret", type: "Link", linkpath: "/etc/shadow" }],
        /^L'archive contient un lien \("potager-sauvegarde\/secrets\/session-secret" vers "\/etc\/shadow"\)/,
      ],
      [
        "peripherique.tar.gz",
        [folder, { path: "potager-sauvegarde/media/null", type: "CharacterDevice", devmaj: 1, devmin: 3 }],
        /^L'archive contient autre chose qu'un fichier ou un dossier \("potager-sauvegarde\/media\/null", de type CharacterDevice\)\. Rien n'a été restauré\.$/,
      ],
      [
        "absolu.tar.gz",
        [{ path: `${outside}/x`, size: 3 }, content("abc")],
        /^L'archive contient un chemin hors de son dossier potager-sauvegarde : ".*\/x"\. Rien n'a été restauré\.$/,
      ],
      [
        "remontee.tar.gz",
        [folder, { path: "potager-sauvegarde/../../x", size: 3 }, content("abc")],
        /^L'archive contient un chemin hors de son dossier potager-sauvegarde : "potager-sauvegarde\/\.\.\/\.\.\/x"/,
      ],
      [
        "setuid.tar.gz",
        [folder, { path: "potager-sauvegarde/media/x.webp", mode: 0o4755, size: 3 }, content("abc")],
        /^L'archive contient un fichier aux droits spéciaux/,
      ],
      // A header announcing a huge file, its content missing: refused on the header alone.
      [
        "enorme.tar.gz",
        [folder, { path: "potager-sauvegarde/tables/blog_posts.jsonl", size: 6 * 2 ** 30 }, content("{}")],
        /^L'élément "potager-sauvegarde\/tables\/blog_posts\.jsonl" de l'archive fait 6\.0 Go, plus que les 512\.0 Mo permis\. Rien n'a été restauré\.$/,
      ],
      // A zip bomb: zeros past the bound, in a file of a few hundred kilobytes.
      [
        "bombe.tar.gz",
        [
          folder,
          { path: "potager-sauvegarde/tables/blog_posts.jsonl", size: ARCHIVE_LIMITS.floorBytes + 2 ** 20 },
          { zeros: ARCHIVE_LIMITS.floorBytes + 2 ** 20 },
        ],
        new RegExp(
          `^L'archive dépasse ${mb}\\.0 Mo une fois décompressée, pour 0\\.\\d Mo compressés : une sauvegarde de Potager n'atteint jamais ce rapport\\. Rien n'a été restauré\\.$`,
        ),
      ],
      // The same zeros in a header that the tar reader skips without a word: the decompressed stream is bounded too.
      [
        "bombe-entete.tar.gz",
        [
          folder,
          { path: "PaxHeader/x", type: "ExtendedHeader", size: ARCHIVE_LIMITS.floorBytes + 2 ** 20 },
          { zeros: ARCHIVE_LIMITS.floorBytes + 2 ** 20 },
        ],
        new RegExp(`^L'archive dépasse ${mb}\\.0 Mo une fois décompressée`),
      ],
    ];
    const unpacking = vi.spyOn(fsp, "mkdtemp");
    try {
      for (const [name, parts, refusal] of cases) {
        const file = await craft(dir, name, parts);
        unpacking.mockClear();
        await expect(restoreBackup(file)).rejects.toThrow(refusal);
        // Refused while listing: no folder was even made to unpack it.
        expect(unpacking.mock.calls.filter(([prefix]) => String(prefix).includes("potager-restauration-"))).toEqual([]);
      }
    } finally {
      unpacking.mockRestore();
    }
    expect(await fsp.readdir(outside)).toEqual([]);
    expect(await fsp.readdir(media)).toEqual([]);
    expect(await dump()).toEqual(fresh);
  }, 60_000);
});
