import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { timestamptz } from "../../db/columns";
import { ASSEMBLY_KINDS, MAJORITIES, MEMBERSHIPS, OFFICES, VOICE_BASES } from "./assembly.schema";
import { documents } from "../documents/documents.tables";
import { events } from "../events/events.tables";
import { gardeners } from "../register/register.tables";

/** The association's general assembly (decision 030): ordinary or extraordinary. */
export const assemblyKindEnum = pgEnum("assembly_kind", ASSEMBLY_KINDS);

/** One voice per member, or one per plot held, as the statutes say. */
export const assemblyVoiceEnum = pgEnum("assembly_voice", VOICE_BASES);

/** `simple`: more for than against; `absolue`: more than half the voices present and represented; `deux_tiers`. */
export const assemblyMajorityEnum = pgEnum("assembly_majority", MAJORITIES);

export const assemblyAnswerEnum = pgEnum("assembly_answer", ["present", "pouvoir", "absent"]);

/** Who the statutes make a member: every current gardener, or those whose fee of a year is settled (decision 030). */
export const assemblyMembershipEnum = pgEnum("assembly_membership", MEMBERSHIPS);

/**
 * An event marked as the general assembly, with the statutes' rules it is held under (copied from the previous
 * assembly when marked), its convocation and its minutes.
 */
export const assemblies = pgTable(
  "assemblies",
  {
    id: serial("id").primaryKey(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    kind: assemblyKindEnum("kind").notNull().default("ordinaire"),
    convocationDays: integer("convocation_days").notNull().default(15),
    voiceBasis: assemblyVoiceEnum("voice_basis").notNull().default("membre"),
    maxProxies: integer("max_proxies").notNull().default(2),
    /** The share of voices present or represented needed to deliberate, in percent (0: none). */
    quorumPercent: integer("quorum_percent").notNull().default(25),
    majority: assemblyMajorityEnum("majority").notNull().default("simple"),
    membership: assemblyMembershipEnum("membership").notNull().default("jardiniers"),
    /** With `cotisation`: the year whose fee a gardener must have settled to be a member. */
    membershipFeeYear: smallint("membership_fee_year"),
    /** When the convocation was sent: the members are fixed from then. */
    convokedAt: timestamptz("convoked_at"),
    /** When the personal links were deleted, once the assembly ended. */
    linksDeletedAt: timestamptz("links_deleted_at"),
    /** The association's documents joined to the convocation (reports, accounts, budget), in their order. */
    documentIds: integer("document_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** The minutes as edited (sanitised HTML); empty until drafted. */
    minutes: text("minutes").notNull().default(""),
    /** Who chaired the meeting and who took its minutes (« président de séance », « secrétaire de séance »). */
    chair: text("chair").notNull().default(""),
    secretary: text("secretary").notNull().default(""),
    /** When the meeting closed, « 21:40 » (Paris); empty until known. */
    closedTime: text("closed_time").notNull().default(""),
    minutesDocumentId: integer("minutes_document_id").references(() => documents.id, { onDelete: "set null" }),
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("assemblies_event_idx").on(t.eventId),
    check("assemblies_max_proxies", sql`${t.maxProxies} >= 0`),
    check("assemblies_quorum", sql`${t.quorumPercent} between 0 and 100`),
    check("assemblies_convocation_days", sql`${t.convocationDays} between 0 and 365`),
    check("assemblies_membership_year", sql`${t.membership} <> 'cotisation' or ${t.membershipFeeYear} is not null`),
  ],
);

/** The agenda: ordered items, each possibly a resolution, with its counts once voted. */
export const assemblyItems = pgTable(
  "assembly_items",
  {
    id: serial("id").primaryKey(),
    assemblyId: integer("assembly_id")
      .notNull()
      .references(() => assemblies.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    isResolution: boolean("is_resolution").notNull().default(false),
    /** An election of the bureau: candidates per office, voices per candidate (`assembly_candidates`), not for/against. */
    isElection: boolean("is_election").notNull().default(false),
    votesFor: integer("votes_for"),
    votesAgainst: integer("votes_against"),
    abstentions: integer("abstentions"),
  },
  (t) => [index("assembly_items_assembly_idx").on(t.assemblyId, t.position, t.id)],
);

/**
 * A member of the association who holds no plot, added by the bureau (an approved volunteer, in the demo's statutes,
 * art. 4): convened to the assemblies while `end_date` is null. Their rows of past assemblies keep their name.
 */
export const volunteerMembers = pgTable(
  "volunteer_members",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    familyName: text("family_name").notNull().default(""),
    givenNames: text("given_names").notNull().default(""),
    /** « madame », « monsieur » or '' (not given): the texts that name them agree (« présente », « jardinière »). */
    civility: text("civility").notNull().default(""),
    email: text("email").notNull().default(""),
    address: text("address").notNull().default(""),
    /** The day the bureau approved them. */
    startDate: date("start_date", { mode: "string" }).notNull(),
    /** The day they stopped being a member: no longer convened, nor counted, from then. */
    endDate: date("end_date", { mode: "string" }),
    note: text("note").notNull().default(""),
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [index("volunteer_members_name_idx").on(t.familyName, t.id)],
);

/**
 * A member convened to an assembly: a current gardener (or a member added by hand) when the convocation went, named as then. The personal link's
 * token is derived from `link_key` with the server's secret and only its HMAC is kept; both go when the assembly
 * ends. A proxy points to the member who holds it; the answer and the presence are kept with the minutes.
 */
export const assemblyMembers = pgTable(
  "assembly_members",
  {
    id: serial("id").primaryKey(),
    assemblyId: integer("assembly_id")
      .notNull()
      .references(() => assemblies.id, { onDelete: "cascade" }),
    gardenerId: integer("gardener_id").references(() => gardeners.id, { onDelete: "set null" }),
    volunteerId: integer("volunteer_id").references(() => volunteerMembers.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    familyName: text("family_name").notNull().default(""),
    givenNames: text("given_names").notNull().default(""),
    /** As their record said when they were convened: the texts addressed to them agree. */
    civility: text("civility").notNull().default(""),
    voices: integer("voices").notNull().default(1),
    /** Why they are a member, as the convocation found it: « Jardinier actuel », « Cotisation 2026 réglée »… */
    reason: text("reason").notNull().default(""),
    linkKey: text("link_key"),
    linkHash: text("link_hash"),
    answer: assemblyAnswerEnum("answer"),
    proxyHolderId: integer("proxy_holder_id").references((): AnyPgColumn => assemblyMembers.id, {
      onDelete: "set null",
    }),
    answeredAt: timestamptz("answered_at"),
    /** The answer came on paper (the reply slip, a signed proxy) and the bureau recorded it. */
    answeredOnPaper: boolean("answered_on_paper").notNull().default(false),
    present: boolean("present").notNull().default(false),
  },
  (t) => [
    index("assembly_members_assembly_idx").on(t.assemblyId, t.id),
    uniqueIndex("assembly_members_gardener_idx").on(t.assemblyId, t.gardenerId),
    uniqueIndex("assembly_members_volunteer_idx")
      .on(t.assemblyId, t.volunteerId)
      .where(sql`${t.volunteerId} is not null`),
    uniqueIndex("assembly_members_link_idx").on(t.linkHash),
    index("assembly_members_holder_idx").on(t.proxyHolderId),
    check("assembly_members_voices", sql`${t.voices} >= 0`),
    check("assembly_members_not_own_proxy", sql`${t.proxyHolderId} is null or ${t.proxyHolderId} <> ${t.id}`),
    check("assembly_members_proxy_answer", sql`${t.proxyHolderId} is null or ${t.answer} = 'pouvoir'`),
  ],
);

/** The offices the statutes name (the demo's, art. 9): the bureau elected by the general assembly. */
export const officeEnum = pgEnum("office", OFFICES);

/** A candidate to an office at an election of the agenda, with the voices counted for them. */
export const assemblyCandidates = pgTable(
  "assembly_candidates",
  {
    id: serial("id").primaryKey(),
    itemId: integer("item_id")
      .notNull()
      .references(() => assemblyItems.id, { onDelete: "cascade" }),
    office: officeEnum("office").notNull(),
    name: text("name").notNull(),
    votes: integer("votes"),
  },
  (t) => [
    index("assembly_candidates_item_idx").on(t.itemId, t.office, t.id),
    check("assembly_candidates_votes", sql`${t.votes} is null or ${t.votes} >= 0`),
  ],
);

/**
 * Who holds each office, from when: the elected of an assembly (its id kept), or typed by the bureau. The current
 * holder of an office is its latest row.
 */
export const associationOfficers = pgTable(
  "association_officers",
  {
    id: serial("id").primaryKey(),
    office: officeEnum("office").notNull(),
    name: text("name").notNull(),
    since: date("since", { mode: "string" }).notNull(),
    assemblyId: integer("assembly_id").references(() => assemblies.id, { onDelete: "set null" }),
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("association_officers_office_idx").on(t.office, t.since, t.id),
    uniqueIndex("association_officers_assembly_idx")
      .on(t.assemblyId, t.office)
      .where(sql`${t.assemblyId} is not null`),
  ],
);
