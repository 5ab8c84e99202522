/**
 * What a back-office account may open. A bureau shares its work: the treasurer handles the money, a site's referent
 * its plots and rounds, a volunteer writes the blog; only an administrator manages accounts, settings, backups and
 * personal data. Each /admin route says which permission it needs in `app/routes/admin/permissions.ts`, which the
 * /admin guard reads. Shared by the server and the screens (the menu shows what the role may open).
 */
export const ROLES = ["administrateur", "tresorier", "referent", "redacteur"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  administrateur: "Administrateur",
  tresorier: "Trésorier",
  referent: "Référent de jardin",
  redacteur: "Rédacteur",
};

/** What each role may do, as the invitation and the accounts screen say it. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  administrateur:
    "Tout le back-office ; seul à gérer les comptes, les paramètres, les sauvegardes et les données personnelles.",
  tresorier: "Les cotisations, les paiements et leurs exports ; consulte les fiches des jardiniers.",
  referent: "Les parcelles, les visites et les jardiniers des jardins qui lui sont confiés.",
  redacteur:
    "Les articles, les événements et leurs inscriptions, la lettre d'information et la modération des annonces.",
};

/**
 * - `dashboard`, `own-account`: every account (its own name, password and second factor).
 * - `writing`: articles, events and their sign-ups, the letter, the ads, image uploads and autosaves.
 * - `fees`: fees, payments, the printed call and the exports of money.
 * - `gardeners`: reading the gardeners' list and records.
 * - `register`: plots, sites, rounds and changes to gardeners (a referent: their sites only, see `siteScope`).
 * - `administration`: accounts, settings, backups, personal data, history, applications, messages, imports.
 */
export type Permission = "dashboard" | "own-account" | "writing" | "fees" | "gardeners" | "register" | "administration";

const EVERYONE: readonly Permission[] = ["dashboard", "own-account"];

const GRANTS: Record<Role, readonly Permission[]> = {
  administrateur: [...EVERYONE, "writing", "fees", "gardeners", "register", "administration"],
  tresorier: [...EVERYONE, "fees", "gardeners"],
  referent: [...EVERYONE, "register", "gardeners"],
  redacteur: [...EVERYONE, "writing"],
};

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** Whether `role` holds `permission`, or any of `permissions`. */
export function can(role: Role, permission: Permission | readonly Permission[]): boolean {
  const wanted: readonly Permission[] = typeof permission === "string" ? [permission] : permission;
  return wanted.some((p) => GRANTS[role].includes(p));
}

/** The account as the guard knows it: its role and, for a referent, the sites it looks after. */
export interface AccountAccess {
  role: Role;
  siteIds: readonly number[];
}

/** The sites whose plots, rounds and gardeners the account may see: every site, or a referent's own. */
export function siteScope(access: AccountAccess): "all" | readonly number[] {
  return access.role === "referent" ? access.siteIds : "all";
}

/** What the 403 page says to an account that opened a page its role does not give. */
export function refusalMessage(role: Role) {
  return `Votre rôle (${ROLE_LABELS[role]}) ne donne pas accès à cette page. Demandez à un administrateur si vous en avez besoin.`;
}
