import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { treasuryAccounts, treasuryEntries, treasuryStatements } from "~/db/schema";
import { createDeposit } from "~/modules/treasury/deposits.server";
import { createStatement } from "~/modules/treasury/reconciliation.server";
import { describeEachDatabase } from "../../../tests/db";
import { answered, formPost, multipartPost, routeArgs } from "../../../tests/routes";
import { insertCheque, insertEntry, testAccounts, TREASURER } from "../../../tests/treasury-book";
import { action as depositsAction } from "./treasury-deposits";
import { loader as slipLoader } from "./treasury-deposit-print";
import { action as statementAction, loader as statementLoader } from "./treasury-statement";

// The treasurer's deposit and reconciliation screens as the browser calls them: refusals sent back with their French
// message on the field and what was typed, the deposit's slip, a statement validated only at a zero difference.

const treasurer = { id: null as unknown as number, username: "tresoriere", role: "tresorier" as const };

describeEachDatabase("cheque deposit and reconciliation screens", () => {
  it("sends the form back with each field's message and what was typed; a cheque's number is required", async () => {
    const { bank } = await testAccounts();
    const a = await insertCheque(bank.id, 3500, "Camille Roux");
    const post = (fields: Record<string, string>) =>
      depositsAction(
        routeArgs(formPost("/admin/tresorerie/remises", { intent: "deposit", ...fields }), {
          admin: treasurer,
        }),
      );

    const none = answered<{ errors: Record<string, string> }>(
      await post({ accountId: String(bank.id), depositedOn: "2026-03-20" }),
    );
    expect(none.status).toBe(400);
    expect(none.value.errors.cheques).toBe("Cochez au moins un chèque à remettre.");

    const unnumbered = answered<{ errors: Record<string, string>; values: Record<string, string> }>(
      await post({
        [`cheque-${a.id}`]: "on",
        [`numero-${a.id}`]: " ",
        [`banque-${a.id}`]: "Crédit Mutuel",
        accountId: String(bank.id),
        depositedOn: "2026-03-20",
      }),
    );
    expect(unnumbered.status).toBe(400);
    expect(unnumbered.value.errors[`numero-${a.id}`]).toContain("Indiquez le numéro du chèque");
    expect(unnumbered.value.values).toMatchObject({ [`cheque-${a.id}`]: "on", [`banque-${a.id}`]: "Crédit Mutuel" });

    const done = (await post({
      [`cheque-${a.id}`]: "on",
      [`numero-${a.id}`]: "8412300",
      [`banque-${a.id}`]: "Crédit Mutuel",
      accountId: String(bank.id),
      depositedOn: "2026-03-20",
    })) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toMatch(/^\/admin\/tresorerie\/remises\/\d+\?fait=remise$/);
    const [saved] = await getDb().select().from(treasuryEntries).where(eq(treasuryEntries.id, a.id));
    expect([saved!.chequeNumber, saved!.chequeBank]).toEqual(["8412300", "Crédit Mutuel"]);
  });

  it("prints the slip: each cheque, the count and the total that is the sum of the lines", async () => {
    const { bank } = await testAccounts();
    const a = await insertCheque(bank.id, 3500, "Camille Roux");
    const b = await insertCheque(bank.id, 1250, "Louis Martin");
    const done = (await depositsAction(
      routeArgs(
        formPost("/admin/tresorerie/remises", {
          intent: "deposit",
          [`cheque-${a.id}`]: "on",
          [`numero-${a.id}`]: "111",
          [`cheque-${b.id}`]: "on",
          [`numero-${b.id}`]: "222",
          [`banque-${b.id}`]: "LCL",
          accountId: String(bank.id),
          depositedOn: "2026-03-20",
        }),
        { admin: treasurer },
      ),
    )) as Response;
    const id = /remises\/(\d+)/.exec(done.headers.get("Location")!)![1]!;
    const slip = await slipLoader(
      routeArgs(new Request(`http://localhost:3000/admin/tresorerie/remises/${id}/bordereau`), {
        admin: treasurer,
        params: { id },
      }),
    );
    expect(slip.cheques.map((c) => [c.number, c.bank, c.payer, c.amount])).toEqual([
      ["111", "", "Camille Roux", slip.cheques[0]!.amount],
      ["222", "LCL", "Louis Martin", slip.cheques[1]!.amount],
    ]);
    expect(slip.cheques[0]!.amount).toMatch(/^35,00\s€$/);
    expect(slip.count).toBe(2);
    expect(slip.total).toMatch(/^47,50\s€$/);
    expect(slip.account).toBe("Compte courant");
    // The account to credit, for the bank: its IBAN once the treasurer gave it.
    expect(slip.iban).toBe("");
    await getDb()
      .update(treasuryAccounts)
      .set({ iban: "FR76 1027 8073 0012 3456 7890 123" })
      .where(eq(treasuryAccounts.id, bank.id));
    const again = await slipLoader(
      routeArgs(new Request(`http://localhost:3000/admin/tresorerie/remises/${id}/bordereau`), {
        admin: treasurer,
        params: { id },
      }),
    );
    expect(again.iban).toBe("FR76 1027 8073 0012 3456 7890 123");
  });

  it("validates a statement only at a zero difference, sending the ticks back with the difference otherwise", async () => {
    const { bank } = await testAccounts(10_000);
    const income = await insertEntry({ accountId: bank.id, amountCents: 2_500, date: "2026-03-02" });
    const expense = await insertEntry({
      accountId: bank.id,
      amountCents: 1_240,
      direction: "depense",
      date: "2026-03-09",
    });
    const { statement } = await createStatement(TREASURER, {
      accountId: bank.id,
      statementDate: "2026-03-31",
      balanceCents: 10_000 + 2_500 - 1_240,
    });
    const id = String(statement.id);
    const post = (fields: Record<string, string>) =>
      statementAction(
        routeArgs(formPost(`/admin/tresorerie/rapprochement/${id}`, fields), { admin: treasurer, params: { id } }),
      );

    const refused = answered<{ message: string; values: Record<string, string> }>(
      await post({ intent: "validate", [`entry-${income.id}`]: "on" }),
    );
    expect(refused.status).toBe(409);
    expect(refused.value.message).toMatch(/^Écart : -12,40\s€ : le relevé ne peut être rapproché/);
    expect(refused.value.values[`entry-${income.id}`]).toBe("on");
    const [ticked] = await getDb().select().from(treasuryEntries).where(eq(treasuryEntries.id, income.id));
    expect(ticked!.statementId).toBeNull();

    expect(await post({ intent: "ticks", [`entry-${income.id}`]: "on" })).toMatchObject({
      ok: true,
      message: expect.stringMatching(/^Pointages enregistrés\. Écart : -12,40\s€\.$/),
    });
    const screen = await statementLoader(
      routeArgs(new Request(`http://localhost:3000/admin/tresorerie/rapprochement/${id}`), {
        admin: treasurer,
        params: { id },
      }),
    );
    expect(screen.difference).toMatch(/^Écart : -12,40\s€$/);
    expect(screen.lines.map((l) => [l.name, l.ticked])).toEqual([
      [`entry-${income.id}`, true],
      [`entry-${expense.id}`, false],
    ]);

    expect(
      await post({ intent: "validate", [`entry-${income.id}`]: "on", [`entry-${expense.id}`]: "on" }),
    ).toMatchObject({ ok: true });
    const [closed] = await getDb().select().from(treasuryStatements).where(eq(treasuryStatements.id, statement.id));
    expect(closed!.closedAt).not.toBeNull();
  });

  it("shows a deposit of cheques on the statement as one line of its total, on its date", async () => {
    const { bank } = await testAccounts();
    const a = await insertCheque(bank.id, 3500, "Camille Roux", { date: "2026-03-02" });
    const b = await insertCheque(bank.id, 1250, "Louis Martin", { date: "2026-03-03" });
    await insertCheque(bank.id, 900, "Awa Diallo", { date: "2026-03-04" });
    const fee = await insertEntry({ accountId: bank.id, amountCents: 2_000, date: "2026-03-10" });
    const { deposit } = await createDeposit(TREASURER, {
      accountId: bank.id,
      depositedOn: "2026-03-12",
      cheques: [
        { id: a.id, chequeNumber: "1", chequeBank: "" },
        { id: b.id, chequeNumber: "2", chequeBank: "" },
      ],
    });
    const { statement } = await createStatement(TREASURER, {
      accountId: bank.id,
      statementDate: "2026-03-31",
      balanceCents: 6_750,
    });
    const id = String(statement.id);
    const screen = await statementLoader(
      routeArgs(new Request(`http://localhost:3000/admin/tresorerie/rapprochement/${id}`), {
        admin: treasurer,
        params: { id },
      }),
    );
    expect(screen.lines.map((l) => [l.name, l.label, l.detail, l.cents])).toEqual([
      [`entry-${fee.id}`, "Cotisation 2026", "Virement", 2_000],
      [`remise-${deposit.id}`, "Remise de chèques du 12 mars 2026", "2 chèques", 4_750],
    ]);
    expect(
      await statementAction(
        routeArgs(
          formPost(`/admin/tresorerie/rapprochement/${id}`, {
            intent: "validate",
            [`entry-${fee.id}`]: "on",
            [`remise-${deposit.id}`]: "on",
          }),
          { admin: treasurer, params: { id } },
        ),
      ),
    ).toMatchObject({ ok: true });
  });

  it("suggests the ticks from the bank's CSV, saving nothing, and lists the lines found in no entry", async () => {
    const { bank } = await testAccounts();
    const fee = await insertEntry({ accountId: bank.id, amountCents: 3_500, date: "2026-03-10" });
    const water = await insertEntry({
      accountId: bank.id,
      amountCents: 1_240,
      direction: "depense",
      date: "2026-03-12",
    });
    const { statement } = await createStatement(TREASURER, {
      accountId: bank.id,
      statementDate: "2026-03-31",
      balanceCents: 3_500 - 1_240 - 390,
    });
    const id = String(statement.id);
    const form = new FormData();
    form.append("intent", "import");
    // The bank's opening and closing balances around the operations: left out, and said.
    const csv =
      "Date;Libellé;Débit;Crédit\nSolde au 28/02/2026;;;100,00\n11/03/2026;VIR DUPONT;;35,00\n14/03/2026;PRLV EAU;12,40;\n05/03/2026;FRAIS;3,90;\nSolde au 31/03/2026;;;118,70\n";
    // As a spreadsheet saves it in France: Windows-1252, where « é » is the one byte 0xE9.
    const bytes = Uint8Array.from(csv, (c) => c.charCodeAt(0));
    form.append("file", new Blob([bytes], { type: "text/csv" }), "releve.csv");
    const answer = (await statementAction(
      routeArgs(multipartPost(`/admin/tresorerie/rapprochement/${id}`, form), { admin: treasurer, params: { id } }),
    )) as {
      ok: boolean;
      suggested: string[];
      unmatched: { label: string }[];
      skipped: { line: number; text: string }[];
      message: string;
    };
    expect(answer.ok).toBe(true);
    expect(answer.skipped).toEqual([
      { line: 2, text: "Solde au 28/02/2026 100,00" },
      { line: 6, text: "Solde au 31/03/2026 118,70" },
    ]);
    expect(answer.message).toContain("2 lignes laissées de côté (soldes, totaux), listées sous le pointage.");
    expect(answer.suggested).toEqual([`entry-${fee.id}`, `entry-${water.id}`]);
    expect(answer.unmatched.map((l) => l.label)).toEqual(["FRAIS"]);
    expect(answer.message).toContain("2 lignes du relevé retrouvées dans le livre");
    const entries = await getDb().select().from(treasuryEntries);
    expect(entries.every((e) => e.statementId === null)).toBe(true);

    const refused = new FormData();
    refused.append("intent", "import");
    refused.append("file", new Blob(["Nom;Prénom\nRoux;Camille"], { type: "text/csv" }), "autre.csv");
    const csvRefused = answered<{ errors: Record<string, string>; values: Record<string, string> }>(
      await statementAction(
        routeArgs(multipartPost(`/admin/tresorerie/rapprochement/${id}`, refused), {
          admin: treasurer,
          params: { id },
        }),
      ),
    );
    expect(csvRefused.status).toBe(400);
    expect(csvRefused.value.errors.file).toContain("Ce fichier ne ressemble pas à un relevé");
    expect(csvRefused.value.values.file).toBeUndefined();
  });

  it("suggests the ticks from the bank's OFX file as from its CSV", async () => {
    const { bank } = await testAccounts();
    const fee = await insertEntry({ accountId: bank.id, amountCents: 3_500, date: "2026-03-10" });
    const { statement } = await createStatement(TREASURER, {
      accountId: bank.id,
      statementDate: "2026-03-31",
      balanceCents: 3_500 - 390,
    });
    const id = String(statement.id);
    const form = new FormData();
    form.append("intent", "import");
    const ofx = [
      "OFXHEADER:100",
      "DATA:OFXSGML",
      "CHARSET:1252",
      "",
      "<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>",
      "<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20260311<TRNAMT>35.00<NAME>VIR DUPONT</STMTTRN>",
      "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260305<TRNAMT>-3.90<NAME>FRAIS TENUE DE COMPTE</STMTTRN>",
      "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>",
    ].join("\r\n");
    form.append("file", new Blob([ofx], { type: "application/x-ofx" }), "releve.ofx");
    const answer = (await statementAction(
      routeArgs(multipartPost(`/admin/tresorerie/rapprochement/${id}`, form), { admin: treasurer, params: { id } }),
    )) as { ok: boolean; suggested: string[]; unmatched: { label: string; amount: string }[] };
    expect(answer.ok).toBe(true);
    expect(answer.suggested).toEqual([`entry-${fee.id}`]);
    expect(answer.unmatched.map((l) => l.label)).toEqual(["FRAIS TENUE DE COMPTE"]);
    expect(answer.unmatched[0]!.amount).toMatch(/^-3,90\s€$/);
  });
});
