import { z } from "zod";
import { CONTACT_CAPTCHA_ANSWER } from "~/lib/constants";

/** The spec's message for a wrong answer to the sum the public forms ask (contact, newsletter, sign-ups). */
const CAPTCHA_MESSAGE = "Réponse incorrecte au captcha";

/** The sum's field, as every public form checks it: what is typed, trimmed, must be the answer. */
export const captchaField = () =>
  z
    .string({ error: CAPTCHA_MESSAGE })
    .trim()
    .refine((value) => value === String(CONTACT_CAPTCHA_ANSWER), { error: CAPTCHA_MESSAGE });
