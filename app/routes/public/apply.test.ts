import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { applications, outbox } from "~/db/schema";
import { applicationFormSchemaFor } from "~/modules/applications/applications.schema";
import { commitmentTexts, getSiteContent } from "~/modules/content/content.server";
import { describeEachDatabase } from "../../../tests/db";
import { applicationForm, insertContent, insertFormField } from "../../../tests/factories";
import { answered, formPost, routeArgs } from "../../../tests/routes";
import { action, loader } from "./apply";

type Result = { status: string; errors?: Record<string, string>; values?: Record<string, string>; message?: string };

async function versions() {
  const { charte, reglement } = commitmentTexts(await getSiteContent());
  return { charte_version: charte.version, reglement_version: reglement.version };
}
const post = async (fields: Record<string, string>) =>
  answered<Result>(await action(routeArgs(formPost("/apply", fields))));

describeEachDatabase("POST /apply", () => {
  it("stores the application unprocessed, with the versions accepted and when, and sends both e-mails", async () => {
    await insertContent({ email: "bureau@jardins.example", nomAssociation: "Les Jardins du Tonkin" });
    const shown = await versions();
    const before = Date.now();
    const { value, status } = await post({ ...applicationForm(), ...shown });
    expect([status, value]).toEqual([200, { status: "sent" }]);
    const [row] = await getDb().select().from(applications);
    expect(row).toMatchObject({
      nom: "Camille Martin",
      processed: false,
      charteVersion: shown.charte_version,
      reglementVersion: shown.reglement_version,
    });
    expect(row.engagementsAcceptesLe!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const mails = await getDb().select().from(outbox);
    expect(mails.map((mail) => mail.to).sort()).toEqual(["bureau@jardins.example", "camille.martin@example.fr"]);
    const ack = mails.find((mail) => mail.to === "camille.martin@example.fr")!;
    expect(ack.text).toContain(`Version de la charte acceptée : ${shown.charte_version}`);
    expect(ack.text).toContain("Les Jardins du Tonkin");
  });

  it("gives every message of the spec, keeps what was typed and stores nothing", async () => {
    const { value, status } = await post({
      ...(await versions()),
      nom: "",
      email: "",
      adresse: " ",
      telephoneportable: "",
      telephonefixe: "123",
      motivations: "",
    });
    expect(status).toBe(400);
    expect(value.errors).toMatchObject({
      nom: "Le nom est obligatoire",
      email: "L'email est obligatoire",
      adresse: "L'adresse est obligatoire",
      ville: "La ville est obligatoire",
      telephoneportable: "Le téléphone portable est obligatoire",
      telephonefixe: "Format de téléphone invalide (ex: 0412345678)",
      taillejardin: "La taille du jardin est obligatoire",
      experience: "L'expérience en jardinage est obligatoire",
      budgetconnu: "La connaissance du budget est obligatoire",
      tempsdisponible: "Le temps disponible est obligatoire",
      inspectionconnu: "L'acceptation des inspections mensuelles est obligatoire",
      engagementcharte: "L'engagement à respecter la charte est obligatoire",
      engagementreglement: "L'engagement à respecter le règlement intérieur est obligatoire",
      engagementlieupublic: "L'engagement au respect du lieu public est obligatoire",
      motivations: "Les motivations sont obligatoires",
    });
    expect(value.values).toMatchObject({ telephonefixe: "123", adresse: " " });
    expect(await getDb().select().from(applications)).toEqual([]);
  });

  it("refuses values the form does not offer, with a 400 and nothing stored", async () => {
    const { value, status } = await post({
      ...applicationForm({
        ville: "Lyon",
        taillejardin: "immense",
        tempsdisponible: "jamais",
        budgetconnu: "peut-être",
      }),
      ...(await versions()),
    });
    expect(status).toBe(400);
    expect(value.errors).toEqual({
      ville: "La ville est invalide",
      taillejardin: "La taille du jardin est invalide",
      tempsdisponible: "Le temps disponible est invalide",
      budgetconnu: "La connaissance du budget est obligatoire",
    });
    expect(await getDb().select().from(applications)).toEqual([]);
  });

  it("checks the formats of the e-mail and of French phone numbers", async () => {
    const bad = await post({
      ...applicationForm({ email: "camille@", telephoneportable: "06 12 34" }),
      ...(await versions()),
    });
    expect(bad.value.errors).toEqual({
      email: "Format d'email invalide",
      telephoneportable: "Format de téléphone invalide (ex: 0612345678)",
    });
    for (const phone of ["+33 6 12 34 56 78", "0033612345678", "06.12.34.56.78", "06-12-34-56-78"]) {
      expect((await post({ ...applicationForm({ telephoneportable: phone }), ...(await versions()) })).status).toBe(
        200,
      );
    }
  });

  it("refuses an application whose charter or rules changed since the form was shown", async () => {
    const stale = await post({ ...applicationForm(), charte_version: "ancienne", reglement_version: "ancien" });
    expect(stale.status).toBe(400);
    expect(stale.value.errors).toEqual({
      engagementcharte:
        "La charte a été modifiée pendant que vous remplissiez le formulaire : relisez-la, puis envoyez à nouveau votre demande.",
      engagementreglement:
        "Le règlement intérieur a été modifié pendant que vous remplissiez le formulaire : relisez-le, puis envoyez à nouveau votre demande.",
    });
    expect(await getDb().select().from(applications)).toEqual([]);
  });

  it("names a field in its message by the label the association wrote for it, as the page builds its own check", async () => {
    await insertFormField("Prénom et nom de famille", "nom");
    const { value, status } = await post({ ...applicationForm({ nom: "", email: "" }), ...(await versions()) });
    expect(status).toBe(400);
    expect(value.errors).toEqual({ nom: "Prénom et nom de famille est obligatoire", email: "L'email est obligatoire" });
    // The browser checks with the schema built from the labels the page shows: the same message.
    const { labels } = await loader(routeArgs(new Request("http://localhost:3000/apply")));
    const browser = applicationFormSchemaFor(labels).safeParse({ ...applicationForm({ nom: "" }) });
    expect(browser.error?.issues.map((issue) => issue.message)).toEqual(["Prénom et nom de famille est obligatoire"]);
  });

  it("shows the association's own labels where it wrote them, the defaults elsewhere", async () => {
    await insertFormField("Nom complet", "nom");
    await insertFormField("  ", "email");
    await insertFormField("Sans champ", null);
    const { labels } = await loader(routeArgs(new Request("http://localhost:3000/apply")));
    expect(labels.nom).toBe("Nom complet");
    expect(labels.email).toBe("Adresse e-mail");
    expect(labels.motivations).toBe("Vos motivations");
  });
});
