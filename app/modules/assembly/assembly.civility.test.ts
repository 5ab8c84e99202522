import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { outbox } from "~/db/schema";
import { describeEachDatabase } from "../../../tests/db";
import { insertEvent, insertGardener } from "../../../tests/factories";
import { saveMemberAnswer } from "./assembly.answer.server";
import { membershipOf } from "./assembly.membership.server";
import { ASSEMBLY_DEFAULTS } from "./assembly.schema";
import { markAssembly, membersOf, saveAgenda, sendConvocation, updateSettings } from "./assembly.server";

// The texts addressed to a member agree with the civility on their record (issue: « Je serai présente »,
// « Ancienne jardinière »); without one, both forms.

const HOUR = 3_600_000;

describeEachDatabase("a member's civility", () => {
  it("convenes « convoquée » and « présente » a madame, the masculine a monsieur, both forms when not given", async () => {
    const start = new Date(Date.now() + 20 * 24 * HOUR);
    const event = (await insertEvent({ title: "AG", start, endDate: new Date(start.getTime() + 2 * HOUR) }))!;
    const assembly = await markAssembly(event.id, "ordinaire", getDb());
    await updateSettings(assembly.id, { kind: "ordinaire", ...ASSEMBLY_DEFAULTS }, getDb());
    await saveAgenda(assembly.id, [{ title: "Rapport moral", isResolution: true }], getDb());
    await insertGardener({ name: "Aïcha Mansouri", email: "aicha@example.fr", civility: "madame" });
    await insertGardener({ name: "Karim Benali", email: "karim@example.fr", civility: "monsieur" });
    await insertGardener({ name: "Dominique Girard", email: "dominique@example.fr" });

    const { members: people } = await membershipOf({
      membership: "jardiniers",
      membershipFeeYear: null,
      voiceBasis: "membre",
    });
    expect(people.map((p) => [p.name, p.reason])).toEqual([
      ["Karim Benali", "Jardinier actuel"],
      ["Dominique Girard", "Jardinier actuel"],
      ["Aïcha Mansouri", "Jardinière actuelle"],
    ]);

    await sendConvocation(assembly.id);
    const mails = new Map((await getDb().select().from(outbox)).map((m) => [m.to, m.text]));
    expect(mails.get("aicha@example.fr")).toContain("Vous êtes convoquée à l'assemblée générale ordinaire");
    expect(mails.get("aicha@example.fr")).toContain("si vous serez présente, si vous donnez pouvoir");
    expect(mails.get("karim@example.fr")).toContain("Vous êtes convoqué à l'assemblée");
    expect(mails.get("karim@example.fr")).toContain("si vous serez présent, si vous donnez pouvoir");
    expect(mails.get("dominique@example.fr")).toContain("Vous êtes convoqué(e) à l'assemblée");

    const members = await membersOf(assembly.id);
    const aicha = members.find((m) => m.name === "Aïcha Mansouri")!;
    expect(aicha.civility).toBe("madame");
    const form = new FormData();
    form.set("answer", "present");
    expect(await saveMemberAnswer(aicha.id, form)).toMatchObject({
      ok: true,
      message: "Votre réponse est enregistrée : vous serez présente.",
    });
  });
});
