import { euros } from "~/lib/money";
import { formatCalendarDate, formatDateTime } from "~/lib/dates";
import { parisDateOf } from "~/lib/paris-time";
import { renderPdf, signatureBlocks, type PdfDocument } from "~/server/pdf.server";
import type { StatementLine, StatementSide, YearAccounts } from "./year-accounts.server";

// « Comptes de l'exercice » for the general assembly: one A4 PDF, its tables cut between rows and their heading
// written again at the top of the next page.

export interface YearAccountsPdfInput {
  association: string;
  accounts: YearAccounts;
  /** The register's fees of the year not paid (« Restant dû à l'association »). */
  owedCents: number;
  /** The next year's budget, when entered (its lines carry `budgetCents`). */
  nextBudget: { income: StatementSide; expenses: StatementSide } | null;
  madeAt: Date;
  /** The treasurer's name as the receipts' settings give it ("" when none): they sign beside the president. */
  treasurer: string;
}

const MARGIN = 48;
const FONT_SIZE = 8.5;
const PAD = 3;

interface Column {
  title: string;
  width: number;
  align: "left" | "right";
}

interface Row {
  cells: string[];
  bold?: boolean;
  indent?: number;
  shaded?: boolean;
}

/** The space left on the page under the cursor. */
const room = (doc: PdfDocument) => doc.page.height - MARGIN - doc.y;

function rowHeight(doc: PdfDocument, columns: Column[], row: Row) {
  doc.font(row.bold ? "bold" : "regular").fontSize(FONT_SIZE);
  return (
    Math.max(
      ...row.cells.map((text, i) =>
        doc.heightOfString(text || " ", { width: columns[i]!.width - 2 * PAD - (i === 0 ? (row.indent ?? 0) : 0) }),
      ),
    ) +
    2 * PAD
  );
}

function drawRow(doc: PdfDocument, columns: Column[], row: Row, header = false) {
  const height = rowHeight(doc, columns, row);
  const top = doc.y;
  const left = doc.page.margins.left;
  const width = columns.reduce((sum, c) => sum + c.width, 0);
  if (header || row.shaded) doc.rect(left, top, width, height).fill(header ? "#e7e5e4" : "#f5f5f4");
  doc.fillColor("#1c1917");
  let x = left;
  columns.forEach((column, i) => {
    const indent = i === 0 ? (row.indent ?? 0) : 0;
    doc
      .font(row.bold || header ? "bold" : "regular")
      .fontSize(FONT_SIZE)
      .text(row.cells[i] ?? "", x + PAD + indent, top + PAD, {
        width: column.width - 2 * PAD - indent,
        align: column.align,
        lineBreak: true,
      });
    x += column.width;
  });
  doc
    .moveTo(left, top + height)
    .lineTo(left + width, top + height)
    .lineWidth(0.4)
    .strokeColor("#a8a29e")
    .stroke();
  doc.x = left;
  doc.y = top + height;
}

/** A table: its heading row, then its rows; a row that does not fit goes to the next page under the heading again. */
function drawTable(doc: PdfDocument, columns: Column[], rows: Row[]) {
  const header: Row = { cells: columns.map((c) => c.title), bold: true };
  const first = rows[0];
  if (room(doc) < rowHeight(doc, columns, header) + (first ? rowHeight(doc, columns, first) : 0)) doc.addPage();
  drawRow(doc, columns, header, true);
  for (const row of rows) {
    if (room(doc) < rowHeight(doc, columns, row)) {
      doc.addPage();
      drawRow(doc, columns, header, true);
    }
    drawRow(doc, columns, row);
  }
  doc.moveDown(0.8);
}

/** A part's title, kept on the page of what follows it (its text and a table's first rows). */
function heading(doc: PdfDocument, text: string, size = 12) {
  if (room(doc) < 130) doc.addPage();
  doc.x = doc.page.margins.left;
  doc.font("bold").fontSize(size).fillColor("#1c1917").text(text);
  doc.moveDown(0.3);
}

function paragraph(doc: PdfDocument, text: string) {
  if (room(doc) < 30) doc.addPage();
  doc.x = doc.page.margins.left;
  doc.font("regular").fontSize(9.5).fillColor("#1c1917").text(text);
  doc.moveDown(0.5);
}

const signed = (cents: number) => (cents > 0 ? `+${euros(cents)}` : euros(cents));

/** The year before's figure, or a dash when the book holds nothing of that year (the first year kept). */
const previous = (cents: number, kept: boolean) => (kept ? euros(cents) : "—");

function statementRows(side: StatementSide, title: string, totalLabel: string, previousKept: boolean) {
  const line = (l: StatementLine): Row => ({
    cells: [
      l.own ? l.label : `${l.code} ${l.label}`,
      euros(l.cents),
      previous(l.previousCents, previousKept),
      euros(l.budgetCents),
      signed(l.cents - l.budgetCents),
    ],
    bold: l.depth === 0,
    indent: l.depth * 10,
  });
  return {
    title,
    rows: [
      ...side.lines.map(line),
      {
        cells: [
          totalLabel,
          euros(side.cents),
          previous(side.previousCents, previousKept),
          euros(side.budgetCents),
          signed(side.cents - side.budgetCents),
        ],
        bold: true,
        shaded: true,
      },
    ],
  };
}

function budgetRows(side: StatementSide, totalLabel: string): Row[] {
  return [
    ...side.lines.map((l) => ({
      cells: [l.own ? l.label : `${l.code} ${l.label}`, euros(l.budgetCents)],
      bold: l.depth === 0,
      indent: l.depth * 10,
    })),
    { cells: [totalLabel, euros(side.budgetCents)], bold: true, shaded: true },
  ];
}

export const resultLabel = (cents: number) => (cents >= 0 ? "Excédent" : "Déficit");

/** The PDF of the year's accounts. */
export function yearAccountsPdf({
  association,
  accounts: a,
  owedCents,
  nextBudget,
  madeAt,
  treasurer,
}: YearAccountsPdfInput) {
  const year = a.year;
  const title = `Comptes de l'exercice ${year}`;
  return renderPdf(
    { Title: title, Author: association },
    (doc) => {
      const width = doc.page.width - 2 * MARGIN;
      const amount = 74;
      const statementColumns: Column[] = [
        { title: "", width: width - 4 * amount, align: "left" },
        { title: String(year), width: amount, align: "right" },
        { title: String(year - 1), width: amount, align: "right" },
        { title: `Budget ${year}`, width: amount, align: "right" },
        { title: "Écart au budget", width: amount, align: "right" },
      ];
      doc.font("bold").fontSize(11).text(association);
      doc.moveDown(0.4);
      doc.font("bold").fontSize(18).text(title);
      doc
        .font("regular")
        .fontSize(10)
        .text(
          `Du 1er janvier au 31 décembre ${year}${a.closed ? ` — exercice clôturé le ${formatCalendarDate(parisDateOf(a.closed.at))}` : ""}.`,
        );
      if (a.closed?.approvedOn)
        doc
          .font("bold")
          .text(`Comptes approuvés par l'assemblée générale du ${formatCalendarDate(a.closed.approvedOn)}.`)
          .font("regular");
      doc.moveDown(1);

      heading(doc, "Compte de résultat");
      for (const part of [
        statementRows(a.expenses, "Charges", "Total des charges", a.previousKept),
        statementRows(a.income, "Produits", "Total des produits", a.previousKept),
      ]) {
        drawTable(doc, [{ ...statementColumns[0]!, title: part.title }, ...statementColumns.slice(1)], part.rows);
      }
      drawTable(
        doc,
        [{ ...statementColumns[0]!, title: "Résultat" }, ...statementColumns.slice(1)],
        [
          {
            cells: [
              `${resultLabel(a.result.cents)} (produits − charges)`,
              euros(a.result.cents),
              previous(a.result.previousCents, a.previousKept),
              euros(a.result.budgetCents),
              signed(a.result.cents - a.result.budgetCents),
            ],
            bold: true,
            shaded: true,
          },
        ],
      );

      if (a.volunteer) {
        heading(doc, "Contributions volontaires en nature");
        paragraph(
          doc,
          "Présentées à part, hors du résultat : le temps donné par les bénévoles, valorisé (comptes 86 et 87).",
        );
        drawTable(
          doc,
          [
            { title: "Bénévolat", width: width - 3 * amount, align: "left" },
            { title: "Heures", width: amount, align: "right" },
            { title: "Valeur d'une heure", width: amount, align: "right" },
            { title: "Montant", width: amount, align: "right" },
          ],
          [
            {
              cells: [
                "864 Personnel bénévole / 875 Bénévolat",
                String(a.volunteer.hours),
                euros(a.volunteer.hourCents),
                euros(a.volunteer.cents),
              ],
            },
          ],
        );
      }

      heading(doc, "Trésorerie");
      drawTable(
        doc,
        [
          { title: "Compte", width: width - 4 * amount, align: "left" },
          { title: "Au 1er janvier", width: amount, align: "right" },
          { title: "Entrées", width: amount, align: "right" },
          { title: "Sorties", width: amount, align: "right" },
          { title: "Au 31 décembre", width: amount, align: "right" },
        ],
        [
          ...a.accounts.map((account) => ({
            cells: [
              `${account.code} ${account.name}`,
              euros(account.openingCents),
              euros(account.inCents),
              euros(account.outCents),
              euros(account.closingCents),
            ],
          })),
          {
            cells: [
              "Total",
              euros(a.accountTotals.openingCents),
              euros(a.accountTotals.inCents),
              euros(a.accountTotals.outCents),
              euros(a.accountTotals.closingCents),
            ],
            bold: true,
            shaded: true,
          },
        ],
      );

      heading(doc, "Restant dû à l'association");
      drawTable(
        doc,
        [
          { title: "", width: width - amount, align: "left" },
          { title: "Montant", width: amount, align: "right" },
        ],
        [{ cells: [`Cotisations ${year} non réglées`, euros(owedCents)] }],
      );

      if (nextBudget) {
        heading(doc, `Budget prévisionnel ${year + 1}`);
        const columns = (side: string): Column[] => [
          { title: side, width: width - amount, align: "left" },
          { title: `Budget ${year + 1}`, width: amount, align: "right" },
        ];
        drawTable(doc, columns("Charges"), budgetRows(nextBudget.expenses, "Total des charges"));
        drawTable(doc, columns("Produits"), budgetRows(nextBudget.income, "Total des produits"));
        const balance = nextBudget.income.budgetCents - nextBudget.expenses.budgetCents;
        drawTable(doc, columns("Équilibre"), [
          { cells: [`${resultLabel(balance)} prévu (produits − charges)`, euros(balance)], bold: true, shaded: true },
        ]);
      }

      paragraph(doc, `Document établi le ${formatDateTime(madeAt)}.`);
      signatureBlocks(doc, [
        { role: "La présidente ou le président", name: "" },
        { role: "La trésorière ou le trésorier", name: treasurer },
      ]);
    },
    { margin: MARGIN, footer: `${association} · comptes de l'exercice ${year}` },
  );
}
