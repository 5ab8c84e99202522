import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { markAssembly, memberToken, membersOf, sendConvocation, saveAgenda } from "~/modules/assembly/assembly.server";
import { describeEachDatabase } from "../../../tests/db";
import { insertEvent, insertGardener } from "../../../tests/factories";
import { formPost, routeArgs } from "../../../tests/routes";
import { action, loader } from "./assembly-answer";
import { loader as documentLoader } from "../resources/assembly-document";

type Answer = { ok: boolean; message: string; values: Record<string, string> };

/** What an action answered: a plain value (200) or `data()` with its status. */
function outcome(result: unknown): { status: number; value: Answer } {
  const r = result as { data?: Answer; init?: { status?: number } | null };
  return r && typeof r === "object" && "data" in r && "init" in r
    ? { status: r.init?.status ?? 200, value: r.data! }
    : { status: 200, value: result as Answer };
}

async function convened(names: string[], start = new Date(Date.now() + 30 * 86_400_000)) {
  const event = (await insertEvent({ title: "AG", start, endDate: new Date(start.getTime() + 3_600_000) }))!;
  const assembly = await markAssembly(event.id, "ordinaire", getDb());
  for (const name of names) await insertGardener({ name });
  // The convocation carries its agenda: none goes without one.
  await saveAgenda(assembly.id, [{ title: "Rapport moral", isResolution: false }], getDb());
  await sendConvocation(assembly.id);
  const members = await membersOf(assembly.id);
  const token = (name: string) => memberToken({ linkKey: members.find((m) => m.name === name)!.linkKey! });
  return { assembly, members, token };
}

const post = async (token: string, fields: Record<string, string>) =>
  outcome(await action(routeArgs(formPost(`/assemblee/${token}`, fields), { params: { token } })));

describeEachDatabase("/assemblee/:token", () => {
  it("shows the member's page with the other members by name only, and takes the three answers", async () => {
    const { token, members } = await convened(["Amina Benali", "Bruno Roux", "Chloé Martin", "Denis Petit"]);
    const page = (await loader(
      routeArgs(new Request(`http://localhost:3000/assemblee/${token("Amina Benali")}`), {
        params: { token: token("Amina Benali") },
      }),
    )) as Extract<Awaited<ReturnType<typeof loader>>, { known: true }>;
    expect(page.known).toBe(true);
    expect(page.title).toMatch(/^Assemblée générale ordinaire du /);
    expect(page.others.map((m) => m.name)).toEqual(["Chloé Martin", "Denis Petit", "Bruno Roux"]);
    expect(JSON.stringify(page)).not.toMatch(/@/);

    expect(await post(token("Amina Benali"), { answer: "present" })).toMatchObject({
      status: 200,
      value: { ok: true, message: "Votre réponse est enregistrée : vous serez présent(e)." },
    });
    const amina = members.find((m) => m.name === "Amina Benali")!;
    expect(await post(token("Bruno Roux"), { answer: "pouvoir", holder: String(amina.id) })).toMatchObject({
      status: 200,
      value: { ok: true, message: "Votre réponse est enregistrée : vous donnez pouvoir à Amina Benali." },
    });
    expect(await post(token("Chloé Martin"), { answer: "absent" })).toMatchObject({
      status: 200,
      value: { ok: true, message: "Votre réponse est enregistrée : vous ne pourrez pas venir." },
    });
  });

  it("refuses in French, on the field concerned: no answer, no holder, oneself, beyond the limit, an unknown link", async () => {
    const { token, members } = await convened(["Amina Benali", "Bruno Roux", "Chloé Martin", "Denis Petit"]);
    const id = (name: string) => String(members.find((m) => m.name === name)!.id);
    expect(await post(token("Bruno Roux"), {})).toMatchObject({
      status: 400,
      value: {
        ok: false,
        message: "Choisissez une réponse : présent, pouvoir ou absent.",
        errors: { answer: "Choisissez une réponse : présent, pouvoir ou absent." },
      },
    });
    expect(await post(token("Bruno Roux"), { answer: "pouvoir", holder: "" })).toMatchObject({
      status: 400,
      value: { errors: { holder: "Choisissez le membre à qui vous donnez pouvoir." } },
    });
    expect(await post(token("Bruno Roux"), { answer: "pouvoir", holder: id("Bruno Roux") })).toMatchObject({
      status: 400,
      value: { errors: { holder: "Vous ne pouvez pas vous donner pouvoir à vous-même." } },
    });
    await post(token("Bruno Roux"), { answer: "pouvoir", holder: id("Amina Benali") });
    await post(token("Chloé Martin"), { answer: "pouvoir", holder: id("Amina Benali") });
    expect(await post(token("Denis Petit"), { answer: "pouvoir", holder: id("Amina Benali") })).toMatchObject({
      status: 409,
      value: {
        ok: false,
        message: "Amina Benali détient déjà les 2 pouvoirs que les statuts permettent : choisissez un autre membre.",
        errors: {
          holder: "Amina Benali détient déjà les 2 pouvoirs que les statuts permettent : choisissez un autre membre.",
        },
        values: { answer: "pouvoir", holder: id("Amina Benali") },
      },
    });
    expect(await post("y".repeat(43), { answer: "present" })).toMatchObject({
      status: 404,
      value: { message: "Ce lien n'est plus valable.", errors: {} },
    });
    const unknown = await loader(
      routeArgs(new Request("http://localhost:3000/assemblee/x"), { params: { token: "x" } }),
    );
    expect(unknown).toEqual({ known: false });
  });

  it("serves no document the convocation does not list", async () => {
    const { token } = await convened(["Amina Benali"]);
    const t = token("Amina Benali");
    const response = (await documentLoader(
      routeArgs(new Request(`http://localhost:3000/assemblee/${t}/documents/1`), { params: { token: t, id: "1" } }),
    )) as Response;
    expect(response.status).toBe(404);
  });
});
