import { Worker } from "node:worker_threads";
import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import type * as CommonWords from "@zxcvbn-ts/language-common";
import type * as FrenchWords from "@zxcvbn-ts/language-fr";

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 128;
/** zxcvbn's scale: 3 is "safely unguessable" for an online attack that is throttled, as ours is. */
const MIN_SCORE = 3;
/** Passwords are chosen rarely: the estimator's thread ends after this long unused. */
const KEEP_LOADED_MS = 2 * 60 * 1000;

interface Estimate {
  score: number;
  warning: string | null;
  suggestions: string[];
}
type Answer = { id: number } & ({ estimate: Estimate } | { error: string });

/**
 * The estimator's thread, given to the worker as source text: it may use nothing from this module. The dictionaries
 * (about 8 MB of heap for the modules that hold them, 15 MB once ranked) live and end with the thread: modules loaded
 * in the server's own thread would stay for good.
 */
function estimatorThread() {
  const { parentPort, workerData } = process.getBuiltinModule("node:worker_threads");
  const requireFromApp = process.getBuiltinModule("node:module").createRequire(workerData as string);
  const { ZxcvbnFactory: Factory } = requireFromApp("@zxcvbn-ts/core") as { ZxcvbnFactory: typeof ZxcvbnFactory };
  const common = requireFromApp("@zxcvbn-ts/language-common") as typeof CommonWords;
  const fr = requireFromApp("@zxcvbn-ts/language-fr") as typeof FrenchWords;
  const factory = new Factory({
    translations: fr.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...fr.dictionary },
  });
  parentPort!.on("message", ({ id, password, related }: { id: number; password: string; related: string[] }) => {
    try {
      const { score, feedback } = factory.check(password, related);
      parentPort!.postMessage({ id, estimate: { score, ...feedback } });
    } catch (error) {
      parentPort!.postMessage({ id, error: String(error) });
    }
  });
}

interface EstimatorThread {
  worker: Worker;
  waiting: Map<number, { resolve: (estimate: Estimate) => void; reject: (error: Error) => void }>;
}

let current: EstimatorThread | undefined;
let release: NodeJS.Timeout | undefined;
let nextId = 0;

function startEstimator(): EstimatorThread {
  const worker = new Worker(`(${estimatorThread.toString()})()`, { eval: true, workerData: import.meta.url });
  const started: EstimatorThread = { worker, waiting: new Map() };
  worker.on("message", (answer: Answer) => {
    const pending = started.waiting.get(answer.id);
    started.waiting.delete(answer.id);
    // An idle thread does not keep the process alive (a command-line tool ends once its work is done).
    if (started.waiting.size === 0) worker.unref();
    if ("estimate" in answer) pending?.resolve(answer.estimate);
    else pending?.reject(new Error(answer.error));
  });
  const fail = (error: Error) => {
    if (current === started) current = undefined;
    for (const pending of started.waiting.values()) pending.reject(error);
    started.waiting.clear();
  };
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`L'estimateur de mots de passe s'est arrêté (code ${code}).`)));
  return started;
}

/** Ends the estimator's thread now (after the one check of a start, which nobody retries). */
export function releasePasswordEstimator() {
  clearTimeout(release);
  const ending = current;
  current = undefined;
  void ending?.worker.terminate();
}

function estimate(password: string, related: string[]): Promise<Estimate> {
  clearTimeout(release);
  release = setTimeout(releasePasswordEstimator, KEEP_LOADED_MS).unref();
  const estimator = (current ??= startEstimator());
  const id = nextId++;
  return new Promise((resolve, reject) => {
    estimator.waiting.set(id, { resolve, reject });
    estimator.worker.ref();
    estimator.worker.postMessage({ id, password, related });
  });
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
  const result = await estimate(password, related.filter(Boolean));
  if (result.score >= MIN_SCORE) return null;
  const warning = result.warning?.trim();
  const why = warning ? ` ${/[.!?]$/.test(warning) ? warning : `${warning}.`}` : "";
  const advice = result.suggestions.length
    ? ` ${result.suggestions.join(" ")}`
    : " Ajoutez quelques mots peu courants.";
  return `Ce mot de passe est trop facile à deviner.${why}${advice}`;
}
