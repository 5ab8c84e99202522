import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { eq } from "drizzle-orm";
import { associationOfficers, events } from "~/db/schema";
import { markAssembly, membersOf, saveAgenda, sendConvocation, setPresent } from "~/modules/assembly/assembly.server";
import { draftMinutes } from "~/modules/assembly/assembly.minutes.server";
import { describeEachDatabase } from "../../../tests/db";
import { insertContent, insertEvent, insertGardener } from "../../../tests/factories";
import { actionOutcome, formPost, routeArgs } from "../../../tests/routes";
import Legal, { loader as legalLoader } from "../public/legal";
import type { Route as LegalRoute } from "../public/+types/legal";
import { loader as listLoader } from "./assemblies";
import { action, loader } from "./assembly-votes";

const admin = { id: null as unknown as number, username: "bureau" };
describeEachDatabase("the election of the bureau", () => {
  it("takes candidates per office and their voices, names the elected in the minutes and the officers, and the legal notice's director", async () => {
    await insertContent({ nomAssociation: "Les Jardins des Brosses" });
    const start = new Date(Date.now() + 20 * 86_400_000);
    const event = (await insertEvent({ title: "AG", start, location: "Salle Raspail" }))!;
    const assembly = await markAssembly(event.id, "ordinaire", getDb());
    await saveAgenda(
      assembly.id,
      [
        { title: "Rapport moral", isResolution: true },
        { title: "Élection du bureau", isResolution: false, isElection: true },
      ],
      getDb(),
    );
    for (const name of ["Aïcha Aïdi", "Bruno Bastide", "Chloé Castel", "Denis Durand"]) await insertGardener({ name });
    await sendConvocation(assembly.id);
    const id = String(assembly.id);
    const path = `/admin/assemblees/${id}/votes`;
    const post = async (fields: Record<string, string>) =>
      actionOutcome(await action(routeArgs(formPost(path, fields), { admin, params: { id } })));
    const screen = () => loader(routeArgs(new Request(`http://localhost:3000${path}`), { admin, params: { id } }));

    const [election] = (await screen()).elections;
    expect(election).toMatchObject({ title: "Élection du bureau" });
    expect(election!.offices.map((o) => o.label)).toEqual(["Présidence", "Trésorerie", "Secrétariat"]);
    const item = String(election!.id);
    expect(await post({ intent: `candidate-${item}`, item, office: "presidence", name: "" })).toMatchObject({
      status: 400,
      value: { errors: { name: "Indiquez le nom du candidat ou de la candidate." } },
    });
    for (const [office, name] of [
      ["presidence", "Aïcha Aïdi"],
      ["presidence", "Bruno Bastide"],
      ["tresorerie", "Chloé Castel"],
    ])
      expect(await post({ intent: `candidate-${item}`, item, office: office!, name: name! })).toMatchObject({
        value: { ok: true },
      });
    const presidence = (await screen()).elections[0]!.offices[0]!;
    const [aicha, bruno] = presidence.candidates;
    const votes = (a: string, b: string) => ({
      intent: `election-${item}-presidence`,
      [`votes-${aicha!.id}`]: a,
      [`votes-${bruno!.id}`]: b,
    });

    // Candidates are announced before the day; their voices are the day's.
    expect(await post(votes("1", "0"))).toMatchObject({
      status: 409,
      value: {
        message: expect.stringMatching(
          / : la présence, les votes et le procès-verbal se saisissent à partir de ce jour-là\.$/,
        ),
      },
    });
    expect((await screen()).elections[0]!.offices[0]!.candidates[0]!.votes).toBe("");
    await getDb()
      .update(events)
      .set({ start: new Date(Date.now() - 60_000) })
      .where(eq(events.id, event.id));

    // Not before the quorum; never more voices than present and represented; a number, or the field says so.
    expect(await post(votes("1", "0"))).toMatchObject({
      status: 409,
      value: { message: "Le quorum n'est pas atteint : l'assemblée ne peut pas délibérer." },
    });
    for (const m of (await membersOf(assembly.id)).slice(0, 3)) await setPresent(assembly.id, m.id, true, getDb());
    expect(await post(votes("3", "2"))).toMatchObject({
      status: 400,
      value: { message: "5 voix comptées pour 3 voix présentes et représentées : vérifiez les nombres." },
    });
    expect(await post(votes("deux", "1"))).toMatchObject({
      status: 400,
      value: { errors: { [`votes-${aicha!.id}`]: "Le nombre de voix est un nombre entier." } },
    });
    // A tie elects nobody; the next round does.
    expect(await post(votes("1", "1"))).toMatchObject({
      value: { message: "Présidence : égalité, personne n'est élu. Votez de nouveau et saisissez le nouveau tour." },
    });
    expect(await getDb().select().from(associationOfficers)).toHaveLength(0);
    expect(await post(votes("2", "1"))).toMatchObject({ value: { message: "Présidence : Aïcha Aïdi est élu(e)." } });
    const treasurer = (await screen()).elections[0]!.offices[1]!.candidates[0]!;
    await post({ intent: `election-${item}-tresorerie`, [`votes-${treasurer.id}`]: "3" });

    const officers = (await listLoader()).officers;
    expect(officers.map((o) => [o.office, o.name])).toEqual([
      ["Présidence", "Aïcha Aïdi"],
      ["Trésorerie", "Chloé Castel"],
    ]);
    const found = (await getDb().select().from(associationOfficers)).find((o) => o.office === "presidence")!;
    expect(found.assemblyId).toBe(assembly.id);

    const minutes = await draftMinutes(assembly, event, "Les Jardins des Brosses");
    expect(minutes).toContain(
      "2. Élection du bureau : présidence : Aïcha Aïdi est élu(e) à la présidence avec 2 voix (Bruno Bastide, 1 voix) ; trésorerie : Chloé Castel est élu(e) à la trésorerie avec 3 voix.",
    );

    // The legal notice names the elected president as director while Paramètres names nobody.
    const legalData = await legalLoader(routeArgs(new Request("http://localhost:3000/mentions-legales")));
    const html = renderToStaticMarkup(
      createElement(Legal, { loaderData: legalData } as unknown as LegalRoute.ComponentProps),
    );
    expect(html).toContain("Le directeur de la publication est Aïcha Aïdi, représentant l&#x27;association.");

    // Withdrawing a candidate forgets the office's count and its elected.
    expect(await post({ intent: "remove-candidate", candidate: String(bruno!.id) })).toMatchObject({
      value: { message: "Candidature de Bruno Bastide retirée." },
    });
    expect((await screen()).elections[0]!.offices[0]).toMatchObject({ counted: false, elected: null });
    expect((await listLoader()).officers.map((o) => o.name)).toEqual(["Chloé Castel"]);
  });
});
