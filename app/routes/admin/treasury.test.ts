import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { history, treasuryAccounts, treasuryCategories, treasuryEntries, treasuryYears } from "~/db/schema";
import { categoryIdOf } from "~/modules/treasury/book.server";
import { describeEachDatabase } from "../../../tests/db";
import { resetBook } from "../../../tests/treasury-book";
import { samplePdf, usePrivateDocumentsDir } from "../../../tests/documents";
import { usePrivateMediaDir } from "../../../tests/media";
import { answered, formPost, multipartPost, routeArgs } from "../../../tests/routes";
import { loader as overviewLoader } from "./treasury";
import { loader as attachmentLoader } from "./treasury-entry-attachment";
import { loader as entriesLoader } from "./treasury-entries";
import { action as newEntry } from "./treasury-entry-new";
import { action as settingsAction, loader as settingsLoader } from "./treasury-settings";

// The book's routes: a refusal sends the form back with what was typed (400 a mistake, 409 the book's state, 422 a
// file that is not what its name says), the invoice is served as checked, the list answers fast on a full year.

const admin = { id: null as unknown as number, username: "claire", role: "tresorier" as const };
const BANK = 1;

const expense = async (overrides: Record<string, string> = {}) => ({
  intent: "create",
  direction: "depense",
  date: "2026-04-12",
  label: "Facture d'eau du 2e trimestre",
  amount: "184,30",
  accountId: String(BANK),
  categoryId: String(await categoryIdOf(getDb(), "6061")),
  means: "cheque",
  chequeNumber: "0001234",
  payer: "Eau du Grand Lyon",
  ...overrides,
});

function post(fields: Record<string, string>, file?: { data: Buffer; name: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append("attachment", new Blob([new Uint8Array(file.data)]), file.name);
  return newEntry(
    routeArgs(multipartPost("/admin/tresorerie/ecritures/nouvelle", form), { admin }),
  ) as Promise<unknown>;
}

type Refused = { message: string; errors: Record<string, string>; values: Record<string, string> };

describeEachDatabase("the treasurer's book's routes", () => {
  usePrivateDocumentsDir();
  usePrivateMediaDir();
  beforeEach(resetBook);

  it("sends a wrong entry back (400) with its messages on their fields and everything typed", async () => {
    const { status, value } = answered<Refused>(await post(await expense({ amount: "douze", label: "  " })));
    expect(status).toBe(400);
    expect(value.errors.amount).toContain("Indiquez un montant");
    expect(value.errors.label).toBe("Indiquez le libellé de l'écriture.");
    expect(value.values).toMatchObject({ amount: "douze", payer: "Eau du Grand Lyon", chequeNumber: "0001234" });
    expect(await getDb().select().from(treasuryEntries)).toHaveLength(0);
  });

  it("refuses a date in a closed year (409) on the date, and writes nothing", async () => {
    await getDb().insert(treasuryYears).values({ year: 2025, closedAt: new Date() });
    const { status, value } = answered<Refused>(await post(await expense({ date: "2025-12-30" })));
    expect(status).toBe(409);
    expect(value.errors.date).toBe(
      "L'exercice 2025 est clôturé : ses écritures ne changent plus. Enregistrez la correction dans l'exercice ouvert.",
    );
    expect(value.values.date).toBe("2025-12-30");
    expect(await getDb().select().from(history)).toHaveLength(0);
  });

  it("refuses a file that is not a PDF though named .pdf (422, 415), and serves a real invoice inline", async () => {
    // Starts like a PDF, holds a web page: unreadable (422). A program renamed .pdf: not a PDF nor an image (415).
    const fake = Buffer.from(`%PDF-1.7\n${"<html>".repeat(50)}\n%%EOF\n`);
    const damaged = answered<Refused>(await post(await expense(), { data: fake, name: "facture.pdf" }));
    expect(damaged.status).toBe(422);
    expect(damaged.value.errors.attachment).toContain("Ce PDF est incomplet ou endommagé");
    expect(damaged.value.values.label).toBe("Facture d'eau du 2e trimestre");
    const exe = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(2000, 7)]);
    const program = answered<Refused>(await post(await expense(), { data: exe, name: "facture.pdf" }));
    expect(program.status).toBe(415);
    expect(program.value.errors.attachment).toContain("ni un PDF ni une image");
    expect(await getDb().select().from(treasuryEntries)).toHaveLength(0);

    const pdf = samplePdf("Facture", "Eau");
    const saved = (await post(await expense(), { data: pdf, name: "facture.pdf" })) as Response;
    expect(saved.status).toBe(302);
    const id = /ecritures\/(\d+)/.exec(saved.headers.get("Location")!)![1]!;
    const served = (await attachmentLoader(
      routeArgs(new Request(`http://localhost/admin/tresorerie/ecritures/${id}/piece`), { admin, params: { id } }),
    )) as Response;
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("application/pdf");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    // Downloaded and sandboxed: what an uploader put in a PDF never runs under the site's address.
    expect(served.headers.get("Content-Disposition")).toMatch(/^attachment/);
    expect(served.headers.get("Content-Security-Policy")).toMatch(/^sandbox; default-src 'none'/);
    expect(Buffer.from(await served.arrayBuffer()).equals(pdf)).toBe(true);
    const none = (await attachmentLoader(
      routeArgs(new Request("http://localhost/admin/tresorerie/ecritures/999/piece"), { admin, params: { id: "999" } }),
    )) as Response;
    expect(none.status).toBe(404);
  });

  it("adds a sub-category under its parent's number, refuses another number or a taken one, deletes it while unused", async () => {
    const water = await categoryIdOf(getDb(), "6061");
    const send = async (fields: Record<string, string>) =>
      settingsAction(routeArgs(formPost("/admin/tresorerie/parametres", fields), { admin }));
    const outside = answered<Refused>(
      await send({ intent: "category-create", parentId: String(water), code: "6071", label: "Gaz" }),
    );
    expect(outside.status).toBe(400);
    expect(outside.value.errors.code).toBe("Le numéro doit commencer par 6061 et être plus long (par exemple 60611).");
    const taken = answered<Refused>(
      await send({
        intent: "category-create",
        parentId: String(await categoryIdOf(getDb(), "606")),
        code: "6061",
        label: "Eau",
      }),
    );
    expect(taken.status).toBe(409);
    expect(taken.value.errors.code).toBe("Le numéro 6061 est déjà pris : choisissez-en un autre.");
    expect(
      await send({ intent: "category-create", parentId: String(water), code: "60611", label: "Eau des jardins" }),
    ).toMatchObject({ ok: true });
    const [added] = await getDb().select().from(treasuryCategories).where(eq(treasuryCategories.code, "60611"));
    expect(added).toMatchObject({ direction: "depense", parentId: water, builtIn: false });
    const builtIn = answered<Refused>(await send({ intent: "category-delete", id: String(water) }));
    expect(builtIn.status).toBe(409);
    expect(await send({ intent: "category-delete", id: String(added!.id) })).toMatchObject({ ok: true });
    const kinds = (await getDb().select().from(history)).map((h) => h.kind);
    expect(kinds).toEqual(["tresorerie.categorie", "tresorerie.categorie"]);
  });

  it("adds an account with its kind's number, and deletes an account only while no entry uses it", async () => {
    const send = async (fields: Record<string, string>) =>
      settingsAction(routeArgs(formPost("/admin/tresorerie/parametres", fields), { admin }));
    expect(
      await send({
        intent: "account-create",
        name: "Livret A",
        kind: "epargne",
        code: "",
        opening: "1500,50",
        openingYear: "2026",
      }),
    ).toMatchObject({ ok: true });
    const [livret] = await getDb().select().from(treasuryAccounts).where(eq(treasuryAccounts.name, "Livret A"));
    expect(livret).toMatchObject({ code: "5171", openingCents: 150050, openingYear: 2026 });
    await post(await expense());
    const used = answered<Refused>(await send({ intent: "account-delete", id: String(BANK) }));
    expect(used.status).toBe(409);
    expect(used.value.message).toBe("Ce compte a des écritures : il ne peut pas être supprimé.");
    expect(await send({ intent: "account-delete", id: String(livret!.id) })).toMatchObject({ ok: true });
    const screen = await settingsLoader();
    expect(screen.accounts.map((a) => a.name)).toEqual(["Compte courant", "Caisse"]);
  });

  it("keeps a bank account's IBAN as typed, and refuses one that is not, keeping what was typed", async () => {
    const send = async (fields: Record<string, string>) =>
      settingsAction(routeArgs(formPost("/admin/tresorerie/parametres", fields), { admin }));
    const account = (iban: string) => ({
      intent: "account-update",
      id: String(BANK),
      name: "Compte courant",
      code: "512",
      opening: "0",
      openingYear: "2026",
      iban,
      position: "0",
    });
    const wrong = answered<Refused>(await send(account("3000 6000 0112")));
    expect(wrong.status).toBe(400);
    expect(wrong.value.errors.iban).toBe("Indiquez un IBAN, par exemple FR76 3000 6000 0112 3456 7890 189.");
    expect(wrong.value.values.iban).toBe("3000 6000 0112");
    expect(await send(account("  FR76 1027 8073 0012 3456 7890 123 "))).toMatchObject({ ok: true });
    const [bank] = await getDb().select().from(treasuryAccounts).where(eq(treasuryAccounts.id, BANK));
    expect(bank?.iban).toBe("FR76 1027 8073 0012 3456 7890 123");
    expect((await settingsLoader()).accounts[0]).toMatchObject({ iban: "FR76 1027 8073 0012 3456 7890 123" });
    // Emptied: no IBAN on the slips.
    expect(await send(account(""))).toMatchObject({ ok: true });
    expect((await getDb().select().from(treasuryAccounts).where(eq(treasuryAccounts.id, BANK)))[0]?.iban).toBe("");
  });

  it("lists a year of 2,000 entries with its totals, and counts each filter over the whole year", async () => {
    const categories = [await categoryIdOf(getDb(), "6061"), await categoryIdOf(getDb(), "756")];
    const rows = Array.from({ length: 2000 }, (_, i) => {
      const income = i % 3 === 0;
      const day = `2026-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}`;
      return {
        year: 2026,
        date: day,
        label: `${income ? "Cotisation" : "Achat"} n° ${i}`,
        amountCents: 100 + i,
        direction: income ? ("recette" as const) : ("depense" as const),
        accountId: BANK,
        categoryId: income ? categories[1]! : categories[0]!,
        means: "cheque" as const,
        payer: `Tiers ${i}`,
      };
    });
    for (let i = 0; i < rows.length; i += 500)
      await getDb()
        .insert(treasuryEntries)
        .values(rows.slice(i, i + 500));
    const load = (query: string) =>
      entriesLoader(
        routeArgs(new Request(`http://localhost/admin/tresorerie/ecritures?annee=2026${query}`), { admin }),
      );
    const first = await load("");
    expect(first.count).toBe(2000);
    const income = rows.filter((r) => r.direction === "recette").reduce((s, r) => s + r.amountCents, 0);
    expect(first.totals.income.replace(/\D/g, "")).toBe(String(income));
    // Filters count over the whole year, whatever page is shown (their speed is `npm run bench:treasury`'s).
    const byThirdParty = await load("&q=tiers%201&page=2");
    expect(byThirdParty.count).toBe(rows.filter((r) => r.payer.toLowerCase().includes("tiers 1")).length);
    const byCategory = await load(`&categorie=${categories[0]}&page=3`);
    expect(byCategory.count).toBe(rows.filter((r) => r.direction === "depense").length);
    const overview = await overviewLoader(
      routeArgs(new Request("http://localhost/admin/tresorerie?annee=2026"), { admin }),
    );
    expect(overview.latest).toHaveLength(10);
  });
});
