import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";
import { precompressAssets } from "./scripts/precompress-plugin.ts";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompressAssets()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  build: { assetsInlineLimit: 0 },
  // Pure-JavaScript libraries the server loads at start, bundled into the server build: Node then resolves and reads
  // some 400 files fewer, and every start (a restart after a crash, each test server) takes about 1.7 s less CPU
  // (docs/decisions/034). Left outside: what reads files beside its own (PGlite, sharp, pdfkit, pino's transports), what
  // server.ts shares with the build (react, react-router, express), and what loads in a worker thread (zxcvbn).
  ssr: {
    noExternal: [
      "drizzle-orm",
      "zod",
      "n2words",
      // html-to-text and what it parses with
      "html-to-text",
      "selderee",
      /^@selderee\//,
      "parseley",
      "leac",
      "peberminta",
      "deepmerge",
      "htmlparser2",
      "domhandler",
      "domutils",
      "dom-serializer",
      "domelementtype",
      "entities",
      // qrcode and its PNG encoder
      "qrcode",
      "pngjs",
      "dijkstrajs",
      "encode-utf8",
      // sanitize-html and its CSS parser
      "sanitize-html",
      "postcss",
      "nanoid",
      "picocolors",
      "source-map-js",
      "escape-string-regexp",
      "is-plain-object",
      "parse-srcset",
    ],
  },
});
