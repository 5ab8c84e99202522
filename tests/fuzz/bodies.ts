/**
 * Random request bodies for an action: well-formed and broken urlencoded and multipart forms, other media types,
 * awkward text (unicode, NUL and control characters, lone surrogates, invalid UTF-8, huge values), duplicated and
 * missing fields, with and without a session and a same-origin header.
 */
import * as fc from "fast-check";
import type { FuzzTarget } from "./actions";
import type { RawRequest } from "./http";

const AWKWARD = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u0001\u0007\u001b[31m",
  "\uD800",
  "x\uDFFFy",
  "\uFEFF",
  "\u202Egauche",
  "%",
  "%00",
  "0",
  "-1",
  "1.5",
  "1e309",
  "NaN",
  "99999999999999999999999",
  // Past 2^63 and 2^64: what a bigint column or an offset overflows on.
  "9223372036854775808",
  "-9223372036854775809",
  "18446744073709551616",
  "9".repeat(30),
  "1e400",
  "on",
  "true",
  "[]",
  '["/media/a.webp", null, 3]',
  "<script>alert(1)</script>",
  "<p onclick=x>texte</p>",
  "javascript:alert(1)",
  "blob:http://localhost/1",
  "/media/../../etc/passwd",
  "2026-02-30T25:61",
  "Villeurbanne",
  "petite",
  "donne",
  "échange",
  "0612345678",
  "jean@example.fr",
  "potager",
  "7",
];

/** Text strewn with what databases, mail headers and parsers choke on: NUL, controls, lone surrogates, CR/LF. */
const controlLaden = fc.string({
  unit: fc.constantFrom(
    "\u0000",
    "\u0001",
    "\u001b",
    "\u007f",
    "\u0085",
    "\uD800",
    "\uDFFF",
    "\r\n",
    "\u000b",
    "a",
    "é",
    " ",
    "<",
    "%",
  ),
  minLength: 1,
  maxLength: 20,
});

/** Field and parameter names every object already has: read from a plain object, they find its prototype. */
export const PROTOTYPE_NAMES = ["toString", "constructor", "__proto__", "valueOf", "hasOwnProperty"];

/** A text value: mostly short and strange, sometimes very long. */
export const textValue = fc.oneof(
  { weight: 3, arbitrary: controlLaden },
  { weight: 4, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  { weight: 3, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }) },
  { weight: 4, arbitrary: fc.constantFrom(...AWKWARD) },
  { weight: 1, arbitrary: fc.integer({ min: 10_000, max: 400_000 }).map((n) => "é".repeat(n)) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 12_000 }).map((n) => "<p>Récolte</p>".repeat(n)) },
);

/** Raw bytes, which may not be UTF-8 at all. */
const rawBytes = fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes));

function fieldsFor(target: FuzzTarget) {
  const names = [...target.fields, ...Object.keys(target.knownValues), "intent", "id"];
  const name = fc.oneof(
    { weight: 5, arbitrary: names.length ? fc.constantFrom(...names) : fc.constant("champ") },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
    { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES) },
  );
  const known = Object.entries(target.knownValues).flatMap(([field, values]) =>
    values.map((value) => [field, value] as const),
  );
  const pair = fc.oneof(
    { weight: 4, arbitrary: fc.tuple(name, textValue) },
    {
      weight: 2,
      arbitrary: known.length
        ? fc.constantFrom(...known).map(([n, v]) => [n, v] as [string, string])
        : fc.tuple(name, textValue),
    },
  );
  return fc.array(pair, { maxLength: 14 });
}

const percentBytes = (bytes: Buffer) => bytes.toString("hex").toUpperCase().replace(/../g, "%$&");

// Percent-encodes every byte of the UTF-8 form; lone surrogates become the bytes a careless client would send. Whole
// runs at a time: a value of 400,000 characters took a second one character at a time, half the test's CPU.
export function percentEncode(text: string) {
  return text
    .split(/([\uD800-\uDFFF])/u)
    .map((piece, i) => {
      if (i % 2 === 0) return percentBytes(Buffer.from(piece, "utf8"));
      const code = piece.charCodeAt(0);
      return percentBytes(Buffer.from([0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]));
    })
    .join("");
}

const urlencoded = (pairs: [string, string][]) =>
  Buffer.from(pairs.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`).join("&"));

interface Part {
  name: string;
  value?: string;
  file?: { filename: string; type: string; bytes: Buffer };
}

// A 1×1 PNG: a real image, so some uploads reach the image pipeline.
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a3f0a3a30000000049454e44ae426082",
  "hex",
);

function multipart(parts: Part[], boundary: string, close = true) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.file
      ? `form-data; name="${part.name}"; filename="${part.file.filename}"\r\nContent-Type: ${part.file.type}`
      : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push(part.file ? part.file.bytes : Buffer.from(part.value ?? "", "utf8"));
    chunks.push(Buffer.from("\r\n"));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

function partsFor(target: FuzzTarget) {
  const fileNames = [...target.fileFields, "file", "photo1", "image"];
  const filePart = fc.record({
    name: fc.constantFrom(...fileNames),
    file: fc.record({
      filename: fc.constantFrom("photo.jpg", "image.png", "../../x.svg", "", "nom\u0000.jpg"),
      type: fc.constantFrom("image/jpeg", "image/png", "text/plain", "application/octet-stream"),
      bytes: fc.oneof(
        rawBytes,
        fc.constant(PNG),
        fc.integer({ min: 1, max: 300_000 }).map((n) => Buffer.alloc(n, 7)),
      ),
    }),
  });
  const textPart = fieldsFor(target).map((pairs) => pairs.map(([name, value]) => ({ name, value })));
  return fc
    .tuple(textPart, fc.array(filePart, { maxLength: 3 }))
    .chain(([texts, files]) =>
      fc.shuffledSubarray([...texts, ...files] as Part[], { minLength: texts.length + files.length }),
    );
}

/** What makes one fuzzed request: its body and media type, and who sends it. */
export interface FuzzCase {
  kind: string;
  contentType?: string;
  body: Buffer;
  chunked: boolean;
  withSession: boolean;
  origin: "same" | "none" | "other";
  /** The visitor's address as a proxy gives it, so that the per-address limits do not answer every case. */
  forwardedFor?: string;
  /** The client asks for the connection to end with the answer (`Connection: close`), as curl and scripts do. */
  closeConnection?: boolean;
}

const forwardedFor = fc.oneof(
  { weight: 8, arbitrary: fc.ipV4() },
  { weight: 1, arbitrary: fc.ipV6() },
  { weight: 1, arbitrary: fc.constantFrom("", "inconnu", "1.2.3.4, 5.6.7.8", "999.1.1.1", "x".repeat(300)) },
);

const BOUNDARY = "----potagerFuzz7MA4YWxkTrZu0gW";

export function caseFor(target: FuzzTarget): fc.Arbitrary<FuzzCase> {
  const form = fc.oneof(
    {
      weight: 5,
      arbitrary: fieldsFor(target).map((pairs) => ({
        kind: "urlencoded",
        contentType: "application/x-www-form-urlencoded",
        body: urlencoded(pairs),
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          rawBytes,
          fc
            .constantFrom("a=%zz&&=&%", "%%%", "=&=&=", "intent=homeTexts&texteIntro=%E9%", "a".repeat(3000))
            .map((s) => Buffer.from(s)),
        )
        .map((body) => ({
          kind: "urlencoded cassé",
          contentType: "application/x-www-form-urlencoded; charset=utf-8",
          body,
        })),
    },
    {
      weight: 4,
      arbitrary: partsFor(target).map((parts) => ({
        kind: "multipart",
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
        body: multipart(parts, BOUNDARY),
      })),
    },
    {
      weight: 3,
      arbitrary: fc.tuple(partsFor(target), fc.double({ min: 0, max: 1, noNaN: true })).map(([parts, cut]) => {
        const whole = multipart(parts, BOUNDARY, false);
        return {
          kind: "multipart tronqué",
          contentType: `multipart/form-data; boundary=${BOUNDARY}`,
          body: whole.subarray(0, Math.floor(whole.length * cut)),
        };
      }),
    },
    {
      // The form that stopped the server: a large text part, then a file part, and no closing boundary.
      weight: 1,
      arbitrary: fc.integer({ min: 100_000, max: 480_000 }).map((size) => ({
        kind: "multipart sans fin",
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
        body: multipart(
          [
            { name: "texte", value: "a".repeat(size) },
            { name: "file", file: { filename: "photo.jpg", type: "image/jpeg", bytes: PNG } },
          ],
          BOUNDARY,
          false,
        ),
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            "text/plain",
            "application/json",
            "application/xml",
            "multipart/form-data",
            "multipart/form-data; boundary=",
            undefined,
          ),
          rawBytes,
        )
        .map(([contentType, body]) => ({ kind: "autre type", contentType, body })),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1_050_000, max: 2_200_000 }).map((size) => ({
        kind: "trop gros",
        contentType: "application/x-www-form-urlencoded",
        body: Buffer.from(`texteIntro=${"a".repeat(size)}`),
      })),
    },
  );
  return fc
    .record({
      form,
      chunked: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
      withSession: fc.boolean(),
      origin: fc.constantFrom("same", "same", "same", "none", "other"),
      forwardedFor: fc.option(forwardedFor, { nil: undefined, freq: 5 }),
      closeConnection: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
    })
    .map(({ form: f, chunked, withSession, origin, forwardedFor: address, closeConnection }) => {
      const fuzz: FuzzCase = { ...f, chunked, withSession, origin, forwardedFor: address, closeConnection };
      // A failing case is reported in one line, not as megabytes of bytes.
      return Object.assign(fuzz, { [fc.toStringMethod]: () => describeCase(fuzz) });
    });
}

export function describeCase(fuzz: FuzzCase) {
  const preview = fuzz.body
    .subarray(0, 60)
    .toString("latin1")
    .replace(/[^\x20-\x7e]/g, "·");
  return `${fuzz.kind}, ${fuzz.body.length} octets${fuzz.chunked ? " en morceaux" : ""}${fuzz.closeConnection ? ", Connection: close" : ""}, ${fuzz.withSession ? "avec" : "sans"} session, origine ${fuzz.origin} : ${preview}`;
}

export function toRequest(target: FuzzTarget, fuzz: FuzzCase, baseUrl: string, cookie: string): RawRequest {
  const headers: Record<string, string> = { Connection: fuzz.closeConnection ? "close" : "keep-alive" };
  if (fuzz.contentType) headers["Content-Type"] = fuzz.contentType;
  if (fuzz.withSession) headers.Cookie = cookie;
  if (fuzz.origin === "same") headers.Origin = new URL(baseUrl).origin;
  if (fuzz.origin === "other") headers.Origin = "https://ailleurs.example";
  if (fuzz.forwardedFor !== undefined) headers["X-Forwarded-For"] = fuzz.forwardedFor;
  return { method: "POST", path: target.path, headers, body: fuzz.body, chunked: fuzz.chunked };
}
