import { publicUrl } from "~/db/association.server";
import { Refusal } from "~/modules/forms/refusal.server";
import { formatDate } from "~/lib/dates";
import { euros } from "~/lib/money";
import { doneForm, parseAdminForm, refusedForm, refusedBy } from "~/modules/forms/admin-form.server";
import { withHistory, type Actor } from "~/modules/history/history.server";
import {
  fetchHelloAssoToken,
  forgetHelloAssoTokens,
  HelloAssoError,
  readOrganization,
} from "./helloasso.client.server";
import { onlinePaymentsOfFee } from "./online-payments.server";
import { checkAnomalyRefund, openAnomalies, recordAnomaly, setAnomalyAside } from "./anomalies.server";
import {
  anomalyAsideSchema,
  HELLOASSO_ENVIRONMENT_LABELS,
  helloAssoMessages,
  helloAssoSettingsSchema,
  type HelloAssoSettingsForm,
} from "./helloasso.schema";
import {
  helloAssoConfig,
  helloAssoSettings,
  saveHelloAssoSettings,
  type HelloAssoEnvironment,
} from "./helloasso.settings.server";

/** Where HelloAsso sends its notifications: to paste in its back-office (the return addresses go with each payment). */
const notificationUrl = () => `${publicUrl().replace(/\/+$/, "")}/api/helloasso/notification`;

const ENVIRONMENT_SHORT: Record<HelloAssoEnvironment, string> = { sandbox: "bac à sable", production: "production" };

/** « Paiement en ligne : actif (production) », or inactive and what is missing. */
async function onlineState() {
  const [settings, config] = await Promise.all([helloAssoSettings(), helloAssoConfig()]);
  if (config) return { active: true, text: `Paiement en ligne : actif (${ENVIRONMENT_SHORT[config.environment]})` };
  const missing = [
    !settings.organizationSlug && "identifiant de l'organisation",
    !settings.clientId && "Client ID",
    !settings.hasSecret && "Client secret",
  ].filter((m): m is string => Boolean(m));
  const text =
    missing.length > 0
      ? `Paiement en ligne : inactif : ${missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(", ")} et ${missing.at(-1)}`} manquant${missing.length > 1 ? "s" : ""}`
      : // Everything is there but the secret no longer opens: sealed under another server secret.
        "Paiement en ligne : inactif : le Client secret enregistré ne peut plus être lu (sauvegarde restaurée sans le secret du serveur) ; saisissez-le de nouveau";
  return { active: false, text };
}

/** The section « Paiement en ligne (HelloAsso) »: what is set (never the secret, only whether one is kept), the state. */
export async function helloAssoSettingsScreen() {
  const [settings, state] = await Promise.all([helloAssoSettings(), onlineState()]);
  return {
    state,
    hasSecret: settings.hasSecret,
    values: {
      environment: settings.environment,
      organizationSlug: settings.organizationSlug,
      clientId: settings.clientId,
    },
    updated:
      settings.updatedBy && settings.updatedAt ? `${formatDate(settings.updatedAt)} par ${settings.updatedBy}` : "",
    notificationUrl: notificationUrl(),
  };
}

/** The form sent back without the secret typed: it never comes back in a page. */
function withoutSecret(form: FormData) {
  const kept = new FormData();
  for (const [name, value] of form) if (name !== "clientSecret") kept.append(name, value);
  return kept;
}

/** What became of the secret at a save, as Historique says it. */
type SecretChange = "nouveau" | "gardé" | "retiré" | "absent";

function secretChange(hadSecret: boolean, form: HelloAssoSettingsForm): SecretChange {
  if (form.clientSecret) return "nouveau";
  if (!hadSecret) return "absent";
  return form.removeSecret ? "retiré" : "gardé";
}

/** The forms of the section: « Enregistrer » (intent `helloasso`) and « Tester la connexion » (`helloasso-test`). */
export async function helloAssoSettingsAction(form: FormData, actor: Actor) {
  const intent = String(form.get("intent") ?? "");
  if (intent === "helloasso-test") return testConnection();
  if (intent !== "helloasso") return refusedForm(withoutSecret(form), "Action inconnue.", {}, 400);
  const parsed = parseAdminForm(helloAssoSettingsSchema, form, helloAssoMessages.refused);
  if (parsed.refusal) return refusedForm(withoutSecret(form), helloAssoMessages.refused, parsed.refusal.data.errors);
  const data = parsed.data;
  let change: SecretChange;
  try {
    change = await withHistory(
      actor,
      async (tx) => {
        const before = await helloAssoSettings(tx);
        // The sandbox's client is not production's: a secret kept from the other one would only be refused.
        if (before.hasSecret && before.environment !== data.environment && !data.clientSecret && !data.removeSecret)
          throw new Refusal(helloAssoMessages.secretForOtherEnvironment, 400, "clientSecret");
        await saveHelloAssoSettings(
          tx,
          {
            environment: data.environment,
            organizationSlug: data.organizationSlug,
            clientId: data.clientId,
            clientSecret: data.removeSecret ? null : data.clientSecret,
          },
          actor.username,
        );
        return secretChange(before.hasSecret, data);
      },
      (secret) => ({
        kind: "tresorerie.helloasso",
        target: "paiement en ligne",
        detail: `${HELLOASSO_ENVIRONMENT_LABELS[data.environment]}, organisation ${data.organizationSlug}, Client ID ${data.clientId}, secret ${secret}`,
      }),
    );
  } catch (error) {
    return refusedBy(withoutSecret(form), error, helloAssoMessages.refused);
  }
  // A token asked with the former settings must not serve the new ones.
  forgetHelloAssoTokens();
  const state = await onlineState();
  return doneForm(
    "helloasso",
    `Réglages HelloAsso enregistrés${change === "retiré" ? ", secret retiré" : ""}. ${state.text}.`,
  );
}

/**
 * « Tester la connexion »: asks HelloAsso a token with the settings saved, then reads the organization they name, and
 * says how it went with its name.
 */
async function testConnection() {
  const refused = (message: string) => {
    const form = new FormData();
    form.set("intent", "helloasso-test");
    return refusedForm(form, message, {}, 409);
  };
  const config = await helloAssoConfig();
  if (!config) {
    const state = await onlineState();
    return refused(
      `Connexion non testée : ${state.text.replace("Paiement en ligne : inactif : ", "")}. Enregistrez d'abord les réglages.`,
    );
  }
  let found: { name: string };
  try {
    await fetchHelloAssoToken(config);
    found = await readOrganization(config);
  } catch (error) {
    if (!(error instanceof HelloAssoError)) throw error;
    return refused(`La connexion à HelloAsso a échoué : ${error.message}`);
  }
  return doneForm(
    "helloasso-test",
    `Connexion à HelloAsso réussie (${ENVIRONMENT_SHORT[config.environment]}) : organisation « ${found.name} » (${config.organizationSlug}).`,
  );
}

const ONLINE_STATE_LABELS = {
  en_cours: "en cours",
  payee: "payée",
  abandonnee: "abandonnée",
  refusee: "refusée",
  remboursee: "remboursée",
  anomalie: "anomalie",
} as const;

/** « Paiements en ligne » on a fee's page: each payment started online for it, newest first, its state in French. */
export async function feeOnlinePayments(feeId: number) {
  return (await onlinePaymentsOfFee(feeId)).map((r) => ({
    id: r.id,
    date: formatDate(r.createdAt),
    amount: euros(r.amountCents),
    state: ONLINE_STATE_LABELS[r.state],
    note: [r.environment === "sandbox" ? "bac à sable" : "", r.orderId ? `commande n° ${r.orderId}` : "", r.note]
      .filter(Boolean)
      .join(" · "),
    /** An « anomalie » the bureau has still to treat. */
    open: r.state === "anomalie" && r.treatedAt === null,
    received: r.receivedCents === null ? null : euros(r.receivedCents),
    treatment: r.treatedAt ? `Traité le ${formatDate(r.treatedAt)} par ${r.treatedBy} : ${r.treatment}.` : "",
  }));
}

/** « Traiter » a payment awaiting the bureau, from its fee's page: record it, see its refund, or set it aside. */
export async function anomalyAction(form: FormData, actor: Actor) {
  const intent = String(form.get("intent") ?? "");
  const id = Number(String(form.get("payment") ?? ""));
  try {
    if (intent === "anomaly-record") return doneForm(intent, await recordAnomaly(id, actor));
    if (intent === "anomaly-refund") return doneForm(intent, await checkAnomalyRefund(id));
    if (intent === "anomaly-aside") {
      const { data, refusal } = parseAdminForm(anomalyAsideSchema, form, "Le paiement n'a pas été mis de côté :");
      if (refusal) return refusal;
      return doneForm(intent, await setAnomalyAside(id, data.note, actor));
    }
  } catch (error) {
    return refusedBy(form, error);
  }
  return refusedForm(form, "Action inconnue.");
}

/** The payments awaiting the bureau, each with its fee's page to treat it (the dashboard, the book's overview). */
export async function anomalyLinks() {
  return (await openAnomalies()).map((a) => ({
    id: a.id,
    to: a.feeId === null ? "/admin/tresorerie#paiements-a-traiter" : `/admin/cotisations/${a.feeId}#en-ligne`,
    erased: a.feeId === null,
    received: euros(a.receivedCents ?? a.amountCents),
    label:
      a.year === null
        ? `${a.name ?? "Fiche effacée"} (cotisation effacée)`
        : `${a.name ?? "Fiche effacée"}, cotisation ${a.year}`,
    note: a.note,
  }));
}
