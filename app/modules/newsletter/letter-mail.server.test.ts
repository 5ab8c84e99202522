import { expect, it } from "vitest";
import { articleCard, letterBody, letterMessage } from "./letter-mail.server";

const image = "/media/0123456789abcdef0123456789abcdef-1600x900-1200.webp";
const words = "Couvrez la terre de paille, de feuilles mortes ou de broyat avant les premières gelées. ";
const post = {
  id: 7,
  title: "Préparer son potager pour l'hiver",
  image,
  imageAlts: { [image]: "Parcelle paillée" },
  excerpt: "",
  plainText: words.repeat(12),
  author: "Josiane Martin",
  publishedAt: new Date("2026-11-12T09:00:00Z"),
  createdAt: new Date("2026-11-10T09:00:00Z"),
};
const identity = { association: "Jardins de l'Est", address: null, email: null };
const footer = { why: "Vous recevez cette lettre.", link: { href: "http://localhost:3000/x", label: "Se désabonner" } };

it("presents an article with text beside its cover: when, by whom, and its beginning cut between words", () => {
  const card = articleCard(post);
  expect(card).toContain("Publié le 12 novembre 2026 par Josiane Martin");
  const summary = /<p style="margin:12px 0">([^<]*)<\/p>/.exec(card)![1]!;
  expect(summary.length).toBeGreaterThan(400);
  expect(summary.length).toBeLessThanOrEqual(501);
  expect(summary).toMatch(/(^| )[a-zéè]+…$/);
  expect(words.repeat(12)).toContain(`${summary.slice(0, -1)} `);
});

it("writes the text part with one blank line at most between paragraphs, the left-out cover included", () => {
  const body = letterBody("<p>Bonjour à toutes et à tous,</p><p>Voici notre article du mois.</p>", articleCard(post));
  expect(body.text).not.toMatch(/\n\s*\n\s*\n/);
  expect(body.text).toContain("----\n\nPréparer son potager pour l'hiver [http://localhost:3000/blog/7]");
  const message = letterMessage({ subject: "Lettre", body }, identity, footer);
  expect(message.text).not.toMatch(/\n\s*\n\s*\n/);
});

it("says who writes (the name and tagline) and where to read what is done with the address", () => {
  const message = letterMessage(
    { subject: "Lettre", body: letterBody("<p>Bonjour.</p>") },
    { ...identity, tagline: "Jardins familiaux de Vaulx-en-Velin", replyTo: "bureau@jardins-est.example" },
    footer,
  );
  expect(message.text.startsWith("Jardins de l'Est — Jardins familiaux de Vaulx-en-Velin\n\nBonjour.\n")).toBe(true);
  expect(message.html).toContain(">Jardins familiaux de Vaulx-en-Velin</div>");
  expect(message.html).toContain('<a href="http://localhost:3000/mentions-legales" style="color:#14532d">');
  expect(message.text).toContain(
    "Ce que l'association fait de votre adresse, et combien de temps elle la garde : http://localhost:3000/mentions-legales\n",
  );
  expect(message.replyTo).toBe("bureau@jardins-est.example");
});
