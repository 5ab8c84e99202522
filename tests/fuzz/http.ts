import http from "node:http";

export interface RawRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Leave out Content-Length: the body goes chunked. */
  chunked?: boolean;
}

export type RawOutcome =
  | { kind: "response"; status: number; headers: http.IncomingHttpHeaders; body: string; reusedSocket: boolean }
  | { kind: "dropped"; error: string };

/**
 * Sends one request and reads the whole answer. An answer received counts even if the rest of the body could not
 * be written (the server may refuse early); no answer at all — reset, hang-up, timeout — is a dropped connection.
 */
export function send(baseUrl: string, request: RawRequest, agent: http.Agent | false = false, timeoutMs = 30_000) {
  return new Promise<RawOutcome>((resolve) => {
    const url = new URL(request.path, baseUrl);
    const headers = { ...request.headers };
    if (request.body && !request.chunked) headers["Content-Length"] = String(request.body.length);
    let settled = false;
    let outcome: RawOutcome | undefined;
    let written = !request.body;
    // Settles once the answer is read and the body sent (or refused): only then is the connection free for the next.
    const settle = (result: RawOutcome) => {
      if (settled) return;
      outcome ??= result;
      if (!written && outcome.kind === "response") return;
      settled = true;
      resolve(outcome);
    };
    const req = http.request(url, { method: request.method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        settle({
          kind: "response",
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString("utf8"),
          reusedSocket: req.reusedSocket,
        }),
      );
      res.on("error", (error) => settle({ kind: "dropped", error: `réponse interrompue : ${error.message}` }));
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`pas de réponse en ${timeoutMs} ms`)));
    req.on("finish", () => {
      written = true;
      if (outcome) settle(outcome);
    });
    // A write refused after the server answered is not a failure: the 'response' event decides.
    req.on("error", (error) => {
      written = true;
      setTimeout(() => settle(outcome ?? { kind: "dropped", error: error.message }), 50);
    });
    if (request.body) {
      if (request.chunked) {
        // Two chunks, so the body really goes out in parts.
        const half = Math.floor(request.body.length / 2);
        req.write(request.body.subarray(0, half));
        req.end(request.body.subarray(half));
      } else {
        req.end(request.body);
      }
    } else {
      req.end();
    }
  });
}
