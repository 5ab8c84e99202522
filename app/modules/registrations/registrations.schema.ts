import { z } from "zod";
import { captchaField } from "~/modules/forms/captcha";
import { requiredText } from "~/modules/forms/fields.schema";
import { EMAIL_MAX } from "~/modules/forms/limits";
import { singleLineText } from "~/modules/mail/mail.schema";
import { parisLocalToDate } from "~/lib/paris-time";
import {
  REGISTRATION_ANSWER_MAX,
  REGISTRATION_EMAIL_MESSAGE,
  REGISTRATION_NAME_MAX,
  REGISTRATION_NAME_MESSAGE,
  REGISTRATION_PEOPLE_MESSAGE,
} from "./registrations.messages";

/** The most people one sign-up may bring, whatever the event says. */
export const PEOPLE_LIMIT = 20;

/**
 * The sign-up form of an event allowing at most `maxPeople` people per sign-up: a name, an address, how many, the
 * answer to the event's question, and the captcha of the other public forms.
 */
export const registrationFormSchema = (maxPeople: number) =>
  z.object({
    name: singleLineText().pipe(requiredText(REGISTRATION_NAME_MAX, REGISTRATION_NAME_MESSAGE)),
    email: z
      .string({ error: REGISTRATION_EMAIL_MESSAGE })
      .trim()
      .max(EMAIL_MAX, { error: REGISTRATION_EMAIL_MESSAGE })
      .pipe(z.email({ error: REGISTRATION_EMAIL_MESSAGE })),
    people: z
      .string({ error: REGISTRATION_PEOPLE_MESSAGE(maxPeople) })
      .trim()
      .regex(/^\d{1,2}$/, { error: REGISTRATION_PEOPLE_MESSAGE(maxPeople) })
      .transform(Number)
      .refine((n) => n >= 1 && n <= maxPeople, { error: REGISTRATION_PEOPLE_MESSAGE(maxPeople) }),
    answer: z
      .string()
      .trim()
      .max(REGISTRATION_ANSWER_MAX, { error: `La réponse doit faire au plus ${REGISTRATION_ANSWER_MAX} caractères.` })
      .optional()
      .transform((v) => v ?? ""),
    captcha: captchaField(),
  });

export type RegistrationForm = z.output<ReturnType<typeof registrationFormSchema>>;

export const SIGNUP_CAPACITY_MESSAGE =
  "Indiquez un nombre de places entre 1 et 10 000, ou laissez vide pour ne pas limiter.";
export const SIGNUP_MAX_PEOPLE_MESSAGE = `Indiquez un nombre entre 1 et ${PEOPLE_LIMIT}.`;
export const SIGNUP_CLOSES_MESSAGE = "Indiquez une date et une heure valides, ou laissez vide.";

const blankToNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);

/** The back-office's « Inscriptions » settings of an event. */
export const signupSettingsSchema = z.object({
  signupsOpen: z.literal("on").optional().transform(Boolean),
  signupCapacity: z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .regex(/^\d{1,5}$/, { error: SIGNUP_CAPACITY_MESSAGE })
      .transform(Number)
      .refine((n) => n >= 1 && n <= 10_000, { error: SIGNUP_CAPACITY_MESSAGE })
      .nullable(),
  ),
  signupMaxPeople: z
    .string({ error: SIGNUP_MAX_PEOPLE_MESSAGE })
    .trim()
    .regex(/^\d{1,2}$/, { error: SIGNUP_MAX_PEOPLE_MESSAGE })
    .transform(Number)
    .refine((n) => n >= 1 && n <= PEOPLE_LIMIT, { error: SIGNUP_MAX_PEOPLE_MESSAGE }),
  signupClosesAt: z.preprocess(
    blankToNull,
    z
      .string()
      .transform(
        (value, ctx) =>
          parisLocalToDate(value) ?? (ctx.addIssue({ code: "custom", message: SIGNUP_CLOSES_MESSAGE }), z.NEVER),
      )
      .nullable(),
  ),
  signupQuestion: z.preprocess(
    blankToNull,
    singleLineText()
      .pipe(
        z
          .string()
          .trim()
          .max(REGISTRATION_ANSWER_MAX, {
            error: `La question doit faire au plus ${REGISTRATION_ANSWER_MAX} caractères.`,
          }),
      )
      .nullable(),
  ),
});
