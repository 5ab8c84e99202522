import { describe, expect, it } from "vitest";
import { CsvUploadError } from "~/modules/forms/csv-upload.server";
import {
  isOfx,
  parseBankAmount,
  parseBankCsv,
  parseBankDate,
  parseBankOfx,
  suggestTicks,
} from "./statement-import.server";

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
    expect(parseBankCsv(csv)).toEqual({
      lines: [
        { on: "2026-03-02", label: "REMISE CHEQUES 1234567", cents: 4_750 },
        { on: "2026-03-05", label: "PRLV SEPA EAU DU GRAND LYON", cents: -124_000 },
        { on: "2026-03-05", label: "FRAIS TENUE DE COMPTE", cents: -390 },
      ],
      skipped: [{ line: 8, text: "Solde final 1 234,56" }],
    });
  });

  it("reads debit and credit columns, debits below zero whatever their sign in the file", () => {
    const csv = [
      "Date opération;Date de valeur;Libellé;Débit;Crédit",
      "10/03/2026;11/03/2026;VIR COTISATION DUPONT;;35,00",
      "12/03/2026;12/03/2026;CB JARDINERIE;-89,86;",
      "15/03/2026;15/03/2026;PRLV MAIF;412,36;",
    ].join("\r\n");
    expect(parseBankCsv(csv).lines.map((l) => [l.on, l.cents])).toEqual([
      ["2026-03-10", 3_500],
      ["2026-03-12", -8_986],
      ["2026-03-15", -41_236],
    ]);
  });

  it("leaves out the balances and totals banks put around the transactions, and names them", () => {
    // As a French bank's export writes it: the balances in the date column, a total after the last operation.
    const csv = [
      "Date;Libellé;Débit euros;Crédit euros",
      "Solde au 28/02/2026;;;2 846,12",
      "02/03/2026;REMISE CHEQUES 1234567;;47,50",
      "05/03/2026;Solde intermédiaire;;2 893,62",
      "05/03/2026;PRLV SEPA EAU DU GRAND LYON;1 240,00;",
      "Total des opérations;;1 240,00;47,50",
      "Nouveau solde au 31/03/2026;;;1 653,62",
    ].join("\n");
    expect(parseBankCsv(csv)).toEqual({
      lines: [
        { on: "2026-03-02", label: "REMISE CHEQUES 1234567", cents: 4_750 },
        { on: "2026-03-05", label: "PRLV SEPA EAU DU GRAND LYON", cents: -124_000 },
      ],
      skipped: [
        { line: 2, text: "Solde au 28/02/2026 2 846,12" },
        { line: 4, text: "05/03/2026 Solde intermédiaire 2 893,62" },
        { line: 6, text: "Total des opérations 1 240,00 47,50" },
        { line: 7, text: "Nouveau solde au 31/03/2026 1 653,62" },
      ],
    });
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

/** An OFX 1 statement as a French bank sends it: SGML, tags left open, Windows-1252 declared, one line per tag. */
const OFX_SGML = `OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE

<OFX>
<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20260401083000<LANGUAGE>FRA</SONRS></SIGNONMSGSRSV1>
<BANKMSGSRSV1><STMTTRNRS><TRNUID>00000000<STATUS><CODE>0<SEVERITY>INFO</STATUS>
<STMTRS><CURDEF>EUR<BANKACCTFROM><BANKID>30006<BRANCHID>00001<ACCTID>00012345678<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20260301<DTEND>20260331
<STMTTRN>
<TRNTYPE>CREDIT
<DTPOSTED>20260305
<TRNAMT>+45.00
<FITID>0603050001
<NAME>REMISE CHEQUES
<MEMO>REMISE N 8412300 &amp; 8412301
</STMTTRN>
<STMTTRN>
<TRNTYPE>DEBIT
<DTPOSTED>20260310120000[+1:CET]
<TRNAMT>-12,40
<FITID>0603100002
<NAME>CB JARDILAND 09/03
</STMTTRN>
<STMTTRN>
<TRNTYPE>OTHER
<DTPOSTED>20260315
<TRNAMT>0.00
<FITID>0603150003
<NAME>INFORMATION
</STMTTRN>
</BANKTRANLIST>
<LEDGERBAL><BALAMT>1234.56<DTASOF>20260331</LEDGERBAL>
</STMTRS></STMTTRNRS></BANKMSGSRSV1>
</OFX>
`;

describe("reading a bank's OFX", () => {
  it("reads OFX 1 (SGML): each operation's day, signed amount and label, the empty ones left out", () => {
    expect(isOfx(OFX_SGML)).toBe(true);
    expect(isOfx("Date;Libellé;Montant\n01/03/2026;X;1,00")).toBe(false);
    expect(parseBankOfx(OFX_SGML).lines).toEqual([
      { on: "2026-03-05", label: "REMISE CHEQUES — REMISE N 8412300 & 8412301", cents: 4_500 },
      { on: "2026-03-10", label: "CB JARDILAND 09/03", cents: -1_240 },
    ]);
  });

  it("reads OFX 2 (XML), closed tags on one line", () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?><?OFX OFXHEADER="200" VERSION="220"?><OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20260402</DTPOSTED><TRNAMT>-89.90</TRNAMT><FITID>A1</FITID><NAME>Assurance MAIF</NAME></STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
    expect(isOfx(xml)).toBe(true);
    expect(parseBankOfx(xml)).toEqual({
      lines: [{ on: "2026-04-02", label: "Assurance MAIF", cents: -8_990 }],
      skipped: [],
    });
  });

  it("refuses in French a file with no operation, or an operation it cannot read, naming it", () => {
    expect(() => parseBankOfx("<OFX></OFX>")).toThrow("Ce fichier OFX ne contient aucune opération");
    const badDate = OFX_SGML.replace("<DTPOSTED>20260305", "<DTPOSTED>20260231");
    expect(() => parseBankOfx(badDate)).toThrow(
      "Opération 1 : la date « 20260231 » n'est pas une date OFX (aaaammjj).",
    );
    const badAmount = OFX_SGML.replace("<TRNAMT>-12,40", "<TRNAMT>douze");
    expect(() => parseBankOfx(badAmount)).toThrow("Opération 2 : le montant « douze » n'est pas lisible.");
    const many = `<OFX>${"<STMTTRN><DTPOSTED>20260301<TRNAMT>1.00</STMTTRN>".repeat(2001)}</OFX>`;
    expect(() => parseBankOfx(many)).toThrow("Au plus 2000 opérations par fichier.");
  });

  it("reads a long made-up tag in one pass: refused at once, where a backtracking reader would never end", () => {
    // ofx-js took 250 ms for 24 letters here, twice as long for each one more: this would outlast the test's time.
    expect(() => parseBankOfx(`<OFX><STMTTRN><${"A".repeat(100_000)}!>x</OFX>`)).toThrow(
      "Opération 1 : sa date (DTPOSTED) manque.",
    );
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
