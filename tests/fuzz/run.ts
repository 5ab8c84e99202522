/**
 * Sends fuzzed bodies to every action of a running server and tallies what came back: used by the property test
 * (tests/process/fuzz.test.ts) and by bench/fuzz.ts, which prints the figures.
 */
import http from "node:http";
import * as fc from "fast-check";
import { discoverTargets, type FuzzTarget } from "./actions";
import { caseFor, toRequest, type FuzzCase } from "./bodies";
import { discoverPages, queryRequest, type PageTarget, type QueryCase } from "./queries";
import { send, type RawOutcome } from "./http";
import { signIn } from "./session";

export interface Credentials {
  username: string;
  password: string;
}

export { describeCase } from "./bodies";

export const isFailure = (outcome: RawOutcome) => outcome.kind === "dropped" || outcome.status >= 500;

export function describeOutcome(outcome: RawOutcome) {
  return outcome.kind === "dropped" ? `connexion perdue (${outcome.error})` : `${outcome.status}`;
}

/** Sessions for the fuzzed requests; /logout ends the one it is given, so it gets a fresh one each time. */
export class Sessions {
  private cookie: string | undefined;
  constructor(
    private readonly baseUrl: string,
    private readonly credentials: Credentials,
  ) {}

  async for(target: FuzzTarget) {
    if (target.path === "/logout") return signIn(this.baseUrl, this.credentials.username, this.credentials.password);
    this.cookie ??= await signIn(this.baseUrl, this.credentials.username, this.credentials.password);
    return this.cookie;
  }
}

export async function prepare(baseUrl: string, credentials: Credentials) {
  const sessions = new Sessions(baseUrl, credentials);
  const cookie = await signIn(baseUrl, credentials.username, credentials.password);
  const targets = await discoverTargets(baseUrl, cookie);
  const pages = await discoverPages(baseUrl, cookie);
  return { sessions, targets, pages, cookie };
}

/** Asks for one hostile address on a fresh connection. */
export const sendQueryCase = (baseUrl: string, cookie: string, fuzz: QueryCase) =>
  send(baseUrl, queryRequest(fuzz, cookie));

export type { PageTarget };

/** Sends one case on a fresh connection. */
export async function sendCase(baseUrl: string, sessions: Sessions, target: FuzzTarget, fuzz: FuzzCase) {
  const cookie = fuzz.withSession ? await sessions.for(target) : "";
  return send(baseUrl, toRequest(target, fuzz, baseUrl, cookie));
}

/**
 * Sends several cases one after another on one keep-alive connection, then a GET /healthz on it: every request
 * must be answered, and the connection must still serve (or have been closed politely, never reset).
 */
export async function sendSequence(baseUrl: string, sessions: Sessions, target: FuzzTarget, cases: FuzzCase[]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const outcomes: RawOutcome[] = [];
    for (const fuzz of cases) {
      const cookie = fuzz.withSession ? await sessions.for(target) : "";
      // One connection for the whole sequence: each case asks to keep it.
      outcomes.push(
        await send(baseUrl, toRequest(target, { ...fuzz, closeConnection: false }, baseUrl, cookie), agent),
      );
    }
    outcomes.push(await send(baseUrl, { method: "GET", path: "/healthz", headers: {} }, agent));
    return outcomes;
  } finally {
    agent.destroy();
  }
}

export function sample(target: FuzzTarget, runs: number, seed: number) {
  return fc.sample(caseFor(target), { numRuns: runs, seed });
}
