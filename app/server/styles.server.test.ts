import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { inlineStylesheet, inlineUsedStylesheet } from "./styles.server";

const page =
  '<!DOCTYPE html><html lang="fr"><head><meta charSet="utf-8"/><title>Potager</title></head><body>é</body></html>';

const withStylesheet = inlineStylesheet("body{color:green}", true);

function render(chunks: Buffer[]) {
  return text(Readable.from(chunks).pipe(withStylesheet()));
}

describe("inlineStylesheet", () => {
  it("puts the site's stylesheet right after the charset declaration", async () => {
    const html = await render([Buffer.from(page)]);
    expect(html).toBe(
      page.replace('<meta charSet="utf-8"/>', '<meta charSet="utf-8"/><style>body{color:green}</style>'),
    );
  });

  it("finds the declaration when it is split across chunks, and keeps multibyte characters whole", async () => {
    const bytes = Buffer.from(page);
    const cuts = [10, 45, bytes.indexOf("é") + 1];
    const chunks = [0, ...cuts].map((from, i) => bytes.subarray(from, cuts[i] ?? bytes.length));
    const html = await render(chunks);
    expect(html).toBe(
      page.replace('<meta charSet="utf-8"/>', '<meta charSet="utf-8"/><style>body{color:green}</style>'),
    );
  });

  it("cannot be closed early by the stylesheet's text", async () => {
    const html = await text(
      Readable.from([Buffer.from(page)]).pipe(inlineStylesheet('a::after{content:"</style><script>"}')()),
    );
    expect(html).toContain('<style>a::after{content:"<\\/style><script>"}</style>');
  });

  it("preloads the framework's scripts at a low priority, in the head only, wherever the chunks are cut", async () => {
    const preload = '<link rel="modulepreload" href="/assets/entry.client.js"/>';
    const doc = page
      .replace("</head>", `${preload}</head>`)
      .replace("<body>é", `<body><pre>${preload.replaceAll("<", "&lt;")}</pre>é`);
    const bytes = Buffer.from(doc);
    const cut = bytes.indexOf("modulepreload") + 5;
    const html = await render([bytes.subarray(0, cut), bytes.subarray(cut)]);
    expect(html).toContain(
      '<link rel="modulepreload" fetchPriority="low" href="/assets/entry.client.js"/></head><body><pre>&lt;link rel="modulepreload" href=',
    );
    expect(html).toContain('<meta charSet="utf-8"/><style>body{color:green}</style><title>');
    // The back-office's pages keep the browser's priority.
    const admin = await text(Readable.from([bytes]).pipe(inlineStylesheet("body{color:green}")()));
    expect(admin).toContain(`${preload}</head>`);
  });

  it("leaves a document without a head as it is", async () => {
    expect(await render([Buffer.from("plain text")])).toBe("plain text");
  });
});

describe("inlineUsedStylesheet", () => {
  const withUsed = inlineUsedStylesheet("body{color:green}.flex{display:flex}.grid{display:grid}");

  it("puts after the charset declaration only the rules the whole document uses, wherever its classes come", async () => {
    const bytes = Buffer.from(page.replace("<body>", '<body><p>é</p><div class="grid">'));
    const cut = bytes.indexOf("é") + 1;
    const html = await text(
      Readable.from([bytes.subarray(0, 30), bytes.subarray(30, cut), bytes.subarray(cut)]).pipe(withUsed()),
    );
    expect(html).toBe(
      bytes
        .toString()
        .replace(
          '<meta charSet="utf-8"/>',
          '<meta charSet="utf-8"/><style>body{color:green}.grid{display:grid}</style>',
        ),
    );
  });

  it("leaves a document without a head as it is", async () => {
    expect(await text(Readable.from([Buffer.from("plain text")]).pipe(withUsed()))).toBe("plain text");
  });
});
