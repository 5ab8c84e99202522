import { formatCalendarDate } from "~/lib/dates";
import type { SiteContent } from "~/modules/content/content.defaults";
import { commitmentTexts } from "~/modules/content/content.server";
import { documentFileFacts, documentVersionPath } from "~/modules/documents/documents.schema";
import { rulesInForce } from "~/modules/documents/documents.server";

/** The version recorded for rules filed as a document: its date and the start of its file's hash (decision 028). */
export const rulesDocumentVersion = (rules: { date: string; hash: string }) =>
  `${rules.date} · ${rules.hash.slice(0, 12)}`;

/**
 * The charter and the rules an applicant accepts on /apply, each with the version the application records. The rules
 * in force are the public « Règlement intérieur » document's current version when there is one (the applicant reads
 * that file); else the text of Paramètres, as before. The action compares what the form showed with these: rules
 * replaced meanwhile send the form back.
 */
export async function commitmentsInForce(site: Pick<SiteContent, "charte" | "reglement">) {
  const texts = commitmentTexts(site);
  const rules = await rulesInForce();
  if (!rules) return texts;
  return {
    ...texts,
    reglement: {
      text: "",
      version: rulesDocumentVersion(rules),
      document: {
        title: rules.title,
        href: documentVersionPath(rules, rules),
        facts: `${formatCalendarDate(rules.date)} · ${documentFileFacts(rules)}`,
      },
    },
  };
}
