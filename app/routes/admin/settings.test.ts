import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { associationContent, formFields } from "~/db/schema";
import { describeEachDatabase } from "../../../tests/db";
import { insertContent, insertFormField } from "../../../tests/factories";
import { answered, formPost, multipartPost, routeArgs } from "../../../tests/routes";
import { action, loader } from "./settings";
import { loader as legalLoader } from "../public/legal";

type Result = { ok: boolean; message: string | null; field?: string; values?: Record<string, string> };

const post = async (fields: Record<string, string>) =>
  answered<Result>(await action(routeArgs(formPost("/admin/settings", fields))));
const content = async () => (await getDb().select().from(associationContent))[0];

describeEachDatabase("/admin/settings action", () => {
  it("saves the association's identity and legal facts; a wrong registration number saves nothing and keeps the typing", async () => {
    await insertContent({ nomAssociation: "Ancien nom" });
    const refused = await post({ intent: "identity", nomAssociation: "Jardins de l'Est", editeurNumero: "12345" });
    expect(refused).toMatchObject({
      status: 400,
      value: { ok: false, field: "editeurNumero", values: { nomAssociation: "Jardins de l'Est" } },
    });
    expect((await content()).nomAssociation).toBe("Ancien nom");

    const saved = await post({
      intent: "identity",
      nomAssociation: " Jardins de l'Est ",
      slogan: "",
      editeurNumero: "W691234567",
      hebergeurNom: "Hébergement Rhône",
    });
    expect(saved.value).toEqual({ intent: "identity", ok: true, message: "Identité de l'association enregistrée." });
    expect(await content()).toMatchObject({
      nomAssociation: "Jardins de l'Est",
      slogan: null,
      editeurNumero: "W691234567",
      hebergeurNom: "Hébergement Rhône",
    });
  });

  it("sends back a form carrying fields named as every object's own (toString, __proto__…) with a 400, typing kept", async () => {
    await insertContent({ nomAssociation: "Ancien nom" });
    const hostile = { toString: "a", constructor: "b", ["__proto__"]: "c", valueOf: "d", hasOwnProperty: "e" };
    for (const intent of ["identity", "inconnu"]) {
      const refused = await post({ intent, ...hostile, nomAssociation: "Jardins de l'Est", editeurNumero: "12345" });
      expect(refused.status).toBe(400);
      expect(refused.value.values?.nomAssociation ?? intent).toBe(intent === "identity" ? "Jardins de l'Est" : intent);
      // The same as a form with files, read by another path.
      const form = new FormData();
      for (const [name, value] of Object.entries({ intent, ...hostile, nomAssociation: "Jardins", editeurNumero: "1" }))
        form.append(name, value);
      const multipart = answered<Result>(await action(routeArgs(multipartPost("/admin/settings", form))));
      expect((await multipart).status).toBe(400);
    }
    expect((await content()).nomAssociation).toBe("Ancien nom");
  });

  it("refuses more plots occupied than there are", async () => {
    await insertContent({ parcellesOccupees: 10, parcellesTotal: 20 });
    const refused = await post({ intent: "plots", parcellesOccupees: "21", parcellesTotal: "20" });
    expect(refused).toMatchObject({
      status: 400,
      value: {
        field: "parcellesOccupees",
        message: "Le nombre de parcelles occupées ne peut pas dépasser le nombre total de parcelles.",
      },
    });
    expect(await content()).toMatchObject({ parcellesOccupees: 10, parcellesTotal: 20 });
  });

  it("replaces every label of the application form; one too long replaces nothing", async () => {
    await insertFormField("Ancien libellé", "nom");
    const refused = await post({ intent: "applicationLabels", ville: "Commune", motivations: "m".repeat(501) });
    expect(refused).toMatchObject({ status: 400, value: { field: "motivations" } });
    expect((await getDb().select().from(formFields)).map((f) => f.label)).toEqual(["Ancien libellé"]);

    expect((await post({ intent: "applicationLabels", ville: "Commune", nom: "" })).value.ok).toBe(true);
    expect((await getDb().select().from(formFields)).map((f) => [f.name, f.label])).toEqual([["ville", "Commune"]]);
    const shown = await loader();
    expect(shown.applicationLabels).toMatchObject({ ville: "Commune", nom: "" });
  });

  it("refuses an unknown form", async () => {
    expect(await post({ intent: "toutEffacer" })).toMatchObject({
      status: 400,
      value: { ok: false, message: "Formulaire inconnu." },
    });
  });

  it("saves the retention periods within their bounds; the legal notice states them", async () => {
    await insertContent();
    const periods = {
      retentionArchivedApplicationsMonths: "36",
      retentionContactMessagesMonths: "6",
      retentionPendingAdsDays: "30",
      retentionValidatedAdsMonths: "3",
      retentionHistoryMonths: "12",
      retentionSentMailDays: "15",
      retentionEventRegistrationsMonths: "6",
      retentionGardenersYears: "5",
      retentionPaymentsYears: "6",
    };
    const refused = await post({ intent: "retention", ...periods, retentionPendingAdsDays: "2" });
    expect(refused).toMatchObject({
      status: 400,
      value: { ok: false, field: "retentionPendingAdsDays", message: "Entre 7 et 365 jours." },
    });
    expect(await post({ intent: "retention", ...periods, retentionHistoryMonths: "douze" })).toMatchObject({
      status: 400,
      value: { message: "Saisissez un nombre entier de mois." },
    });
    expect((await content()).retentionPendingAdsDays).toBe(60);
    expect((await post({ intent: "retention", ...periods })).value).toEqual({
      intent: "retention",
      ok: true,
      message: "Durées de conservation enregistrées.",
    });
    expect(await post({ intent: "retention", ...periods, retentionSentMailDays: "0" })).toMatchObject({
      status: 400,
      value: { field: "retentionSentMailDays", message: "Entre 1 et 365 jours." },
    });
    expect(await content()).toMatchObject({
      retentionArchivedApplicationsMonths: 36,
      retentionPendingAdsDays: 30,
      retentionHistoryMonths: 12,
      retentionSentMailDays: 15,
      retentionEventRegistrationsMonths: 6,
      retentionGardenersYears: 5,
      retentionPaymentsYears: 6,
    });
    const legal = await legalLoader(routeArgs(new Request("http://localhost:3000/mentions-legales")));
    expect(legal.retention).toMatchObject({
      archivedApplicationsMonths: 36,
      contactMessagesMonths: 6,
      pendingAdsDays: 30,
      validatedAdsMonths: 3,
      historyMonths: 12,
      sentMailDays: 15,
      eventRegistrationsMonths: 6,
      gardenersYears: 5,
      paymentsYears: 6,
    });
  });
});
