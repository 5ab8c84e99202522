import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { associationContent } from "~/db/schema";
import { missingLegalFacts } from "~/modules/content/legal-notice";
import { describeEachDatabase } from "../../../tests/db";
import { insertContent } from "../../../tests/factories";
import { routeArgs } from "../../../tests/routes";
import { loader as dashboard } from "../admin/dashboard";
import Legal, { loader } from "./legal";
import type { Route } from "./+types/legal";

const page = async () => {
  const loaderData = await loader(routeArgs(new Request("http://localhost:3000/mentions-legales")));
  return renderToStaticMarkup(createElement(Legal, { loaderData } as unknown as Route.ComponentProps));
};

it("names what the law requires and is missing, in the notice's order", () => {
  const none = { directeurPublication: "", hebergeurNom: null, hebergeurAdresse: " ", hebergeurTelephone: undefined };
  expect(missingLegalFacts(none)).toEqual([
    "le nom de l'hébergeur",
    "l'adresse de l'hébergeur",
    "le téléphone de l'hébergeur",
    "le nom du directeur de la publication",
  ]);
  expect(missingLegalFacts({ ...none, hebergeurNom: "OVH", directeurPublication: "Martine Roux" })).toEqual([
    "l'adresse de l'hébergeur",
    "le téléphone de l'hébergeur",
  ]);
});

describeEachDatabase("the legal notice", () => {
  it("never prints a placeholder for a missing fact, and the dashboard warns until the facts are filled in", async () => {
    await insertContent({ nomAssociation: "Jardins de l'Est" });
    const empty = await page();
    expect(empty).not.toContain("sur simple demande");
    expect(empty).not.toContain("président ou la présidente");
    expect(empty).not.toContain("hébergé par");
    // The spec's eight sections stay; the director's says how to reach them, and names no one.
    expect(empty).toContain("3. Directeur de la publication");
    expect(empty).toContain("Le directeur de la publication peut être joint par les moyens de contact indiqués");
    expect(empty).not.toContain("Le directeur de la publication est");
    expect(empty).toContain("8. Droit applicable");
    expect(
      (await dashboard(routeArgs(new Request("http://localhost:3000/admin"), { admin: { id: 1, username: "marie" } })))
        .legalMissing,
    ).toHaveLength(4);

    await getDb().update(associationContent).set({ hebergeurNom: "Hébergement Rhône SARL" });
    expect(await page()).toContain("Le site est hébergé par Hébergement Rhône SARL.");
    expect(
      (await dashboard(routeArgs(new Request("http://localhost:3000/admin"), { admin: { id: 1, username: "marie" } })))
        .legalMissing,
    ).toEqual(["l'adresse de l'hébergeur", "le téléphone de l'hébergeur", "le nom du directeur de la publication"]);

    await getDb().update(associationContent).set({
      hebergeurAdresse: "10 quai Perrache, 69002 Lyon",
      hebergeurTelephone: "04 72 00 00 00",
      directeurPublication: "Martine Roux",
    });
    const full = await page();
    expect(full).toContain(
      "Le site est hébergé par Hébergement Rhône SARL, 10 quai Perrache, 69002 Lyon, téléphone : 04 72 00 00 00.",
    );
    expect(full).toContain("Le directeur de la publication est Martine Roux, représentant l&#x27;association.");
    expect(full).toContain("4. Propriété intellectuelle");
    expect(
      (await dashboard(routeArgs(new Request("http://localhost:3000/admin"), { admin: { id: 1, username: "marie" } })))
        .legalMissing,
    ).toEqual([]);
  });

  it("gives the purpose and the legal basis of the gardeners' records, the inspections and the payments", async () => {
    await insertContent({});
    const html = (await page()).replaceAll("&#x27;", "'");
    expect(html).toMatch(
      /la fiche du jardinier \(.*\), pour attribuer les parcelles.*base légale : l'exécution du contrat d'adhésion/s,
    );
    expect(html).toMatch(/les visites de parcelles \(.*\), pour vérifier\s+l'entretien.*base légale/s);
    expect(html).toMatch(
      /les cotisations et paiements \(.*\), pour suivre.*l'obligation légale de conserver les pièces comptables/s,
    );
  });

  it("says the general assembly's answers stay with the minutes and its personal links go when it ends", async () => {
    await insertContent({});
    const html = (await page()).replaceAll("&#x27;", "'").replace(/\s+/g, " ");
    expect(html).toContain("sont conservés avec le procès-verbal, comme les statuts le demandent");
    expect(html).toContain("le lien personnel envoyé à chaque membre est effacé dès la fin de l'assemblée");
  });

  it("says the association's accounts are kept ten years after each financial year, without an erased person's name", async () => {
    await insertContent({});
    const html = (await page()).replaceAll("&#x27;", "'").replace(/\s+/g, " ");
    expect(html).toContain(
      "la comptabilité de l'association (recettes, dépenses, pièces justificatives, reçus, remises de chèques), 10 ans après la fin de chaque exercice",
    );
    expect(html).toContain("le nom d'une personne dont la fiche est effacée en est retiré, les montants restent");
  });
});
