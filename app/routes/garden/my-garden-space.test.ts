import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { assemblies, assemblyMembers, gardeners, history } from "~/db/schema";
import { parisYear } from "~/lib/paris-time";
import { markAssembly, membersOf, sendConvocation, saveAgenda } from "~/modules/assembly/assembly.server";
import { describeEachDatabase } from "../../../tests/db";
import { insertDocument, usePrivateDocumentsDir } from "../../../tests/documents";
import { insertEvent, insertGardener } from "../../../tests/factories";
import { gardenerCookie, gardenerWithAll, noHelloAsso } from "../../../tests/garden-space";
import { pdfText } from "../../../tests/pdf";
import { answered, formPost, routeArgs } from "../../../tests/routes";
import { action as answerAction, loader as assemblyLoader } from "./my-assembly";
import { loader as documentLoader } from "./my-document";
import { loader as receiptLoader } from "./my-receipt";
import { loader as statementLoader } from "./my-statement";

const BASE = "http://localhost:3000";

const get = (path: string, cookie?: string) =>
  new Request(`${BASE}${path}`, { headers: cookie ? { Cookie: cookie } : {} });

/** A loader's or action's answer, thrown (a redirect) or returned. */
async function outcome(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (thrown) {
    return thrown;
  }
}

const receipt = (id: string | number, cookie?: string) =>
  outcome(() => receiptLoader(routeArgs(get(`/mon-jardin/recus/${id}`, cookie), { params: { id: String(id) } })));
const statement = (year: string | number, cookie?: string) =>
  outcome(() =>
    statementLoader(routeArgs(get(`/mon-jardin/attestations/${year}`, cookie), { params: { year: String(year) } })),
  );
const documentOf = (id: string | number, cookie?: string) =>
  outcome(() => documentLoader(routeArgs(get(`/mon-jardin/documents/${id}`, cookie), { params: { id: String(id) } })));

function answer(fields: Record<string, string>, cookie?: string) {
  const request = formPost("/mon-jardin/assemblee", fields);
  if (cookie) request.headers.set("Cookie", cookie);
  return outcome(() => answerAction(routeArgs(request)));
}

function expectSignIn(result: unknown) {
  expect(result).toBeInstanceOf(Response);
  expect((result as Response).status).toBe(302);
  expect((result as Response).headers.get("Location")).toBe("/mon-jardin");
}

/** Three gardeners convened to an assembly in a month, the first with all « Mon jardin » shows. */
async function convened() {
  const amina = await gardenerWithAll("Amina Benali", 12);
  const bruno = await insertGardener({ name: "Bruno Roux" });
  const chloe = await insertGardener({ name: "Chloé Martin" });
  const start = new Date(Date.now() + 30 * 86_400_000);
  const event = (await insertEvent({ title: "AG", start }))!;
  const assembly = await markAssembly(event.id, "ordinaire", getDb());
  const joined = await insertDocument({ kind: "rapport", title: "Rapport financier", visibility: "public" });
  await getDb()
    .update(assemblies)
    .set({ documentIds: [joined.id] })
    .where(eq(assemblies.id, assembly.id));
  // The convocation carries its agenda: none goes without one.
  await saveAgenda(assembly.id, [{ title: "Rapport moral", isResolution: false }], getDb());
  await sendConvocation(assembly.id);
  const members = await membersOf(assembly.id);
  const member = (gardenerId: number) => members.find((m) => m.gardenerId === gardenerId)!;
  return { amina, bruno, chloe, member, joined, cookie: await gardenerCookie(amina.gardener.id) };
}

describeEachDatabase("« Mon jardin »'s receipts, documents and answer to the assembly", () => {
  usePrivateDocumentsDir();
  beforeEach(noHelloAsso);

  it("sends a signed-out visitor to the sign-in, whatever they ask", async () => {
    const amina = await gardenerWithAll("Amina Benali", 12);
    const doc = await insertDocument({ kind: "proces_verbal", title: "PV", visibility: "membres" });
    expectSignIn(await receipt(amina.receipt.id));
    expectSignIn(await documentOf(doc.id));
    expectSignIn(await outcome(() => assemblyLoader(routeArgs(get("/mon-jardin/assemblee")))));
    expectSignIn(await answer({ answer: "present" }));
    // A cookie of no session: the same, and the stale cookie is dropped.
    const stale = (await receipt(amina.receipt.id, "jardin=inconnu")) as Response;
    expectSignIn(stale);
    expect(stale.headers.get("Set-Cookie")).toMatch(/Max-Age=0/);
  });

  it("serves the gardener's own receipt as a PDF never kept, and another's or an unknown one as not found", async () => {
    const amina = await gardenerWithAll("Amina Benali", 12);
    const bruno = await gardenerWithAll("Bruno Roux", 34);
    const cookie = await gardenerCookie(amina.gardener.id);
    const own = (await receipt(amina.receipt.id, cookie)) as Response;
    expect(own.status).toBe(200);
    expect(own.headers.get("Content-Type")).toBe("application/pdf");
    expect(own.headers.get("Cache-Control")).toBe("private, no-store");
    expect(own.headers.get("Content-Disposition")).toMatch(/^attachment; filename="recu-\d{4}-0001\.pdf"/);
    expect(
      Buffer.from(await own.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    for (const id of [bruno.receipt.id, 999, "abc"]) {
      const other = (await receipt(id, cookie)) as Response;
      expect(other.status).toBe(404);
      expect(await other.text()).toBe("Reçu introuvable.");
    }
  });

  it("serves the gardener's statement of a year they paid in, and nothing for another year; the bureau's history stays as it was", async () => {
    const amina = await gardenerWithAll("Amina Benali", 12);
    const cookie = await gardenerCookie(amina.gardener.id);
    expectSignIn(await statement(parisYear()));
    const own = (await statement(parisYear(), cookie)) as Response;
    expect(own.status).toBe(200);
    expect(own.headers.get("Content-Type")).toBe("application/pdf");
    expect(own.headers.get("Cache-Control")).toBe("private, no-store");
    expect(own.headers.get("Content-Disposition")).toMatch(
      new RegExp(`^attachment; filename="attestation-cotisations-${parisYear()}\\.pdf"`),
    );
    const text = await pdfText(Buffer.from(await own.arrayBuffer()));
    expect(text).toContain(`Attestation de paiement des cotisations ${parisYear()}`);
    expect(text).toContain("Amina Benali");
    expect(text).toMatch(/25,00\s€/);
    for (const year of [parisYear() - 1, "2O26", "abcd"]) {
      const none = (await statement(year, cookie)) as Response;
      expect(none.status).toBe(404);
      expect(await none.text()).toBe("Attestation introuvable.");
    }
    expect(await getDb().select().from(history).where(eq(history.kind, "tresorerie.attestation"))).toEqual([]);
  });

  it("serves a members' document, and a public one only when joined to the gardener's convocation", async () => {
    const { cookie, joined } = await convened();
    const minutes = await insertDocument({ kind: "proces_verbal", title: "PV de l'AG 2025", visibility: "membres" });
    const statutes = await insertDocument({ title: "Statuts", visibility: "public" });
    const served = (await documentOf(minutes.id, cookie)) as Response;
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("application/pdf");
    expect(served.headers.get("Cache-Control")).toMatch(/^private/);
    expect(((await documentOf(joined.id, cookie)) as Response).status).toBe(200);
    expect(((await documentOf(statutes.id, cookie)) as Response).status).toBe(404);
    expect(((await documentOf(9999, cookie)) as Response).status).toBe(404);
  });

  it("records the gardener's answer for their own member's row only, then leads back to the space", async () => {
    const { amina, bruno, chloe, member, cookie } = await convened();
    const page = (await assemblyLoader(routeArgs(get("/mon-jardin/assemblee", cookie)))) as {
      assembly: { name: string; others: { id: number; name: string }[] };
    };
    expect(page.assembly.name).toBe("Amina Benali");
    expect(page.assembly.others.map((m) => m.name).toSorted()).toEqual(["Bruno Roux", "Chloé Martin"]);

    // A field naming another member changes nothing: the member is the signed-in gardener's.
    const saved = (await answer(
      { answer: "pouvoir", holder: String(member(chloe.id).id), member: String(member(bruno.id).id) },
      cookie,
    )) as Response;
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/mon-jardin?reponse=assemblee#assemblee");
    const rows = await getDb().select().from(assemblyMembers);
    const row = (gardenerId: number) => rows.find((r) => r.gardenerId === gardenerId)!;
    expect(row(amina.gardener.id)).toMatchObject({ answer: "pouvoir", proxyHolderId: member(chloe.id).id });
    expect(row(bruno.id)).toMatchObject({ answer: null, proxyHolderId: null });
    expect(row(chloe.id).answer).toBeNull();
  });

  it("refuses in French, keeping what was chosen: no answer, oneself as holder, no assembly to answer", async () => {
    const { amina, member, cookie } = await convened();
    const none = answered<{ message: string; errors: Record<string, string>; values: Record<string, string> }>(
      await answer({}, cookie),
    );
    expect(none.status).toBe(400);
    expect(none.value.errors).toEqual({ answer: "Choisissez une réponse : présent, pouvoir ou absent." });
    const self = String(member(amina.gardener.id).id);
    const oneself = answered<{ errors: Record<string, string>; values: Record<string, string> }>(
      await answer({ answer: "pouvoir", holder: self }, cookie),
    );
    expect(oneself.status).toBe(400);
    expect(oneself.value.errors).toEqual({ holder: "Vous ne pouvez pas vous donner pouvoir à vous-même." });
    expect(oneself.value.values).toEqual({ answer: "pouvoir", holder: self });

    // A gardener who came after the convocation has no assembly to answer.
    const late = await insertGardener({ name: "Denis Petit" });
    const lateCookie = await gardenerCookie(late.id);
    const refused = answered<{ message: string }>(await answer({ answer: "present" }, lateCookie));
    expect(refused.status).toBe(404);
    expect(refused.value.message).toBe("Vous n'êtes convoqué(e) à aucune assemblée générale à venir.");
    const page = (await outcome(() => assemblyLoader(routeArgs(get("/mon-jardin/assemblee", lateCookie))))) as Response;
    expect(page.headers.get("Location")).toBe("/mon-jardin");
  });

  it("ends the session of a gardener who left: their files are no longer served", async () => {
    const amina = await gardenerWithAll("Amina Benali", 12);
    const cookie = await gardenerCookie(amina.gardener.id);
    expect(((await receipt(amina.receipt.id, cookie)) as Response).status).toBe(200);
    await getDb().update(gardeners).set({ endDate: "2026-01-01" }).where(eq(gardeners.id, amina.gardener.id));
    expectSignIn(await receipt(amina.receipt.id, cookie));
  });
});
