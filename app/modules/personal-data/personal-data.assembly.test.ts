import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { answer, markAssembly, membersOf, sendConvocation, saveAgenda } from "~/modules/assembly/assembly.server";
import { describeEachDatabase } from "../../../tests/db";
import { insertEvent, insertGardener } from "../../../tests/factories";
import { findPersonalData } from "./personal-data.server";

describeEachDatabase("a gardener's personal data and the general assembly", () => {
  it("exports their answers to the convocations, the proxy holder by name", async () => {
    const start = new Date("2027-03-13T17:00:00Z");
    const event = (await insertEvent({ title: "AG 2027", start }))!;
    const assembly = await markAssembly(event.id, "ordinaire", getDb());
    await insertGardener({ name: "Amina Benali", email: "amina@example.fr" });
    await insertGardener({ name: "Bruno Roux", email: "bruno@example.fr" });
    // The convocation carries its agenda: none goes without one.
    await saveAgenda(assembly.id, [{ title: "Rapport moral", isResolution: false }], getDb());
    await sendConvocation(assembly.id, new Date("2027-02-01T10:00:00Z"));
    const [amina, bruno] = await membersOf(assembly.id);
    await answer(bruno!.id, { answer: "pouvoir", holder: amina!.id }, new Date("2027-02-02T10:00:00Z"));
    const found = await findPersonalData("bruno@example.fr");
    expect(found.jardiniers[0]!.assemblees).toEqual([
      { event: "AG 2027", start, answer: "pouvoir", proxyHolder: "Amina Benali", present: false },
    ]);
  });
});
