import { z, type ZodType } from "zod";
import { parisLocalToDate } from "~/lib/paris-time";

/**
 * Where an article or an event stands, and how its editor's three buttons choose it: « Publier » (or « Mettre à
 * jour »), « Enregistrer le brouillon » and « Programmer… ». Safe for the browser: the editor checks a form with the
 * same schema as its action.
 */

export type PublicationState = "brouillon" | "programme" | "publie";

export const STATE_LABELS: Record<PublicationState, string> = {
  brouillon: "Brouillon",
  programme: "Programmé",
  publie: "Publié",
};

/** The value of the `intent` field each button sends. « Publier » keeps the name the forms always used. */
export const INTENTS = { publish: "save", draft: "draft", schedule: "schedule" } as const;

export const DRAFT_TITLE_MESSAGE = "Un brouillon a besoin d'au moins un titre.";
export const SCHEDULE_MISSING_MESSAGE = "Indiquez la date et l'heure de publication.";
export const SCHEDULE_PAST_MESSAGE = "Choisissez une date et une heure à venir.";
export const SCHEDULE_INVALID_MESSAGE = "Date invalide";

/** How many earlier states each article or event keeps. */
export const VERSIONS_KEPT = 25;

/** The name of the scheduling field (a datetime-local value, Paris time). */
export const PUBLISH_AT_FIELD = "publishAt";

type Issue = { path: readonly PropertyKey[]; message: string };

/** A form's values once checked, with the state its button asked for. */
export type WithPublication<T> = T & { state: PublicationState; publishAt: Date | null };

function forward(ctx: z.RefinementCtx, issues: readonly Issue[]) {
  for (const issue of issues) ctx.addIssue({ code: "custom", message: issue.message, path: [...issue.path] });
}

/**
 * One schema for an editor's form whatever its button: `draft` checks what a draft needs (a title), `publish` what
 * the spec asks of a public item; « Programmer » checks the same as « Publier », and a date and time to come
 * (`now`, for the browser and the server alike: the moment the form is checked).
 */
export function publicationFormSchema<Published, Draft>(
  publish: ZodType<Published>,
  draft: ZodType<Draft>,
  now: () => Date = () => new Date(),
) {
  return z.looseObject({ intent: z.string().optional() }).transform((value, ctx) => {
    const intent = value.intent ?? INTENTS.publish;
    if (intent === INTENTS.draft) {
      const result = draft.safeParse(value);
      if (!result.success) return (forward(ctx, result.error.issues), z.NEVER);
      return { ...result.data, state: "brouillon", publishAt: null } as WithPublication<Draft>;
    }
    const result = publish.safeParse(value);
    let publishAt: Date | null = null;
    const issues: Issue[] = result.success ? [] : [...result.error.issues];
    if (intent === INTENTS.schedule) {
      const typed = String((value as Record<string, unknown>)[PUBLISH_AT_FIELD] ?? "").trim();
      publishAt = typed ? parisLocalToDate(typed) : null;
      const message = !typed
        ? SCHEDULE_MISSING_MESSAGE
        : !publishAt
          ? SCHEDULE_INVALID_MESSAGE
          : publishAt.getTime() <= now().getTime()
            ? SCHEDULE_PAST_MESSAGE
            : null;
      if (message) issues.push({ path: [PUBLISH_AT_FIELD], message });
    }
    if (issues.length > 0 || !result.success) return (forward(ctx, issues), z.NEVER);
    const state: PublicationState = intent === INTENTS.schedule ? "programme" : "publie";
    return { ...result.data, state, publishAt } as WithPublication<Published>;
  });
}
