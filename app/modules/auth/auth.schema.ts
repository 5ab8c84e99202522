import { z } from "zod";

export const LOGIN_REQUIRED_MESSAGE = "Veuillez remplir tous les champs";
export const LOGIN_INVALID_MESSAGE = "Identifiants incorrects";
export const LOGIN_THROTTLED_MESSAGE = "Trop de tentatives de connexion. Veuillez réessayer dans 15 minutes.";
export const LOGIN_BUSY_MESSAGE = "Trop de connexions en même temps. Veuillez réessayer dans un instant.";

/** The sign-in form: username (trimmed) and password both required; over-long values are refused as wrong. */
export const loginSchema = z.object({
  username: z
    .string({ error: LOGIN_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: LOGIN_REQUIRED_MESSAGE, abort: true })
    .max(200, { error: LOGIN_INVALID_MESSAGE }),
  password: z
    .string({ error: LOGIN_REQUIRED_MESSAGE })
    .min(1, { error: LOGIN_REQUIRED_MESSAGE, abort: true })
    .max(1000, { error: LOGIN_INVALID_MESSAGE }),
});

export const SECOND_FACTOR_REQUIRED_MESSAGE =
  "Saisissez le code à 6 chiffres de votre application, ou un code de secours.";
export const SECOND_FACTOR_INVALID_MESSAGE = "Code de vérification incorrect.";

/** The second step: a 6-digit code or a recovery code (checked on the server; only its shape here). */
export const secondFactorSchema = z.object({
  code: z
    .string({ error: SECOND_FACTOR_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: SECOND_FACTOR_REQUIRED_MESSAGE, abort: true })
    .max(64, { error: SECOND_FACTOR_INVALID_MESSAGE }),
});
