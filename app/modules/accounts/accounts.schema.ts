import { z } from "zod";
import { optionalEmail, recordId } from "~/modules/forms/fields.schema";
import { ROLES } from "~/modules/auth/roles";

export const PASSWORDS_DIFFER_MESSAGE = "Les deux nouveaux mots de passe sont différents.";
export const USERNAME_MESSAGE =
  "L'identifiant doit faire de 2 à 40 caractères : lettres, chiffres, point, tiret ou tiret bas.";
const REQUIRED = "Ce champ est obligatoire";

const text = (max = 200) =>
  z.string({ error: REQUIRED }).min(1, { error: REQUIRED, abort: true }).max(max, { error: "Ce texte est trop long." });
const id = recordId("Ce compte n'existe plus.");

/** Choosing a new password: typed twice, the same both times (its strength is checked on the server). */
const newPassword = { password: text(1000), confirmation: z.string({ error: REQUIRED }) };
const sameTwice = (value: { password: string; confirmation: string }) => value.password === value.confirmation;

export const ROLE_MESSAGE = "Choisissez un rôle.";
export const REFERENT_SITES_MESSAGE = "Choisissez au moins un jardin pour un référent.";

/** A role, and the sites ticked for a referent (a name sent once or several times, or not at all). */
const roleFields = {
  role: z.enum(ROLES, { error: ROLE_MESSAGE }),
  sites: z.preprocess(
    (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
    z.array(recordId("Ce jardin n'existe plus.")).max(50),
  ),
};
const referentHasSites = (value: { role: string; sites: number[] }) =>
  value.role !== "referent" || value.sites.length > 0;
const sitesRule = { error: REFERENT_SITES_MESSAGE, path: ["sites"] };

/** The longest display name: a first and last name, perhaps a role. */
export const DISPLAY_NAME_MAX = 80;

/** The forms of the accounts screen, by intent. */
export const accountActionSchema = z.discriminatedUnion("intent", [
  // Empty: the site names the person by their username.
  z.object({
    intent: z.literal("displayName"),
    displayName: z
      .string()
      .trim()
      .max(DISPLAY_NAME_MAX, { error: `Ce texte est trop long (${DISPLAY_NAME_MAX} caractères maximum).` })
      .optional()
      .transform((value) => value || null),
  }),
  z
    .object({ intent: z.literal("password"), current: text(1000), ...newPassword })
    .refine(sameTwice, { error: PASSWORDS_DIFFER_MESSAGE, path: ["confirmation"] }),
  z.object({ intent: z.literal("totpStart") }),
  z.object({ intent: z.literal("totpCancel") }),
  z.object({ intent: z.literal("totpConfirm"), code: text(20) }),
  z.object({ intent: z.literal("totpDisable"), current: text(1000), code: text(20) }),
  z
    .object({
      intent: z.literal("invite"),
      username: z
        .string({ error: REQUIRED })
        .trim()
        .regex(/^[\p{L}\p{N}._-]{2,40}$/u, { error: USERNAME_MESSAGE }),
      email: optionalEmail("Format d'email invalide"),
      ...roleFields,
    })
    .refine(referentHasSites, sitesRule),
  z.object({ intent: z.literal("role"), id, ...roleFields }).refine(referentHasSites, sitesRule),
  z.object({ intent: z.literal("remove"), id }),
  z.object({ intent: z.literal("resetTotp"), id }),
]);

/** The invitation page: the new password, twice. */
export const invitationSchema = z
  .object(newPassword)
  .refine(sameTwice, { error: PASSWORDS_DIFFER_MESSAGE, path: ["confirmation"] });

/** /login?compte-pret: the sign-in page says the invited person's account is ready. */
export const ACCOUNT_READY_PARAM = "compte-pret";
export const ACCOUNT_READY_MESSAGE =
  "Votre compte est prêt : connectez-vous avec votre identifiant et votre mot de passe.";
