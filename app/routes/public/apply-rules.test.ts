import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { applications } from "~/db/schema";
import { checkDocumentFile } from "~/modules/documents/document-files.server";
import { addVersion } from "~/modules/documents/documents.server";
import { RULES_CHANGED_MESSAGE } from "~/modules/applications/applications.schema";
import { describeEachDatabase } from "../../../tests/db";
import { insertDocument, samplePdf, usePrivateDocumentsDir } from "../../../tests/documents";
import { applicationForm, insertContent } from "../../../tests/factories";
import { usePrivateMediaDir } from "../../../tests/media";
import { answered, formPost, routeArgs } from "../../../tests/routes";
import { action, loader } from "./apply";

usePrivateDocumentsDir();
usePrivateMediaDir();

type Result = { status: string; errors?: Record<string, string> };

const shown = async () => {
  const page = await loader(routeArgs(new Request("http://localhost:3000/apply")));
  return { page, versions: { charte_version: page.charte.version, reglement_version: page.reglement.version } };
};
const post = async (fields: Record<string, string>) =>
  answered<Result>(await action(routeArgs(formPost("/apply", fields))));

describeEachDatabase("/apply and the règlement intérieur filed as a document", () => {
  it("shows the rules in force, records their version with the application, and refuses rules replaced meanwhile", async () => {
    await insertContent({ email: "bureau@jardins.example" });
    // Without a document, the text of Paramètres, as before.
    const before = await shown();
    expect(before.page.reglement).not.toHaveProperty("document");

    const rules = await insertDocument({
      kind: "reglement_interieur",
      title: "Règlement intérieur",
      date: "2025-03-15",
    });
    const { page, versions } = await shown();
    const hash = rules.versions[0]!.hash;
    expect(page.reglement).toMatchObject({
      version: `2025-03-15 · ${hash.slice(0, 12)}`,
      document: { title: "Règlement intérieur", href: `/documents/${rules.id}/version/${hash}.pdf` },
    });
    // A form shown before the rules were filed refers to other rules.
    expect((await post({ ...applicationForm(), ...before.versions })).value.errors).toMatchObject({
      engagementreglement: RULES_CHANGED_MESSAGE,
    });
    expect(await post({ ...applicationForm(), ...versions })).toMatchObject({ status: 200, value: { status: "sent" } });
    const [row] = await getDb().select().from(applications);
    expect(row!.reglementVersion).toBe(`2025-03-15 · ${hash.slice(0, 12)}`);

    // Replaced after the form was shown: the applicant is asked to read the new version.
    const newer = await checkDocumentFile({ buffer: samplePdf("Règlement intérieur", "Article 3 — Arrosage") });
    await getDb().transaction((tx) => addVersion(tx, rules.id, "2026-03-14", newer, { addedBy: "marie" }));
    expect(
      (await post({ ...applicationForm({ nom: "Karim Benali", email: "karim.benali@example.fr" }), ...versions })).value
        .errors,
    ).toMatchObject({
      engagementreglement: RULES_CHANGED_MESSAGE,
    });
    expect((await shown()).versions.reglement_version).toBe(`2026-03-14 · ${newer.hash.slice(0, 12)}`);
  });
});
