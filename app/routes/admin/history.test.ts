import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { gardenerTarget, recordHistory } from "~/modules/history/history.server";
import { describeEachDatabase } from "../../../tests/db";
import { insertGardener } from "../../../tests/factories";
import { routeArgs } from "../../../tests/routes";
import { loader } from "./history";

const admin = { id: null as unknown as number, username: "marie" };

describeEachDatabase("/admin/historique", () => {
  it("names a gardener whose record is kept, and says an erased one's is gone", async () => {
    const aicha = await insertGardener({ name: "Aïcha Aïdi" });
    const bureau = { id: null, username: "marie" };
    await recordHistory(getDb(), bureau, { kind: "jardinier.paiement", target: gardenerTarget(aicha.id) });
    await recordHistory(getDb(), { id: null, username: gardenerTarget(aicha.id) }, { kind: "jardin.coordonnees" });
    await recordHistory(getDb(), bureau, { kind: "jardinier.suppression", target: gardenerTarget(99_999) });
    await recordHistory(getDb(), bureau, { kind: "annonce.refus", target: "annonce n° 4" });
    const page = await loader(routeArgs(new Request("http://localhost:3000/admin/historique"), { admin }));
    expect(page.entries.map((e) => [e.actor, e.target])).toEqual([
      ["marie", { text: "annonce n° 4", gardenerId: null }],
      ["marie", { text: "jardinier n° 99999 (fiche effacée)", gardenerId: null }],
      ["Aïcha Aïdi", null],
      ["marie", { text: "Aïcha Aïdi", gardenerId: aicha.id }],
    ]);
  });
});
