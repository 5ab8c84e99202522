import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { applications, outbox } from "~/db/schema";
import { describeEachDatabase } from "../../../tests/db";
import { applicationForm, at, insertApplication, insertContent, insertFormField } from "../../../tests/factories";
import { applicationFormSchema } from "./applications.schema";
import {
  archiveApplication,
  countUnprocessedApplications,
  createApplication,
  deleteApplication,
  getApplication,
  listActiveApplications,
  listApplications,
  listArchivedApplications,
  setApplicationProcessed,
  submitApplication,
} from "./applications.server";
import { applicationLabelsFormSchema, labelRows } from "./form-fields.schema";
import { applicationFormLabels, listFormFields, replaceFormFields } from "./form-fields.server";

const form = () => applicationFormSchema.parse(applicationForm({ telephonefixe: "04 12 34 56 78" }));

describeEachDatabase("applications module", () => {
  it("createApplication stores the form unprocessed, dated now", async () => {
    const before = Date.now();
    const row = await createApplication(form());
    expect(row).toMatchObject({
      nom: "Camille Martin",
      email: "camille.martin@example.fr",
      adresse: "12 rue des Lilas",
      ville: "Villeurbanne",
      telephonePortable: "06 12 34 56 78",
      telephoneFixe: "04 12 34 56 78",
      tailleJardin: "moyenne",
      experience: "Potager familial depuis cinq ans",
      budgetConnu: true,
      tempsDisponible: "weekend",
      inspectionConnu: true,
      engagementCharte: true,
      engagementReglement: true,
      engagementLieuPublic: true,
      motivations: "Cultiver mes légumes et partager avec les voisins.",
      processed: false,
      archived: null,
      archivedDate: null,
    });
    expect(row.date.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await getApplication(row.id)).toEqual(row);
  });

  it("createApplication runs its hook in the same transaction", async () => {
    let seen: number | undefined;
    const row = await createApplication(form(), async (tx, created) => {
      seen = created.id;
      await tx.insert(outbox).values({ to: "admin@potager.fr", subject: "Nouvelle demande", text: created.nom });
    });
    expect(seen).toBe(row.id);
    expect(await getDb().select({ text: outbox.text }).from(outbox)).toEqual([{ text: "Camille Martin" }]);
  });

  it("createApplication stores nothing when its hook fails", async () => {
    await expect(
      createApplication(form(), async (tx) => {
        await tx.insert(outbox).values({ to: "admin@potager.fr", subject: "Nouvelle demande", text: "x" });
        throw new Error("file d'envoi indisponible");
      }),
    ).rejects.toThrow("file d'envoi indisponible");
    expect(await listApplications()).toEqual([]);
    expect(await getDb().select().from(outbox)).toEqual([]);
  });

  it("listApplications orders by id desc", async () => {
    const a = await insertApplication({ date: at(30) });
    const b = await insertApplication({ date: at(10) });
    const c = await insertApplication({ date: at(20) });
    expect((await listApplications()).map((r) => r.id)).toEqual([c.id, b.id, a.id]);
  });

  it("listActiveApplications keeps non-archived ones, latest date first", async () => {
    const a = await insertApplication({ date: at(10) });
    const b = await insertApplication({ date: at(30), archived: false });
    await insertApplication({ date: at(40), processed: true, archived: true, archivedDate: at(50) });
    const c = await insertApplication({ date: at(20), processed: true });
    expect((await listActiveApplications()).map((r) => r.id)).toEqual([b.id, c.id, a.id]);
  });

  it("listArchivedApplications orders by archive date desc", async () => {
    await insertApplication({ date: at(0) });
    const a = await insertApplication({ processed: true, archived: true, archivedDate: at(10) });
    const b = await insertApplication({ processed: true, archived: true, archivedDate: at(30) });
    const c = await insertApplication({ processed: true, archived: true, archivedDate: at(20) });
    expect((await listArchivedApplications()).map((r) => r.id)).toEqual([b.id, c.id, a.id]);
  });

  it("setApplicationProcessed toggles the flag", async () => {
    const row = await insertApplication();
    expect((await setApplicationProcessed(row.id, true))?.processed).toBe(true);
    expect((await getApplication(row.id))?.processed).toBe(true);
    expect((await setApplicationProcessed(row.id, false))?.processed).toBe(false);
    expect((await getApplication(row.id))?.processed).toBe(false);
  });

  it("setApplicationProcessed leaves archived and unknown applications alone", async () => {
    const archived = await insertApplication({ processed: true, archived: true, archivedDate: at(0) });
    expect(await setApplicationProcessed(archived.id, false)).toBeUndefined();
    expect((await getApplication(archived.id))?.processed).toBe(true);
    expect(await setApplicationProcessed(archived.id + 1, true)).toBeUndefined();
    expect(await setApplicationProcessed(Number.NaN, true)).toBeUndefined();
  });

  it("archiveApplication archives a processed application now", async () => {
    const row = await insertApplication({ processed: true });
    const before = Date.now();
    const archived = await archiveApplication(row.id);
    expect(archived).toMatchObject({ id: row.id, archived: true, processed: true });
    expect(archived!.archivedDate!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await listArchivedApplications()).map((r) => r.id)).toEqual([row.id]);
    expect(await listActiveApplications()).toEqual([]);
  });

  it("archiveApplication refuses an unprocessed, already archived or unknown application", async () => {
    const unprocessed = await insertApplication();
    expect(await archiveApplication(unprocessed.id)).toBeUndefined();
    expect(await getApplication(unprocessed.id)).toMatchObject({ archived: null, archivedDate: null });

    const done = await insertApplication({ processed: true, archived: true, archivedDate: at(0) });
    expect(await archiveApplication(done.id)).toBeUndefined();
    expect((await getApplication(done.id))?.archivedDate).toEqual(at(0));

    expect(await archiveApplication(done.id + 100)).toBeUndefined();
  });

  it("deleteApplication returns the deleted row", async () => {
    const row = await insertApplication({ nom: "Paul Durand" });
    const kept = await insertApplication();
    expect((await deleteApplication(row.id))?.nom).toBe("Paul Durand");
    expect(await deleteApplication(row.id)).toBeUndefined();
    expect(await getApplication(row.id)).toBeUndefined();
    expect((await listApplications()).map((r) => r.id)).toEqual([kept.id]);
  });

  it("countUnprocessedApplications counts unprocessed, non-archived applications", async () => {
    expect(await countUnprocessedApplications()).toBe(0);
    await insertApplication();
    await insertApplication({ archived: false });
    await insertApplication({ processed: true });
    await insertApplication({ archived: true, archivedDate: at(0) });
    await insertApplication({ processed: true, archived: true, archivedDate: at(0) });
    expect(await countUnprocessedApplications()).toBe(2);
  });

  it("the count follows processing and archiving", async () => {
    const row = await createApplication(form());
    expect(await countUnprocessedApplications()).toBe(1);
    await setApplicationProcessed(row.id, true);
    expect(await countUnprocessedApplications()).toBe(0);
    await archiveApplication(row.id);
    expect(await countUnprocessedApplications()).toBe(0);
    expect(await getDb().select().from(applications)).toHaveLength(1);
  });

  it("listFormFields orders by label ascending", async () => {
    await insertFormField("motivations");
    await insertFormField("adresse");
    await insertFormField("nom");
    expect((await listFormFields()).map((f) => f.label)).toEqual(["adresse", "motivations", "nom"]);
  });

  it("replaceFormFields replaces every definition", async () => {
    await insertFormField("ancien");
    const fields = await replaceFormFields([{ label: "ville" }, { label: "email" }]);
    expect(fields.map((f) => f.label)).toEqual(["email", "ville"]);
    expect((await listFormFields()).map((f) => f.label)).toEqual(["email", "ville"]);
    expect(await replaceFormFields([])).toEqual([]);
    expect(await listFormFields()).toEqual([]);
  });

  it("the labels saved from the settings replace the old ones and reach /apply; an empty one shows the default", async () => {
    await replaceFormFields([{ name: "nom", label: "Ancien libellé" }]);
    const labels = applicationLabelsFormSchema.parse({
      motivations: "  Pourquoi voulez-vous jardiner avec nous ? ",
      nom: "",
      ville: "Commune",
    });
    await replaceFormFields(labelRows(labels));
    expect((await listFormFields()).map((f) => [f.name, f.label])).toEqual([
      ["ville", "Commune"],
      ["motivations", "Pourquoi voulez-vous jardiner avec nous ?"],
    ]);
    const shown = await applicationFormLabels();
    expect(shown.motivations).toBe("Pourquoi voulez-vous jardiner avec nous ?");
    expect(shown.ville).toBe("Commune");
    expect(shown.nom).toBe("Nom et prénom");
  });

  it("replaceFormFields keeps the old definitions when the insert fails", async () => {
    await insertFormField("adresse");
    await insertFormField("nom");
    await expect(replaceFormFields([{ label: "email" }, { label: null as unknown as string }])).rejects.toThrow(
      /form_fields/,
    );
    expect((await listFormFields()).map((f) => f.label)).toEqual(["adresse", "nom"]);
  });

  it("submitApplication notifies the association and acknowledges the applicant, in one transaction", async () => {
    await insertContent({ email: "bureau@jardins.example" });
    const application = await submitApplication(form());
    expect(application.processed).toBe(false);
    const mails = await getDb().select().from(outbox).orderBy(outbox.id);
    expect(mails.map((m) => m.to)).toEqual(["bureau@jardins.example", "camille.martin@example.fr"]);
    expect(mails[0].text).toContain("Camille Martin");
    expect(mails[0].text).toContain("/admin/applications");
  });

  it("submitApplication keeps no application when its e-mail cannot be queued", async () => {
    await insertContent({ email: "pas-une-adresse" });
    await expect(submitApplication(form())).rejects.toThrow(/invalid email/i);
    expect(await getDb().select().from(applications)).toEqual([]);
    expect(await getDb().select().from(outbox)).toEqual([]);
  });
});
