import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { history } from "~/db/schema";
import {
  answer,
  markAssembly,
  membersOf,
  saveAgenda,
  sendConvocation,
  updateSettings,
} from "~/modules/assembly/assembly.server";
import { paperAnswerAction } from "~/modules/assembly/assembly.paper.server";
import { ASSEMBLY_DEFAULTS } from "~/modules/assembly/assembly.schema";
import { describeEachDatabase } from "../../../tests/db";
import { insertEvent, insertGardener } from "../../../tests/factories";
import { actionOutcome, routeArgs } from "../../../tests/routes";
import { loader as lettersLoader } from "./assembly-letters-print";

const HOUR = 3_600_000;
const actor = { id: null as unknown as number, username: "bureau" };
const form = (fields: Record<string, string>) => {
  const f = new FormData();
  f.set("intent", "paper-answer");
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

/** An assembly in 20 days, from 18:00 to 20:00, convened to four gardeners, one of them without e-mail. */
async function convened() {
  const start = new Date(Date.now() + 20 * 24 * HOUR);
  const event = (await insertEvent({
    title: "AG",
    start,
    endDate: new Date(start.getTime() + 2 * HOUR),
    location: "Maison des associations",
  }))!;
  const assembly = await markAssembly(event.id, "ordinaire", getDb());
  await updateSettings(assembly.id, { kind: "ordinaire", ...ASSEMBLY_DEFAULTS, maxProxies: 1 }, getDb());
  await saveAgenda(assembly.id, [{ title: "Rapport moral", isResolution: true }], getDb());
  for (const name of ["Anne Abel", "Basile Bon", "Cyril Cano"]) await insertGardener({ name });
  await insertGardener({ name: "Dora Dix", email: "", address: "4 chemin des Saules\n69290 Craponne" });
  await sendConvocation(assembly.id);
  const fresh = { ...assembly, maxProxies: 1, convokedAt: new Date() };
  return { assembly: fresh, start, members: await membersOf(assembly.id) };
}

describeEachDatabase("answers received on paper", () => {
  it("records a slip or a signed proxy by the link's rules, on the day too, and never after the end", async () => {
    const { assembly, start, members } = await convened();
    const [anne, basile, cyril, dora] = members;
    const at = (t: Date) => (fields: Record<string, string>) =>
      paperAnswerAction(assembly, form(fields), actor, t).then(actionOutcome);
    const before = at(new Date(start.getTime() - 24 * HOUR));

    expect(await before({ member: "999", answer: "present" })).toMatchObject({
      status: 400,
      value: { errors: { member: "Choisissez le membre qui a répondu." } },
    });
    expect(await before({ member: String(dora!.id), answer: "pouvoir" })).toMatchObject({
      status: 400,
      value: { errors: { holder: "Choisissez le membre à qui le pouvoir est donné." } },
    });
    expect(await before({ member: String(dora!.id), answer: "pouvoir", holder: String(anne!.id) })).toMatchObject({
      value: { ok: true, message: "Réponse sur papier enregistrée : Dora Dix donne pouvoir à Anne Abel." },
    });
    // The statutes' limit (one proxy here) holds on paper as by link.
    expect(await before({ member: String(cyril!.id), answer: "pouvoir", holder: String(anne!.id) })).toMatchObject({
      status: 409,
      value: { message: "Anne Abel détient déjà le pouvoir que les statuts permettent : choisissez un autre membre." },
    });
    // A proxy handed in at the door, an hour into the meeting: the link would refuse it, the bureau records it.
    const during = new Date(start.getTime() + HOUR);
    await expect(answer(basile!.id, { answer: "absent" }, during)).rejects.toThrow("L'assemblée a commencé");
    expect(
      await at(during)({ member: String(basile!.id), answer: "pouvoir", holder: String(cyril!.id) }),
    ).toMatchObject({ value: { ok: true } });
    expect(
      await at(new Date(start.getTime() + 3 * HOUR))({ member: String(anne!.id), answer: "absent" }),
    ).toMatchObject({ status: 403, value: { message: "L'assemblée est terminée : les réponses ne changent plus." } });

    const rows = await membersOf(assembly.id);
    expect(rows.filter((m) => m.answeredOnPaper).map((m) => [m.name, m.answer])).toEqual([
      ["Basile Bon", "pouvoir"],
      ["Dora Dix", "pouvoir"],
    ]);
    const logged = await getDb().select().from(history);
    expect(logged.map((h) => [h.kind, h.detail])).toEqual([
      ["assemblee.reponse-papier", "Dora Dix"],
      ["assemblee.reponse-papier", "Basile Bon"],
    ]);

    // Dora's printed convocation carries her proxy form with the holder she chose.
    const letters = await lettersLoader(
      routeArgs(new Request(`http://localhost:3000/admin/assemblees/${assembly.id}/convocations`), {
        params: { id: String(assembly.id) },
      }) as never,
    );
    expect(letters.letters).toMatchObject([{ name: "Dora Dix", holder: "Anne Abel" }]);
    expect(letters).toMatchObject({ maxProxies: 1, association: expect.any(String) });
    expect(letters.returnBy).toMatch(/^à retourner au bureau avant le \d{1,2}/);
  });
});
