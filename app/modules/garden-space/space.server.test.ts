import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { euros } from "~/lib/money";
import { eventRegistrations, gardenerFees, inspectionMarks } from "~/db/schema";
import { markAssembly, sendConvocation, saveAgenda } from "~/modules/assembly/assembly.server";
import { updateDocument } from "~/modules/documents/documents.server";
import { saveHelloAssoSettings } from "~/modules/helloasso/helloasso.settings.server";
import { PAY_ONLINE_LABEL } from "~/modules/helloasso/payment.labels";
import { describeEachDatabase } from "../../../tests/db";
import { insertDocument, usePrivateDocumentsDir } from "../../../tests/documents";
import { insertContent, insertEvent } from "../../../tests/factories";
import { gardenerWithAll, noHelloAsso } from "../../../tests/garden-space";
import { gardenSpaceData } from "./space.server";

const url = (query = "") => new URL(`http://localhost:3000/mon-jardin${query}`);
const signedIn = (gardener: { id: number; name: string; email: string }) => ({
  id: gardener.id,
  name: gardener.name,
  email: gardener.email,
});

describeEachDatabase("« Mon jardin »: what a signed-in gardener sees", () => {
  usePrivateDocumentsDir();
  beforeEach(noHelloAsso);

  it("shows the gardener their own plots, fees, receipts and warnings, and none of another gardener's", async () => {
    await insertContent({ feeChequeOrder: "Les Jardins du Lez", feeIban: "FR76 3000 6000 0112 3456 7890 189" });
    const amina = await gardenerWithAll("Amina Benali", 12);
    const bruno = await gardenerWithAll("Bruno Roux", 34);
    const space = await gardenSpaceData(signedIn(amina.gardener), url());

    expect(space.gardener).toEqual({ name: "Amina Benali", email: "amina@example.fr" });
    expect(space.plots).toEqual([
      expect.objectContaining({
        number: 12,
        site: "Jardin de Amina Benali",
        area: 140,
        kind: "Partagée",
        since: "1er mars 2024",
        address: expect.stringContaining("rue des Jardins"),
        accessNotes: "Code du portail : 1212",
      }),
    ]);
    expect(space.fees).toEqual([
      expect.objectContaining({
        id: amina.fee.id,
        called: euros(6000),
        paid: euros(2500),
        balance: euros(3500),
        state: `reste ${euros(3500)}`,
        late: true,
        due: true,
        payOnline: false,
      }),
    ]);
    expect(space.receipts.map((r) => r.id)).toEqual([amina.receipt.id]);
    expect(space.receipts[0]!.amount).toBe(euros(2500));
    expect(space.warnings).toEqual([
      expect.objectContaining({ id: amina.warning.id, note: "Herbes hautes sur la parcelle 12", withdrawn: false }),
    ]);
    // Online payment is not set up: the bureau's means of payment, as the fee call gives them.
    expect(space.paymentInstructions).toContain("par chèque à l'ordre de Les Jardins du Lez");
    expect(space.paymentInstructions).toContain("FR76 3000 6000 0112 3456 7890 189");
    const text = JSON.stringify(space);
    expect(text).not.toContain("Bruno");
    expect(text).not.toContain("bruno@");
    expect(text).not.toContain("Herbes hautes sur la parcelle 34");
    expect(space.receipts.map((r) => r.id)).not.toContain(bruno.receipt.id);
    expect(space.notice).toBeNull();
  });

  it("offers « Payer en ligne » for a balance due once HelloAsso is set up, and no instructions then", async () => {
    const { gardener, fee } = await gardenerWithAll("Amina Benali", 12);
    const [settled] = await getDb()
      .insert(gardenerFees)
      .values({ gardenerId: gardener.id, year: fee.year - 1, amountCents: 5000, dueOn: "2020-01-31", status: "waived" })
      .returning();
    await getDb().update(gardenerFees).set({ waivedCents: 5000 }).where(eq(gardenerFees.id, settled!.id));
    await saveHelloAssoSettings(
      getDb(),
      { environment: "sandbox", organizationSlug: "jardins", clientId: "client", clientSecret: "secret" },
      "marie",
    );
    const space = await gardenSpaceData(signedIn(gardener), url());
    expect(space.fees.map((f) => [f.year, f.payOnline, f.state])).toEqual([
      [fee.year, true, `reste ${euros(3500)}`],
      [fee.year - 1, false, "exonérée"],
    ]);
    expect(space.paymentInstructions).toBe("");
    expect(PAY_ONLINE_LABEL).toBe("Payer en ligne");
  });

  it("tells a withdrawn warning with its reason, and leaves out those older than a year", async () => {
    const { gardener, warning } = await gardenerWithAll("Amina Benali", 12);
    await getDb()
      .update(inspectionMarks)
      .set({ withdrawnAt: new Date(), withdrawnBy: "marie", withdrawalReason: "Parcelle visitée par erreur" })
      .where(eq(inspectionMarks.id, warning.id));
    const space = await gardenSpaceData(signedIn(gardener), url());
    expect(space.warnings).toEqual([
      expect.objectContaining({ withdrawn: true, withdrawalReason: "Parcelle visitée par erreur" }),
    ]);
    const later = new Date(Date.now() + 400 * 86_400_000);
    expect((await gardenSpaceData(signedIn(gardener), url(), later)).warnings).toEqual([]);
  });

  it("lists the members' documents only: neither a public one, nor one that was for members and is now public", async () => {
    const { gardener } = await gardenerWithAll("Amina Benali", 12);
    const minutes = await insertDocument({ kind: "proces_verbal", title: "PV de l'AG 2025", visibility: "membres" });
    await insertDocument({ title: "Statuts", visibility: "public" });
    const opened = await insertDocument({ kind: "proces_verbal", title: "PV de l'AG 2024", visibility: "membres" });
    await getDb().transaction((tx) =>
      updateDocument(tx, opened.id, {
        kind: "proces_verbal",
        title: "PV de l'AG 2024",
        date: "2024-04-01",
        visibility: "public",
      }),
    );
    const space = await gardenSpaceData(signedIn(gardener), url());
    expect(space.documents.map((d) => [d.id, d.title, d.kind])).toEqual([
      [minutes.id, "PV de l'AG 2025", "Procès-verbal"],
    ]);
    expect(space.documents[0]!.facts).toMatch(/^PDF, 1 page/);
  });

  it("shows the assembly the gardener is convened to, with its agenda, until it is over", async () => {
    const { gardener } = await gardenerWithAll("Amina Benali", 12);
    const start = new Date(Date.now() + 30 * 86_400_000);
    const event = (await insertEvent({ title: "AG", start, location: "Salle des fêtes" }))!;
    const assembly = await markAssembly(event.id, "ordinaire", getDb());
    expect((await gardenSpaceData(signedIn(gardener), url())).assembly).toBeNull();
    // The convocation carries its agenda: none goes without one.
    await saveAgenda(assembly.id, [{ title: "Rapport moral", isResolution: false }], getDb());
    await sendConvocation(assembly.id);
    const space = await gardenSpaceData(signedIn(gardener), url());
    expect(space.assembly).toMatchObject({
      title: expect.stringMatching(/^Assemblée générale ordinaire du /),
      name: "Amina Benali",
      answer: null,
      started: false,
      eventId: event.id,
    });
    expect(space.assembly!.practical).toContain("Lieu : Salle des fêtes");
    const over = new Date(start.getTime() + 24 * 3_600_000);
    expect((await gardenSpaceData(signedIn(gardener), url(), over)).assembly).toBeNull();
  });

  it("lists the events taking sign-ups, and says which the gardener's address is signed up to", async () => {
    const { gardener } = await gardenerWithAll("Amina Benali", 12);
    const open = (await insertEvent({ title: "Atelier semis", signupsOpen: true, publishedAt: new Date() }))!;
    const full = (await insertEvent({ title: "Troc de graines", signupsOpen: true, publishedAt: new Date() }))!;
    await insertEvent({ title: "Fête du jardin", publishedAt: new Date() });
    await insertEvent({ title: "Brouillon", signupsOpen: true, state: "brouillon" });
    await getDb().insert(eventRegistrations).values({
      eventId: full.id,
      name: "Amina Benali",
      email: "amina@example.fr",
      status: "attente",
      cancelKey: "k",
      cancelTokenHash: "h",
    });
    const space = await gardenSpaceData(signedIn(gardener), url());
    expect(space.events.map((e) => [e.id, e.signedUp])).toEqual(
      expect.arrayContaining([
        [open.id, null],
        [full.id, "attente"],
      ]),
    );
    expect(space.events.map((e) => e.title).toSorted()).toEqual(["Atelier semis", "Troc de graines"]);
  });

  it("shows a fee whose HelloAsso payment awaits the bureau as being checked, not late, with nothing to pay again", async () => {
    const { gardener } = await gardenerWithAll("Amina Benali", 12);
    const [fee] = await getDb().select().from(gardenerFees).where(eq(gardenerFees.gardenerId, gardener.id));
    await getDb()
      .update(gardenerFees)
      .set({ dueOn: "2020-03-31", onlineAnomaly: "montant différent" })
      .where(eq(gardenerFees.id, fee!.id));
    const shown = (await gardenSpaceData(signedIn(gardener), url(""))).fees.find((f) => f.id === fee!.id)!;
    expect(shown).toMatchObject({
      state: "paiement reçu par HelloAsso, en vérification par le bureau",
      late: false,
      payOnline: false,
    });
  });

  it("says what came of a payment on HelloAsso, and that an answer to the assembly is saved", async () => {
    const { gardener } = await gardenerWithAll("Amina Benali", 12);
    const notice = async (query: string) => (await gardenSpaceData(signedIn(gardener), url(query))).notice;
    // Where the return from HelloAsso lands (#cotisations), not at the top of the page.
    expect(await notice("?paiement=recu")).toEqual({
      text: expect.stringMatching(/^Paiement reçu/),
      good: true,
      inFees: true,
    });
    expect(await notice("?paiement=abandonne")).toEqual({
      text: expect.stringMatching(/abandonné/),
      good: false,
      inFees: true,
    });
    expect(await notice("?paiement=n-importe")).toBeNull();
    expect(await notice("?reponse=assemblee")).toEqual({
      text: "Votre réponse à la convocation est enregistrée.",
      good: true,
    });
  });
});
