/** Money is kept in integer cents everywhere: these read and write euros without going through floating point. */

/** « 25,00 € » from cents. */
export function euros(cents: number) {
  return new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" }).format(cents / 100);
}

/** « 25,50 » from cents: what an amount field shows again. */
export const eurosField = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? "" : (cents / 100).toFixed(2).replace(".", ",").replace(/,00$/, "");

/** « 1234,50 » from cents, for a CSV a spreadsheet reads as a number (digits only, comma, minus sign). */
export function eurosPlain(cents: number) {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

/**
 * Cents from an amount as people type it (« 25 », « 12,50 », « 12.5 € », « 1 200 »), read digit by digit; null when it
 * is not an amount with at most 6 digits of euros and 2 of cents.
 */
export function parseEuros(typed: string): number | null {
  const match = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(typed.replace(/[\s\u00a0\u202f€]/g, ""));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}
