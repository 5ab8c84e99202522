import fs from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AdminPage } from "./AdminPage";

const close = () => {};

describe("<AdminPage>", () => {
  it("frames a screen: width, one h1 between what stands above and under it, then the parts", () => {
    const html = renderToStaticMarkup(
      <AdminPage
        title="Parcelle n° 8"
        width="5xl"
        nav={<nav aria-label="Registre" />}
        back={<a href="/admin/parcelles">Retour aux parcelles</a>}
        context={<a href="/admin/parcelles/jardins/1">Jardin des Brosses</a>}
        intro={<p>Attribuée · 240 m²</p>}
      >
        <section aria-labelledby="fiche" />
      </AdminPage>,
    );
    expect(html).toBe(
      '<div class="mx-auto max-w-5xl space-y-6"><nav aria-label="Registre"></nav>' +
        '<p><a href="/admin/parcelles">Retour aux parcelles</a></p>' +
        '<div><p><a href="/admin/parcelles/jardins/1">Jardin des Brosses</a></p>' +
        '<h1 class="text-2xl font-bold text-stone-900 [overflow-wrap:anywhere]">Parcelle n° 8</h1>' +
        '<p>Attribuée · 240 m²</p></div><section aria-labelledby="fiche"></section></div>',
    );
  });

  it("keeps the popup's live region in the page, and shows a refusal as an error", () => {
    const closed = renderToStaticMarkup(
      <AdminPage title="Comptes" roomBelow popup={{ message: null, close }}>
        <p />
      </AdminPage>,
    );
    expect(closed).toContain('class="mx-auto max-w-4xl space-y-6 pb-24"');
    expect(closed).toMatch(/<output aria-live="polite"[^>]*><\/output>/);
    const refused = renderToStaticMarkup(
      <AdminPage title="Comptes" popup={{ message: "Mot de passe trop court.", close, error: true }}>
        <p />
      </AdminPage>,
    );
    expect(refused).toContain("border-red-700");
    expect(refused).toMatch(/<output[^>]*text-red-800[^>]*>Mot de passe trop court\.<\/output>/);
    expect(renderToStaticMarkup(<AdminPage title="Historique">{null}</AdminPage>)).not.toContain("<output");
  });

  it("is the frame of every back-office screen: none writes its own h1 or popup, but the printed lists", () => {
    const dir = path.join(import.meta.dirname, "../../routes/admin");
    const screens = fs
      .readdirSync(dir)
      .filter((name) => name.endsWith(".tsx") && !name.endsWith(".test.tsx") && !name.endsWith("-print.tsx"))
      .map((name) => [name, fs.readFileSync(path.join(dir, name), "utf8")] as const)
      .filter(([, source]) => /^export default function/m.test(source));
    const own = screens.filter(([, source]) => /<h1\b|<FeedbackPopup\b/.test(source)).map(([name]) => name);
    expect(own).toEqual([]);
    const framed = screens.filter(([, source]) => source.includes("<AdminPage")).map(([name]) => name);
    expect(framed.length).toBeGreaterThanOrEqual(26);
  });
});
