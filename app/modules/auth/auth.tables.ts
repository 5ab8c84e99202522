import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamptz } from "../../db/columns";
import { gardenSites } from "../register/register.tables";

export const admins = pgTable(
  "admins",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    /** How the site names this administrator (an article's author); the username when empty. */
    displayName: text("display_name"),
    passwordHash: text("password_hash").notNull(),
    /** Where the site writes to this administrator (an invitation, a test e-mail); optional. */
    email: text("email"),
    /** The TOTP secret (base32) once the second factor is confirmed; null while it is off. */
    totpSecret: text("totp_secret"),
    /** A secret being enrolled, not yet confirmed by a code. */
    totpPendingSecret: text("totp_pending_secret"),
    /** The 30 s step of the last code accepted: a code is accepted once (RFC 6238 §5.2). */
    totpLastStep: integer("totp_last_step"),
    /** What the account may open: see `app/modules/auth/roles.ts` (a site's referent also has `admin_sites`). */
    role: text("role").notNull().default("administrateur"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("admins_username_idx").on(t.username),
    check("admins_role_known", sql`${t.role} in ('administrateur', 'tresorier', 'referent', 'redacteur')`),
  ],
);

/** The sites a « Référent de jardin » looks after; a site's removal drops it from their list. */
export const adminSites = pgTable(
  "admin_sites",
  {
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    siteId: integer("site_id")
      .notNull()
      .references(() => gardenSites.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.siteId] }), index("admin_sites_site_idx").on(t.siteId)],
);

/** One-time recovery codes of the second factor, stored hashed; a used one keeps its row with `usedAt`. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: serial("id").primaryKey(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamptz("used_at"),
  },
  (t) => [index("recovery_codes_admin_idx").on(t.adminId)],
);

/** An invitation to become an administrator: a link valid 48 h to choose one's password, stored hashed. */
export const adminInvitations = pgTable(
  "admin_invitations",
  {
    tokenHash: text("token_hash").primaryKey(),
    username: text("username").notNull(),
    email: text("email"),
    invitedBy: integer("invited_by").references(() => admins.id, { onDelete: "set null" }),
    /** The role the account will have, chosen by whoever invited; a referent's sites (checked again on acceptance). */
    role: text("role").notNull().default("administrateur"),
    siteIds: integer("site_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    expiresAt: timestamptz("expires_at").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("admin_invitations_username_idx").on(t.username)],
);

/** Server-side sessions: the cookie carries a random token, the table only its hash. */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    lastSeenAt: timestamptz("last_seen_at").notNull().defaultNow(),
    /** Password given, second-factor code still to come: such a session opens nothing but the code form. */
    awaitingSecondFactor: boolean("awaiting_second_factor").notNull().default(false),
  },
  (t) => [index("sessions_admin_idx").on(t.adminId)],
);
