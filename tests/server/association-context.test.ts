import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages } from "~/modules/contact/contact.tables";
import { applicantLink } from "~/modules/applications/applicant.server";
import { dkimDomain } from "~/modules/mail/dkim.server";
import { getMediaDir } from "~/modules/media/media.server";
import { keyedHash, openSecret, sealSecret } from "~/server/server-secret.server";
import {
  associationDir,
  mailFrom,
  publicUrl,
  NO_ASSOCIATION,
  setHostMode,
  withAssociation,
  type Association,
} from "~/db/association.server";
import { getDb, useDatabase, type DatabaseHandle } from "~/db/client.server";
import { insertContactMessage } from "../factories";
import { testDatabases } from "../db";

// Host mode (decision 039): each request or job runs in its association's context, and nothing outside one reaches
// any association's database or files.
describe("the association's context", () => {
  const associations: Association[] = [];
  const handles: DatabaseHandle[] = [];
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "potager-associations-"));

  beforeAll(async () => {
    for (const id of ["brosses", "tilleuls"]) {
      const database = await testDatabases[0]!.open();
      handles.push(database);
      associations.push({
        id,
        database,
        dir: path.join(root, id),
        publicUrl: `https://jardins-${id}.example.org`,
        mailFrom: `Jardins ${id} <contact@jardins-${id}.example.org>`,
      });
    }
    setHostMode(true);
  });

  afterAll(async () => {
    setHostMode(false);
    useDatabase(undefined);
    for (const handle of handles) await handle.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("refuses a query, and a file's folder, outside any association in host mode", async () => {
    expect(() => getDb()).toThrow(NO_ASSOCIATION);
    await expect(insertContactMessage()).rejects.toThrow(NO_ASSOCIATION);
    expect(() => associationDir()).toThrow(NO_ASSOCIATION);
    expect(() => getMediaDir()).toThrow(NO_ASSOCIATION);
    expect(() => keyedHash("un lien")).toThrow(NO_ASSOCIATION);
    expect(() => publicUrl()).toThrow(NO_ASSOCIATION);
    expect(() => mailFrom()).toThrow(NO_ASSOCIATION);
  });

  it("gives each request its own association's database, also when their awaits and timers interleave", async () => {
    const [brosses, tilleuls] = associations as [Association, Association];
    const messagesOf = async (association: Association, written: number) =>
      withAssociation(association, async () => {
        for (let i = 0; i < written; i++) {
          await insertContactMessage({ subject: `Question de ${association.id}` });
          // The other association's request runs meanwhile.
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        const rows = await getDb().select().from(contactMessages);
        return rows.map((row) => row.subject);
      });
    const [seenByBrosses, seenByTilleuls] = await Promise.all([messagesOf(brosses, 3), messagesOf(tilleuls, 2)]);
    expect(seenByBrosses).toEqual(Array(3).fill("Question de brosses"));
    expect(seenByTilleuls).toEqual(Array(2).fill("Question de tilleuls"));
  });

  it("keeps each association's files in its folder, and its links and sealed settings worthless to another", () => {
    const [brosses, tilleuls] = associations as [Association, Association];
    expect(withAssociation(brosses, getMediaDir)).toBe(path.join(root, "brosses", "media"));
    expect(withAssociation(tilleuls, getMediaDir)).toBe(path.join(root, "tilleuls", "media"));
    // Its links and its mails' sender are its own.
    expect(withAssociation(tilleuls, () => applicantLink("jeton"))).toBe(
      "https://jardins-tilleuls.example.org/ma-demande/jeton",
    );
    expect(withAssociation(brosses, () => dkimDomain())).toBe("jardins-brosses.example.org");
    // Each has its own secret, made in its folder at first need: a link's hash or a sealed setting of one means
    // nothing to the other.
    const link = "lien-de-connexion-de-mon-jardin";
    const hashed = withAssociation(brosses, () => keyedHash(link));
    expect(withAssociation(brosses, () => keyedHash(link))).toBe(hashed);
    expect(withAssociation(tilleuls, () => keyedHash(link))).not.toBe(hashed);
    expect(fs.existsSync(path.join(root, "tilleuls", "session-secret"))).toBe(true);
    const sealed = withAssociation(brosses, () => sealSecret("secret-client-helloasso"));
    expect(withAssociation(brosses, () => openSecret(sealed))).toBe("secret-client-helloasso");
    expect(withAssociation(tilleuls, () => openSecret(sealed))).toBeNull();
  });

  it("is the single association's without a context once host mode is off", async () => {
    setHostMode(false);
    useDatabase(handles[0]);
    try {
      expect(await getDb().select().from(contactMessages)).toHaveLength(3);
    } finally {
      useDatabase(undefined);
      setHostMode(true);
    }
  });
});
