import type { ZxcvbnFactory } from "@zxcvbn-ts/core";

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 128;
/** zxcvbn's scale: 3 is "safely unguessable" for an online attack that is throttled, as ours is. */
const MIN_SCORE = 3;

let estimator: Promise<ZxcvbnFactory> | undefined;
let release: NodeJS.Timeout | undefined;
/** Passwords are chosen rarely: the dictionaries (about 15 MB of heap) are let go after this long unused. */
const KEEP_LOADED_MS = 2 * 60 * 1000;

/** The estimator with its French and common dictionaries: loaded for a password check, dropped when idle. */
function loadEstimator() {
  clearTimeout(release);
  release = setTimeout(() => (estimator = undefined), KEEP_LOADED_MS).unref();
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, fr] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-fr"),
    ]);
    return new ZxcvbnFactory({
      translations: fr.translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...fr.dictionary },
    });
  })();
  return estimator;
}

/**
 * Why a new password is refused, in French, or null when it will do: at least 12 characters, and not found in the
 * lists of common passwords and French words nor otherwise easy to guess. `related` are words the password must not
 * lean on (the username, the association's name).
 */
export async function passwordWeakness(password: string, related: string[] = []): Promise<string | null> {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `Le mot de passe doit contenir au moins ${MIN_PASSWORD_LENGTH} caractères.`;
  if (password.length > MAX_PASSWORD_LENGTH)
    return `Le mot de passe doit contenir au plus ${MAX_PASSWORD_LENGTH} caractères.`;
  const result = (await loadEstimator()).check(password, related.filter(Boolean));
  if (result.score >= MIN_SCORE) return null;
  const warning = result.feedback.warning?.trim();
  const why = warning ? ` ${/[.!?]$/.test(warning) ? warning : `${warning}.`}` : "";
  const advice = result.feedback.suggestions.length
    ? ` ${result.feedback.suggestions.join(" ")}`
    : " Ajoutez quelques mots peu courants.";
  return `Ce mot de passe est trop facile à deviner.${why}${advice}`;
}
