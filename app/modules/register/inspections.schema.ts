import { z } from "zod";
import { optionalText, recordId, requiredLine, requiredText } from "~/modules/forms/fields.schema";
import { pastDate } from "./plots.schema";

// The forms of an inspection round: the round itself (a mark per plot), and its corrections (marks changed, a plot
// added, a warning withdrawn, the round deleted), each with the round's one-time token.

const INSPECTOR_MESSAGE = "Indiquez qui a fait la visite.";
const NOTE_MESSAGE = "Dites ce qui ne va pas : le jardinier le lira.";
const RESULT_MESSAGE = "Choisissez « Conforme » ou « Avertissement ».";
const TOKEN_MESSAGE = "Ce formulaire a expiré : rechargez la page.";

/** A visit's two outcomes, which the form checks and the table's enum (register.tables.ts) reads. */
export const INSPECTION_RESULTS = ["conforme", "avertissement"] as const;

const result = () => z.enum(INSPECTION_RESULTS, { error: RESULT_MESSAGE }).optional().default("conforme");
const token = () => z.string({ error: TOKEN_MESSAGE }).trim().min(1, { error: TOKEN_MESSAGE }).max(100);

/**
 * A mark per row id (a plot's on a new round, a mark's on a correction): `resultat_ID` (conforme or avertissement),
 * `remarque_ID` (needed with a warning) and `courriel_ID` (e-mail the warning), with the other fields of `base`.
 */
const withMarks = <Base extends z.ZodRawShape>(base: Base, ids: number[]) =>
  z
    .object({
      ...base,
      ...Object.fromEntries(
        ids.flatMap((id) => [
          [`resultat_${id}`, result()],
          [`remarque_${id}`, optionalText(500, "")],
          [`courriel_${id}`, z.literal("on").optional()],
        ]),
      ),
    })
    .superRefine((form, ctx) => {
      const values = form as Record<string, unknown>;
      for (const id of ids)
        if (values[`resultat_${id}`] === "avertissement" && !values[`remarque_${id}`])
          ctx.addIssue({ code: "custom", path: [`remarque_${id}`], message: NOTE_MESSAGE });
    })
    .transform((form) => {
      const values = form as Record<string, unknown>;
      return {
        form: form as z.output<z.ZodObject<Base>>,
        marks: ids.map((id) => ({
          id,
          result: values[`resultat_${id}`] as "conforme" | "avertissement",
          note: String(values[`remarque_${id}`] ?? ""),
          mail: values[`courriel_${id}`] === "on",
        })),
      };
    });

/** A new round: its date (today at the latest) and inspector, and a mark for each plot of `plotIds`. */
export const inspectionFormSchema = (plotIds: number[]) =>
  withMarks(
    { date: pastDate("la date de la visite"), inspector: requiredLine(200, INSPECTOR_MESSAGE) },
    plotIds,
  ).transform(({ form, marks }) => ({
    date: form.date,
    inspector: form.inspector,
    marks: marks.map(({ id, ...mark }) => ({ plotId: id, ...mark })),
  }));

/** « Corriger la visite »: the inspector, and a mark for each of the round's marks (`markIds`). */
export const roundCorrectionSchema = (markIds: number[]) =>
  withMarks({ token: token(), inspector: requiredLine(200, INSPECTOR_MESSAGE) }, markIds).transform(
    ({ form, marks }) => ({
      token: form.token,
      inspector: form.inspector,
      marks: marks.map(({ id, ...mark }) => ({ markId: id, ...mark })),
    }),
  );

/** « Ajouter une parcelle » forgotten on the day. */
export const roundAdditionSchema = z
  .object({
    token: token(),
    plotId: recordId("Choisissez la parcelle à ajouter."),
    resultat: result(),
    remarque: optionalText(500, ""),
    courriel: z.literal("on").optional(),
  })
  .refine((f) => f.resultat !== "avertissement" || f.remarque, { path: ["remarque"], error: NOTE_MESSAGE })
  .transform((f) => ({
    token: f.token,
    plotId: f.plotId,
    result: f.resultat,
    note: f.remarque,
    mail: f.courriel === "on",
  }));

/** « Retirer l'avertissement »: which one, and why (the gardener reads it if the warning was e-mailed). */
export const warningWithdrawalSchema = z.object({
  token: token(),
  markId: recordId("Cet avertissement n'existe plus."),
  reason: requiredText(500, "Dites pourquoi l'avertissement est retiré."),
});

/** « Supprimer la visite », a round entered by mistake (the page asks to confirm first). */
export const roundDeletionSchema = z.object({ token: token() });
