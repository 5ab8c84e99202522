import { describe, expect, it } from "vitest";
import { CsvUploadError } from "~/modules/forms/csv-upload.server";
import { parseBankAmount, parseBankCsv, parseBankDate, suggestTicks } from "./statement-import.server";

// Bank statements as French banks export them, and the ticks they suggest.

describe("reading a bank's CSV", () => {
  it("reads one signed amount column, the account's details above the header left out", () => {
    const csv = [
      "Compte courant n° 00012345678;;",
      "Solde au 31/03/2026;1 234,56;",
      "",
      "Date;Libellé;Montant(EUR)",
      "02/03/2026;REMISE CHEQUES 1234567;47,50",
      "05/03/2026;PRLV SEPA EAU DU GRAND LYON;-1 240,00",
      "05/03/26;FRAIS TENUE DE COMPTE;-3,90",
      ";Solde final;1 234,56",
    ].join("\n");
    expect(parseBankCsv(csv)).toEqual([
      { on: "2026-03-02", label: "REMISE CHEQUES 1234567", cents: 4_750 },
      { on: "2026-03-05", label: "PRLV SEPA EAU DU GRAND LYON", cents: -124_000 },
      { on: "2026-03-05", label: "FRAIS TENUE DE COMPTE", cents: -390 },
    ]);
  });

  it("reads debit and credit columns, debits below zero whatever their sign in the file", () => {
    const csv = [
      "Date opération;Date de valeur;Libellé;Débit;Crédit",
      "10/03/2026;11/03/2026;VIR COTISATION DUPONT;;35,00",
      "12/03/2026;12/03/2026;CB JARDINERIE;-89,86;",
      "15/03/2026;15/03/2026;PRLV MAIF;412,36;",
    ].join("\r\n");
    expect(parseBankCsv(csv).map((l) => [l.on, l.cents])).toEqual([
      ["2026-03-10", 3_500],
      ["2026-03-12", -8_986],
      ["2026-03-15", -41_236],
    ]);
  });

  it("refuses a file without date and amount columns, and names the line it cannot read", () => {
    expect(() => parseBankCsv("Nom;Prénom\nRoux;Camille")).toThrow(CsvUploadError);
    expect(() => parseBankCsv("Nom;Prénom\nRoux;Camille")).toThrow("Ce fichier ne ressemble pas à un relevé");
    expect(() => parseBankCsv("Date;Libellé;Montant\n31/02/2026;X;1,00")).toThrow(
      "Ligne 2 : la date « 31/02/2026 » n'est pas au format jj/mm/aaaa.",
    );
    expect(() => parseBankCsv("Date;Libellé;Montant\n01/03/2026;X;douze")).toThrow("Ligne 2 : le montant");
  });

  it("reads the dates and amounts banks write", () => {
    expect(parseBankDate("31/12/2025")).toBe("2025-12-31");
    expect(parseBankDate("2026-01-05")).toBe("2026-01-05");
    expect(parseBankDate("32/01/2026")).toBeNull();
    expect(parseBankAmount("-1 234,56")).toBe(-123_456);
    expect(parseBankAmount("1.234,56")).toBe(123_456);
    expect(parseBankAmount("+12,40 €")).toBe(1_240);
    expect(parseBankAmount("12.5")).toBe(1_250);
  });
});

describe("suggesting the ticks", () => {
  const box = (name: string, on: string, cents: number, ticked = false) => ({ name, on, cents, ticked });

  it("matches each line to one unticked box of the same amount and sign within 10 days, the closest first", () => {
    const boxes = [
      box("entry-1", "2026-03-01", -390),
      box("entry-2", "2026-03-05", -390),
      box("entry-3", "2026-03-02", 3_500, true),
      box("entry-4", "2026-03-03", 3_500),
      box("remise-1", "2026-03-06", 4_750),
      box("entry-5", "2026-02-01", 390),
    ];
    const { suggested, unmatched } = suggestTicks(
      [
        { on: "2026-03-06", label: "FRAIS", cents: -390 },
        { on: "2026-03-06", label: "FRAIS", cents: -390 },
        { on: "2026-03-06", label: "FRAIS", cents: -390 },
        { on: "2026-03-04", label: "VIR", cents: 3_500 },
        { on: "2026-03-08", label: "REMISE", cents: 4_750 },
        { on: "2026-03-20", label: "VIR", cents: 390 },
        { on: "2026-03-25", label: "VIR", cents: 3_500 },
      ],
      boxes,
    );
    expect(suggested).toEqual(["entry-2", "entry-1", "entry-4", "remise-1"]);
    expect(unmatched.map((l) => [l.on, l.cents])).toEqual([
      ["2026-03-06", -390],
      ["2026-03-20", 390],
      ["2026-03-25", 3_500],
    ]);
  });
});
