import { renderToStaticMarkup } from "react-dom/server";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/db";
import { insertDocument, usePrivateDocumentsDir } from "../../../tests/documents";
import { insertContent } from "../../../tests/factories";
import { usePrivateMediaDir } from "../../../tests/media";
import { routeArgs } from "../../../tests/routes";
import { loader as document } from "../resources/document";
import { loader as version } from "../resources/document-version";
import Association, { loader } from "./association";

usePrivateDocumentsDir();
usePrivateMediaDir();

const get = (path: string, params: Record<string, string> = {}) =>
  routeArgs(new Request(`http://localhost:3000${path}`), { params });

describeEachDatabase("/association and the public documents", () => {
  it("lists the public documents after the page's text, each at its current version's address; never a members-only one", async () => {
    await insertContent({});
    const statutes = await insertDocument({ kind: "statuts", title: "Statuts de l'association", date: "2019-06-01" });
    await insertDocument({ kind: "proces_verbal", title: "PV de l'AG 2026", visibility: "membres" });
    const data = await loader(get("/association"));
    const hash = statutes.versions[0]!.hash;
    expect(data.documents).toEqual([
      {
        id: statutes.id,
        title: "Statuts de l'association",
        href: `/documents/${statutes.id}/version/${hash}.pdf`,
        facts: expect.stringMatching(/^Statuts du 1er juin 2019 · PDF, 1 page, \d+ Ko$/),
      },
    ]);
    const html = renderToStaticMarkup(<Association loaderData={data as never} params={{}} matches={[] as never} />);
    expect(html).toContain("Documents de l&#x27;association</h2>");
    expect(html).toContain(`href="/documents/${statutes.id}/version/${hash}.pdf"`);
    expect(html).not.toContain("PV de l");

    expect((await version(get("/", { id: String(statutes.id), file: `${hash}.pdf` }))).status).toBe(200);
    expect((await document(get("/", { id: String(statutes.id), file: "statuts.pdf" }))).status).toBe(200);
    expect((await document(get("/", { id: "abc", file: "statuts.pdf" }))).status).toBe(404);
  });
});
