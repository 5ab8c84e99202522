import type { Permission } from "~/modules/auth/roles";

/**
 * What each /admin route needs, by the route's pattern as `app/routes.ts` writes it: `view` to read it (GET), `change`
 * to send it a form (any other method; `view` when absent). A list means any one of them. The /admin guard reads this
 * and nothing else; `tests/process/admin-guard.test.ts` checks that every /admin route of the build is here and that
 * each role is refused where it has no permission.
 *
 * Finer rules live in the actions, and are named here:
 * - /admin/comptes: every account changes its own name, password and second factor; inviting, removing and changing
 *   roles need `administration`.
 * - /admin/jardiniers/:id: its payment forms need `fees`, the others `register`.
 * - A referent sees and changes only their sites' plots, rounds and gardeners (`siteScope`,
 *   `app/modules/register/access.server.ts`); creating or deleting a site, importing plots and adding a gardener by
 *   hand stay an administrator's.
 */
export const ADMIN_ROUTE_PERMISSIONS: Record<
  string,
  { view: Permission | readonly Permission[]; change?: Permission | readonly Permission[] }
> = {
  "/admin": { view: "dashboard" },
  // An address that names no screen: its 404, to whoever is signed in.
  "/admin/*": { view: "dashboard" },
  "/admin/comptes": { view: "own-account" },

  // Writing: the blog, events, sign-ups, ads moderation, the letter, and the editors' uploads and autosaves.
  "/admin/blog": { view: "writing" },
  "/admin/blog/:id/versions": { view: "writing" },
  "/admin/blog/:id/versions/:version": { view: "writing" },
  "/admin/apercu/article": { view: "writing" },
  "/admin/events": { view: "writing" },
  "/admin/events/:id/versions": { view: "writing" },
  "/admin/events/:id/versions/:version": { view: "writing" },
  "/admin/apercu/evenement": { view: "writing" },
  "/admin/events/:id/inscriptions": { view: "writing" },
  "/admin/events/:id/inscriptions/export": { view: "writing" },
  "/admin/events/:id/inscriptions/imprimer": { view: "writing" },
  "/admin/annonces": { view: "writing" },
  "/admin/lettre": { view: "writing" },
  "/admin/lettre/export": { view: "writing" },
  "/admin/lettre/:id": { view: "writing" },
  "/admin/lettre/:id/imprimer": { view: "writing" },
  "/admin/autosave": { view: "writing" },
  // Images are uploaded by the article and event editors, and by the settings' pictures.
  "/admin/media": { view: ["writing", "administration"] },

  // The register: plots, sites and rounds (a referent: their own sites).
  "/admin/parcelles": { view: "register" },
  "/admin/parcelles/export": { view: "register" },
  "/admin/parcelles/:id": { view: "register" },
  "/admin/parcelles/jardins/:id": { view: "register" },
  "/admin/parcelles/jardins/:id/imprimer": { view: "register" },
  "/admin/parcelles/jardins/:id/visite": { view: "register" },
  "/admin/parcelles/jardins/:id/visites/:roundId": { view: "register" },
  // Gardeners: read by the treasurer too; a record's payments are the treasurer's, the rest the register's.
  "/admin/jardiniers": { view: "gardeners", change: "register" },
  "/admin/jardiniers/export": { view: "gardeners" },
  "/admin/jardiniers/:id": { view: "gardeners", change: ["register", "fees"] },

  // Money: fees, payments, the printed call and their exports.
  "/admin/cotisations": { view: "fees" },
  "/admin/cotisations/export": { view: "fees" },
  "/admin/cotisations/paiements/export": { view: "fees" },
  "/admin/cotisations/imprimer": { view: "fees" },
  "/admin/cotisations/:id": { view: "fees" },
  // Receipts, and a gardener's yearly statement of fees paid.
  "/admin/tresorerie/ecritures/:id/recu": { view: "fees" },
  "/admin/tresorerie/recus": { view: "fees" },
  "/admin/tresorerie/recus/:id/pdf": { view: "fees" },
  "/admin/tresorerie/attestation": { view: "fees" },
  // The treasurer's book (decision 031).
  "/admin/tresorerie": { view: "fees" },
  "/admin/tresorerie/ecritures": { view: "fees" },
  "/admin/tresorerie/ecritures/nouvelle": { view: "fees" },
  "/admin/tresorerie/ecritures/:id": { view: "fees" },
  "/admin/tresorerie/ecritures/:id/piece": { view: "fees" },
  "/admin/tresorerie/parametres": { view: "fees" },
  // The year's accounts, its PDF for the assembly, the budget and the entries' export.
  "/admin/tresorerie/comptes-annuels": { view: "fees" },
  "/admin/tresorerie/comptes-annuels/pdf": { view: "fees" },
  "/admin/tresorerie/budget": { view: "fees" },
  "/admin/tresorerie/ecritures/export": { view: "fees" },
  // The treasurer's cheque deposits and bank reconciliation, and the deposit slip on paper.
  "/admin/tresorerie/remises": { view: "fees" },
  "/admin/tresorerie/helloasso": { view: "fees" },
  "/admin/tresorerie/remises/:id": { view: "fees" },
  "/admin/tresorerie/remises/:id/bordereau": { view: "fees" },
  "/admin/tresorerie/rapprochement": { view: "fees" },
  "/admin/tresorerie/rapprochement/:id": { view: "fees" },

  // The administrators': accounts (above), settings, the association's documents, backups, personal data, history,
  // and what comes from outside.
  "/admin/settings": { view: "administration" },
  "/admin/documents": { view: "administration" },
  "/admin/documents/:id/versions/:version": { view: "administration" },
  // The general assembly (decision 030): convocation, answers, presence, votes, minutes and their printouts.
  "/admin/assemblees": { view: "administration" },
  "/admin/assemblees/membres": { view: "administration" },
  "/admin/assemblees/:id": { view: "administration" },
  "/admin/assemblees/:id/presence": { view: "administration" },
  "/admin/assemblees/:id/votes": { view: "administration" },
  "/admin/assemblees/:id/proces-verbal": { view: "administration" },
  "/admin/assemblees/:id/emargement": { view: "administration" },
  "/admin/assemblees/:id/convocations": { view: "administration" },
  "/admin/historique": { view: "administration" },
  "/admin/sauvegarde": { view: "administration" },
  "/admin/donnees-personnelles": { view: "administration" },
  "/admin/donnees-personnelles/export": { view: "administration" },
  "/admin/applications": { view: "administration" },
  "/admin/applications/:id/telechargement": { view: "administration" },
  "/admin/applications/:id/attribuer": { view: "administration" },
  "/admin/jardiniers/import": { view: "administration" },
  "/admin/messages": { view: "administration" },
  "/admin/messages/:id": { view: "administration" },
};
