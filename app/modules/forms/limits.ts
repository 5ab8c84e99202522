/** Lengths shared by several forms, without zod: the pages' fields show them before any schema is loaded. */

/** The longest e-mail address (RFC 5321). */
export const EMAIL_MAX = 254;

/** The longest phone number, spaces, dots and dashes included. */
export const PHONE_MAX = 30;
