import { toCardinal } from "n2words/fr-FR";

/**
 * An amount in words, as a receipt writes it: « cinquante-cinq euros », « un euro et vingt centimes », « quatre-vingts
 * euros ». Euros and cents are put into words apart, from integers: no floating point.
 */
export function amountInWords(cents: number) {
  const whole = Math.trunc(cents / 100);
  const rest = cents % 100;
  const euroWords =
    whole === 0
      ? ""
      : `${toCardinal(whole)} ${whole >= 1_000_000 && whole % 1_000_000 === 0 ? "d'euros" : whole > 1 ? "euros" : "euro"}`;
  const centWords = rest === 0 ? "" : `${toCardinal(rest)} ${rest > 1 ? "centimes" : "centime"}`;
  if (!euroWords && !centWords) return "zéro euro";
  return [euroWords, centWords].filter(Boolean).join(" et ");
}
