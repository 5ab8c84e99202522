import { z } from "zod";
import { agreed } from "~/lib/text";
import { civilityField, optionalEmail, optionalLine, optionalText, requiredLine } from "~/modules/forms/fields.schema";
import { pastDate } from "~/modules/register/plots.schema";

/** The general assembly's words and forms, safe for the browser (decision 030). */

export type AssemblyKind = "ordinaire" | "extraordinaire";
export type VoiceBasis = "membre" | "parcelle";
export type Majority = "simple" | "absolue" | "deux_tiers";
export type AssemblyAnswer = "present" | "pouvoir" | "absent";
export type Membership = "jardiniers" | "cotisation";

export const ASSEMBLY_KIND_LABELS: Record<AssemblyKind, string> = {
  ordinaire: "Assemblée générale ordinaire",
  extraordinaire: "Assemblée générale extraordinaire",
};

export const VOICE_BASIS_LABELS: Record<VoiceBasis, string> = {
  membre: "Une voix par membre",
  parcelle: "Une voix par parcelle tenue",
};

export const MAJORITY_LABELS: Record<Majority, string> = {
  simple: "Majorité simple (plus de voix pour que contre)",
  absolue: "Majorité absolue (plus de la moitié des voix présentes et représentées)",
  deux_tiers: "Deux tiers des voix présentes et représentées",
};

/** Who the statutes make a member; members added by hand (no plot) are members under either rule. */
export const MEMBERSHIP_LABELS: Record<Membership, string> = {
  jardiniers: "Tous les jardiniers actuels",
  cotisation: "Les jardiniers à jour de leur cotisation",
};

export const ANSWER_LABELS: Record<AssemblyAnswer, string> = {
  present: "Je serai présent",
  pouvoir: "Je donne pouvoir à un autre membre",
  absent: "Je ne pourrai pas venir",
};

/** The answer in the member's words, agreeing with them when their record says: « Je serai présente ». */
export const answerLabel = (answer: AssemblyAnswer, civility = "") =>
  answer === "present" ? `Je serai ${agreed(civility, "présent", "présente", "présent")}` : ANSWER_LABELS[answer];

/** The statutes' rules, as a new association starts with them (product rules of issue 29). */
export const ASSEMBLY_DEFAULTS = {
  convocationDays: 15,
  voiceBasis: "membre" as VoiceBasis,
  maxProxies: 2,
  quorumPercent: 25,
  majority: "simple" as Majority,
  membership: "jardiniers" as Membership,
  membershipFeeYear: null as number | null,
};

export const AGENDA_ITEMS_MAX = 30;
export const AGENDA_TITLE_MAX = 300;
/** Empty rows offered at the end of the agenda form, to add items without JavaScript. */
export const AGENDA_BLANK_ROWS = 3;

const wholeNumber = (message: string, min: number, max: number) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,3}$/, { error: message })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: message });

/** The assembly's lists, which its forms check and its tables' enums (assembly.tables.ts) read. */
export const ASSEMBLY_KINDS = ["ordinaire", "extraordinaire"] as const;
export const VOICE_BASES = ["membre", "parcelle"] as const;
export const MAJORITIES = ["simple", "absolue", "deux_tiers"] as const;
export const MEMBERSHIPS = ["jardiniers", "cotisation"] as const;

export const markAssemblySchema = z.object({
  eventId: z
    .string({ error: "Choisissez l'événement de l'assemblée." })
    .regex(/^\d{1,9}$/, { error: "Choisissez l'événement de l'assemblée." })
    .transform(Number),
  kind: z.enum(ASSEMBLY_KINDS, { error: "Choisissez ordinaire ou extraordinaire." }),
});

const FEE_YEAR_MESSAGE = "Indiquez l'année de la cotisation à régler, par exemple 2026.";

export const assemblySettingsSchema = z
  .object({
    kind: z.enum(ASSEMBLY_KINDS, { error: "Choisissez ordinaire ou extraordinaire." }),
    convocationDays: wholeNumber("Le délai de convocation est un nombre de jours entre 0 et 365.", 0, 365),
    voiceBasis: z.enum(VOICE_BASES, { error: "Choisissez une voix par membre ou par parcelle." }),
    maxProxies: wholeNumber("Le nombre de pouvoirs par membre est un nombre entre 0 et 20.", 0, 20),
    quorumPercent: wholeNumber("Le quorum est un pourcentage entre 0 et 100.", 0, 100),
    majority: z.enum(MAJORITIES, { error: "Choisissez la majorité des statuts." }),
    membership: z.enum(MEMBERSHIPS, { error: "Choisissez qui est membre." }),
    // Kept only with the rule that reads it.
    membershipFeeYear: z
      .string({ error: FEE_YEAR_MESSAGE })
      .trim()
      .refine((v) => v === "" || (/^\d{4}$/.test(v) && Number(v) >= 2000 && Number(v) <= 2100), {
        error: FEE_YEAR_MESSAGE,
      })
      .transform((v) => (v === "" ? null : Number(v))),
  })
  .superRefine((s, ctx) => {
    if (s.membership === "cotisation" && s.membershipFeeYear === null)
      ctx.addIssue({ code: "custom", path: ["membershipFeeYear"], message: FEE_YEAR_MESSAGE });
  })
  .transform((s) => ({ ...s, membershipFeeYear: s.membership === "cotisation" ? s.membershipFeeYear : null }));
export type AssemblySettings = z.output<typeof assemblySettingsSchema>;

export interface AgendaItemInput {
  title: string;
  isResolution: boolean;
  isElection?: boolean;
}

export const OFFICES = ["presidence", "tresorerie", "secretariat"] as const;
export type Office = (typeof OFFICES)[number];
/** The offices the statutes name, as the election's screen and the officers' list say them. */
export const OFFICE_LABELS: Record<Office, string> = {
  presidence: "Présidence",
  tresorerie: "Trésorerie",
  secretariat: "Secrétariat",
};
/** « élue ou élu à la présidence »: how the minutes say it. */
export const OFFICE_WORDS: Record<Office, string> = {
  presidence: "à la présidence",
  tresorerie: "à la trésorerie",
  secretariat: "au secrétariat",
};

/** « Ajouter le candidat »: an office and a name. */
export const candidateSchema = z.object({
  office: z.enum(OFFICES, { error: "Choisissez le poste." }),
  name: requiredLine(120, "Indiquez le nom du candidat ou de la candidate."),
});

/**
 * The agenda as the form sends it: rows `title-N`, `resolution-N` and `order-N`, in the order given by `order`
 * (then by row); a row left blank is dropped. Returns the items or the French refusal.
 */
export function readAgenda(form: FormData): { items: AgendaItemInput[] } | { error: string } {
  const rows: { title: string; isResolution: boolean; isElection: boolean; order: number; row: number }[] = [];
  for (const [name, value] of form) {
    const match = /^title-(\d{1,3})$/.exec(name);
    if (!match || typeof value !== "string") continue;
    const row = Number(match[1]);
    const title = value.replace(/\s+/g, " ").trim();
    if (!title) continue;
    if (title.length > AGENDA_TITLE_MAX)
      return { error: `Un point de l'ordre du jour fait au plus ${AGENDA_TITLE_MAX} caractères.` };
    const order = Number(String(form.get(`order-${row}`) ?? "").trim());
    rows.push({
      title,
      // An election is voted per candidate, not for or against.
      isResolution: form.get(`resolution-${row}`) === "on" && form.get(`election-${row}`) !== "on",
      isElection: form.get(`election-${row}`) === "on",
      order: Number.isFinite(order) && String(form.get(`order-${row}`) ?? "").trim() !== "" ? order : 1000 + row,
      row,
    });
  }
  if (rows.length > AGENDA_ITEMS_MAX) return { error: `L'ordre du jour compte au plus ${AGENDA_ITEMS_MAX} points.` };
  rows.sort((a, b) => a.order - b.order || a.row - b.row);
  return { items: rows.map(({ title, isResolution, isElection }) => ({ title, isResolution, isElection })) };
}

export const answerSchema = z.discriminatedUnion("answer", [
  z.object({ answer: z.literal("present") }),
  z.object({ answer: z.literal("absent") }),
  z.object({
    answer: z.literal("pouvoir"),
    holder: z
      .string({ error: "Choisissez le membre à qui vous donnez pouvoir." })
      .regex(/^\d{1,9}$/, { error: "Choisissez le membre à qui vous donnez pouvoir." })
      .transform(Number),
  }),
]);
export const ANSWER_MISSING = "Choisissez une réponse : présent, pouvoir ou absent.";

export interface VoteCounts {
  votesFor: number;
  votesAgainst: number;
  abstentions: number;
}

export const votesSchema = z.object({
  votesFor: wholeNumber("Le nombre de voix pour est un nombre entier.", 0, 999),
  votesAgainst: wholeNumber("Le nombre de voix contre est un nombre entier.", 0, 999),
  abstentions: wholeNumber("Le nombre d'abstentions est un nombre entier.", 0, 999),
});

/** Whether a resolution is adopted under `majority`, with `voices` present and represented. */
export function isAdopted(counts: VoteCounts, majority: Majority, voices: number) {
  if (majority === "simple") return counts.votesFor > counts.votesAgainst;
  if (majority === "absolue") return counts.votesFor * 2 > voices;
  return counts.votesFor * 3 >= voices * 2 && counts.votesFor > 0;
}

/** « 3 voix », « 1 voix ». */
export const voicesText = (n: number) => `${n} voix`;

/** « 2 pouvoirs », « 1 pouvoir », « aucun pouvoir ». */
export const proxiesText = (n: number) => (n === 0 ? "aucun pouvoir" : n === 1 ? "1 pouvoir" : `${n} pouvoirs`);

/** « à la majorité simple »: how the minutes say a resolution's majority, without the labels' explanations. */
export const MAJORITY_WORDS: Record<Majority, string> = {
  simple: "à la majorité simple",
  absolue: "à la majorité absolue",
  deux_tiers: "à la majorité des deux tiers",
};

/** « 1 abstention », « 2 abstentions », « aucune abstention ». */
export const abstentionsText = (n: number) =>
  n === 0 ? "aucune abstention" : n === 1 ? "1 abstention" : `${n} abstentions`;

/** « 21:40 »: the time a meeting closed, as the minutes' form takes it (empty until known). */
const CLOSED_TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/** The minutes' facts around their text: who chaired the meeting, who took the minutes, when it closed. */
export const minutesFactsSchema = z.object({
  chair: optionalLine(120, ""),
  secretary: optionalLine(120, ""),
  closedTime: optionalLine(5, "").refine((v) => v === "" || CLOSED_TIME.test(v), {
    error: "Indiquez l'heure de clôture comme 21:40.",
  }),
});
export type MinutesFacts = z.output<typeof minutesFactsSchema>;

/** « Ajouter un membre »: a member who holds no plot (an approved volunteer), with how to reach them. */
export const volunteerFormSchema = z.object({
  familyName: requiredLine(120, "Indiquez le nom de famille du membre."),
  givenNames: optionalLine(120, ""),
  civility: civilityField(),
  email: optionalEmail("Format d'email invalide").transform((v) => v ?? ""),
  address: optionalText(300, ""),
  startDate: pastDate("la date d'adhésion"),
  note: optionalText(500, ""),
});
export type VolunteerForm = z.output<typeof volunteerFormSchema>;

/** « Fin d'adhésion »: the day they stopped being a member (today or before). */
export const volunteerEndSchema = z.object({ endDate: pastDate("la date de fin d'adhésion") });
