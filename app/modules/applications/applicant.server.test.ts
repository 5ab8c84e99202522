import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { applications, outbox } from "~/db/schema";
import { describeEachDatabase } from "../../../tests/db";
import { applicationForm, insertApplication } from "../../../tests/factories";
import { findByAccessToken, waitingListPlace, waitingListPlaces, withdrawApplication } from "./applicant.server";
import { applicationFormSchema } from "./applications.schema";
import { archiveApplication, submitApplication } from "./applications.server";

const DAY = 86_400_000;

describeEachDatabase("the applicant's own page", () => {
  it("gives a private link in the acknowledgement only; the database keeps its HMAC", async () => {
    const submitted = await submitApplication(
      applicationFormSchema.parse(applicationForm({ email: "ines@example.fr" })),
    );
    const ack = (await getDb().select().from(outbox)).find((m) => m.to === "ines@example.fr")!;
    const token = /\/ma-demande\/([\w-]{43})/.exec(ack.text)![1];
    expect(ack.html).toContain(`/ma-demande/${token}`);
    const [row] = await getDb().select().from(applications);
    expect(row.accessTokenHash).toMatch(/^[\w-]{43}$/);
    expect(row.accessTokenHash).not.toBe(token);
    expect((await findByAccessToken(token))?.id).toBe(submitted.id);
    expect(await findByAccessToken(`${token.slice(0, -1)}x`)).toBeUndefined();
    expect(await findByAccessToken("court")).toBeUndefined();

    // Archived by the association: the link, kept in the applicant's mailbox, no longer opens anything.
    await getDb().update(applications).set({ processed: true });
    await archiveApplication(submitted.id);
    expect(await findByAccessToken(token)).toBeUndefined();
    expect((await getDb().select().from(applications))[0].accessTokenHash).toBeNull();
  });

  it("places each active request in its town's list by date; archived ones leave it; withdrawing archives and tells the association", async () => {
    const now = Date.now();
    const a = await insertApplication({ ville: "Villeurbanne", date: new Date(now - 3 * DAY) });
    const b = await insertApplication({ ville: "Villeurbanne", date: new Date(now - 1 * DAY) });
    const c = await insertApplication({ ville: "Vaulx-en-velin", date: new Date(now - 2 * DAY) });
    await insertApplication({
      ville: "Villeurbanne",
      date: new Date(now - 5 * DAY),
      archived: true,
      processed: true,
      archivedDate: new Date(),
    });
    expect(await waitingListPlace(b)).toEqual({ place: 2, total: 2 });
    expect(await waitingListPlace(c)).toEqual({ place: 1, total: 1 });
    expect(Object.fromEntries(await waitingListPlaces())).toEqual({
      [a.id]: { place: 1, total: 2 },
      [b.id]: { place: 2, total: 2 },
      [c.id]: { place: 1, total: 1 },
    });

    expect((await withdrawApplication(a.id))?.archived).toBe(true);
    expect(await withdrawApplication(a.id)).toBeUndefined();
    // The private link goes with the withdrawal.
    const [withdrawn] = await getDb().select().from(applications).where(eq(applications.id, a.id));
    expect(withdrawn.accessTokenHash).toBeNull();
    expect(await waitingListPlace(b)).toEqual({ place: 1, total: 1 });
    const [notice] = await getDb().select().from(outbox);
    expect(notice.subject).toBe(`Demande de jardin retirée : ${a.nom}`);
    expect(notice.text).toContain(`demande n° ${a.id}`);
  });
});
