import { axeViolations } from "./accessibility";
import type { Page } from "@playwright/test";
import { deleteListed, editor, historyEntries, openAdmin, popup } from "./admin";
import { expect, test, TRACES_WITHOUT_SNAPSHOTS } from "./fixtures";
import { smallPng } from "./images";

// Drafts, scheduling, previews, versions, autosaves, authors and image descriptions (issue « Publishing »).
// Every test removes what it made: the other spec files see the demo's articles.
test.use(TRACES_WITHOUT_SNAPSHOTS);

const title = (name: string) => `${name} ${Date.now()}`;
/** A date and time to come, as a datetime-local field takes it, in Paris time. */
const inTwoDays = () => {
  const date = new Date(Date.now() + 2 * 86_400_000);
  const local = new Intl.DateTimeFormat("sv-SE", {
    timeZone: "Europe/Paris",
    dateStyle: "short",
    timeStyle: "short",
  }).format(date);
  return local.replace(" ", "T");
};

async function chooseCover(page: Page, colour = { r: 120, g: 160, b: 80 }) {
  await page.getByLabel("Photo de couverture").setInputFiles({
    name: "couverture.png",
    mimeType: "image/png",
    buffer: await smallPng(colour),
  });
  await expect(page.getByRole("img", { name: "Aperçu : Photo de couverture" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^(Publier|Mettre à jour)$/ })).not.toHaveAttribute("aria-disabled");
}

/** The id of an article from its « Modifier » link in a list. */
async function idOf(page: Page, name: string) {
  const href = await page.getByRole("link", { name: `Modifier « ${name} »` }).getAttribute("href");
  return Number(/edit=(\d+)/.exec(href!)![1]);
}

test("a draft needs only a title, is seen nowhere public, and is published later with the spec's rules", async ({
  page,
  request,
}) => {
  const name = title("Idées pour la fête des récoltes");
  await openAdmin(page, "/admin/blog", "Gestion des articles de blog");
  await page.getByLabel("Titre", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Enregistrer le brouillon" }).click();
  await expect(popup(page, "Brouillon enregistré.")).toBeVisible();
  // The draft stays open in the editor, and is listed among the drafts.
  await expect(page.getByRole("heading", { name: `Modifier l'article « ${name} »` })).toBeVisible();
  await expect(page.getByText("Brouillon", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Brouillons" }).getByRole("link", { name, exact: true })).toBeVisible();
  const id = await idOf(page, name);

  // Nowhere public: its address leads back to the list, lists and feeds do not have it.
  const answer = await request.get(`/blog/${id}`, { maxRedirects: 0 });
  expect([answer.status(), answer.headers()["location"]]).toEqual([302, "/blog"]);
  for (const path of ["/blog", "/blog/rss.xml", "/sitemap.xml", `/search?q=${encodeURIComponent(name)}`])
    // Its address, not its title: the search page repeats what was searched.
    expect(await (await request.get(path)).text(), path).not.toMatch(new RegExp(`/blog/${id}(?!\\d)`));

  // « Publier » asks what the spec asks of a public article.
  await page.getByRole("button", { name: "Publier" }).click();
  await expect(page.getByRole("alert").first()).toHaveText("Le titre et le contenu sont requis.");
  await (await editor(page)).fill("Stands, soupe partagée, concours de la plus grosse courge.");
  await page.getByRole("button", { name: "Publier" }).click();
  await expect(page.getByRole("alert").first()).toHaveText("La photo de couverture est requise.");
  await chooseCover(page);
  await page.getByRole("button", { name: "Publier" }).click();
  await expect(popup(page, "Article publié.")).toBeVisible();
  expect((await request.get(`/blog/${id}`)).status()).toBe(200);
  await deleteListed(page, name, "Article supprimé.");
});

test("« Programmer… » asks a time to come; the article waits, dated, among « Programmés »", async ({ page }) => {
  const name = title("Commande de plants de fraisiers");
  await openAdmin(page, "/admin/blog", "Gestion des articles de blog");
  await page.getByLabel("Titre", { exact: true }).fill(name);
  await (await editor(page)).fill("Gariguette et mara des bois, commande avant la fin du mois.");
  await chooseCover(page);
  await page.getByText("Programmer…").click();
  await page.getByRole("button", { name: "Programmer", exact: true }).click();
  await expect(page.getByRole("alert").first()).toHaveText("Indiquez la date et l'heure de publication.");
  await page.getByLabel("Date et heure de publication").fill(inTwoDays());
  await page.getByRole("button", { name: "Programmer", exact: true }).click();
  await expect(popup(page, "Article programmé.")).toBeVisible();
  const scheduled = page.getByRole("region", { name: "Programmés" }).getByRole("listitem").filter({ hasText: name });
  await expect(scheduled).toContainText(/Publication le \d{1,2}(?:er)? \S+ \d{4} à \d\dh\d\d/);
  await page.goto("/blog");
  await expect(page.getByText(name)).toHaveCount(0);
  await page.goto("/admin/blog");
  await deleteListed(page, name, "Article supprimé.");
});

test("« Aperçu » shows the unsaved form as the public page, in a new tab, marked, never cached", async ({ page }) => {
  await openAdmin(page, "/admin/blog", "Gestion des articles de blog");
  await page.getByLabel("Titre", { exact: true }).fill("Un titre pas encore enregistré");
  await (await editor(page)).fill("Quelques lignes en cours d'écriture.");
  const [preview, response] = await Promise.all([
    page.context().waitForEvent("page"),
    // The answer goes to the new tab: the context sees it.
    page.context().waitForEvent("response", (answer) => answer.url().endsWith("/admin/apercu/article")),
    page.getByRole("button", { name: "Aperçu" }).click(),
  ]);
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  expect(response.headers()["x-robots-tag"]).toBe("noindex");
  await expect(preview.getByRole("note", { name: "Aperçu — non publié" })).toBeVisible();
  await expect(preview.getByRole("heading", { level: 1, name: "Un titre pas encore enregistré" })).toBeVisible();
  await expect(preview.getByText("Quelques lignes en cours d'écriture.")).toBeVisible();
  // The site's own header and footer, as visitors see them.
  await expect(preview.getByRole("navigation").first()).toContainText("Événements");
  await expect(preview.getByRole("contentinfo")).toContainText("Mentions légales");
  await expect(preview.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  // Nothing was saved.
  await expect(page.getByRole("link", { name: "Un titre pas encore enregistré" })).toHaveCount(0);
  await preview.close();
});

test("the preview and the versions are refused to visitors", async ({ request }) => {
  const asked = await request.get("/admin/apercu/article", { maxRedirects: 0 });
  expect([asked.status(), asked.headers()["location"]]).toEqual([302, "/login"]);
  const sent = await request.post("/admin/apercu/article", {
    form: { title: "Essai", content: "<p>x</p>" },
    headers: { Origin: new URL(asked.url()).origin },
    maxRedirects: 0,
  });
  expect(sent.status()).toBe(401);
  expect(await sent.text()).not.toContain("Essai</h1>");
  const version = await request.get("/admin/blog/1/versions/1", { maxRedirects: 0 });
  expect([version.status(), version.headers()["location"]]).toEqual([302, "/login"]);
});

test("« Versions » keeps what an update replaced; a version is seen as the public page and restored", async ({
  page,
}) => {
  const name = title("Le paillage");
  await openAdmin(page, "/admin/blog", "Gestion des articles de blog");
  await page.getByLabel("Titre", { exact: true }).fill(name);
  await (await editor(page)).fill("La paille garde l'humidité.");
  await chooseCover(page);
  await page.getByRole("button", { name: "Publier" }).click();
  await expect(popup(page, "Article publié.")).toBeVisible();
  const id = await idOf(page, name);

  await page.goto(`/admin/blog?edit=${id}`);
  await page.getByLabel("Titre", { exact: true }).fill(`${name} (texte écrasé)`);
  await page.getByRole("button", { name: "Mettre à jour" }).click();
  await expect(popup(page, "Article mis à jour.")).toBeVisible();

  await page.goto(`/admin/blog?edit=${id}`);
  await page.getByRole("link", { name: "Versions" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Versions de « ${name} (texte écrasé) »` })).toBeVisible();
  const earlier = page.getByRole("region", { name: "Versions précédentes" }).getByRole("listitem");
  await expect(earlier).toHaveCount(1);
  await expect(earlier).toContainText(`« ${name} »`);

  await earlier.getByRole("link", { name: /^Voir/ }).click();
  await expect(page.getByRole("note", { name: /^Version du .* — non publiée$/ })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.getByRole("button", { name: "Restaurer cette version" }).click();
  await expect(popup(page, "Version restaurée")).toBeVisible();
  await expect(page.getByLabel("Titre", { exact: true })).toHaveValue(name);

  await page.goto("/admin/historique");
  await expect(historyEntries(page).first()).toContainText("Version d'article restaurée");
  await page.goto("/admin/blog");
  await deleteListed(page, name, "Article supprimé.");
});

test("what is typed is kept when the tab goes, and offered back: « Reprendre »", async ({ page }) => {
  const name = title("Texte jamais enregistré");
  await openAdmin(page, "/admin/blog", "Gestion des articles de blog");
  await expect(page.locator("#article-form")).toHaveAttribute("data-validation", "ready");
  await page.getByLabel("Titre", { exact: true }).fill(name);
  await (await editor(page)).fill("Trois paragraphes perdus si le navigateur se ferme.");
  // Leaving the page (a closed tab, a crash of the browser) sends what the form holds, as a beacon: the browser
  // sends it on its own, after the page is gone, so what is checked is that the server kept it.
  await page.goto("/admin/events");
  const offer = page.getByRole("complementary", { name: "Version non enregistrée" });
  await expect(async () => {
    await page.goto("/admin/blog");
    await expect(offer).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await expect(offer).toContainText(
    /Une version non enregistrée du \d{1,2}(?:er)? \S+ à \d\dh\d\d existe — la reprendre \?/,
  );
  await offer.getByRole("link", { name: "Reprendre" }).click();
  await expect(page.getByLabel("Titre", { exact: true })).toHaveValue(name);
  await expect(await editor(page)).toContainText("Trois paragraphes perdus");

  await page.goto("/admin/blog");
  await page
    .getByRole("complementary", { name: "Version non enregistrée" })
    .getByRole("button", { name: "Ignorer" })
    .click();
  await expect(page.getByRole("complementary", { name: "Version non enregistrée" })).toHaveCount(0);
});

test("every 30 seconds of editing is kept on the server, without publishing anything", async ({ page }) => {
  await page.clock.install();
  await openAdmin(page, "/admin/blog", "Gestion des articles de blog");
  await expect(page.locator("#article-form")).toHaveAttribute("data-validation", "ready");
  await page.getByLabel("Titre", { exact: true }).fill("Un titre tapé puis laissé");
  const kept = page.waitForResponse((answer) => answer.url().endsWith("/admin/autosave"));
  await page.clock.runFor(30_000);
  expect((await kept).status()).toBe(200);
  await expect(page.getByText(/^Modifications gardées automatiquement à \d\dh\d\d \(non publiées\)\.$/)).toBeVisible();
  await page.reload();
  const offer = page.getByRole("complementary", { name: "Version non enregistrée" });
  await offer.getByRole("button", { name: "Ignorer" }).click();
  await expect(offer).toHaveCount(0);
});

test("an administrator's display name signs their articles; the author may be someone else", async ({ page }) => {
  await openAdmin(page, "/admin/comptes", "Comptes");
  await page.getByRole("textbox", { name: "Nom affiché" }).fill("Josiane Martin");
  await page.getByRole("button", { name: "Enregistrer le nom affiché" }).click();
  await expect(popup(page, "Nom affiché enregistré")).toBeVisible();

  const name = title("Les haricots grimpants");
  await page.goto("/admin/blog");
  await expect(page.getByLabel("Auteur")).toHaveValue("Josiane Martin");
  await page.getByLabel("Titre", { exact: true }).fill(name);
  await page.getByLabel("Auteur").fill("Hervé Dubois");
  await (await editor(page)).fill("Des rames de noisetier, trois graines par poquet.");
  await chooseCover(page);
  await page.getByRole("button", { name: "Publier" }).click();
  await expect(popup(page, "Article publié.")).toBeVisible();
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page.getByText(/^Publié le .* par Hervé Dubois$/)).toBeVisible();

  await page.goto("/admin/blog");
  await deleteListed(page, name, "Article supprimé.");
  await page.goto("/admin/comptes");
  await page.getByRole("textbox", { name: "Nom affiché" }).fill("");
  await page.getByRole("button", { name: "Enregistrer le nom affiché" }).click();
  await expect(popup(page, "Nom affiché retiré")).toBeVisible();
});

test("an image's description is its alt and og:image:alt; a decorative one has an empty alt; the dashboard counts the others", async ({
  page,
}) => {
  const name = title("Les fèves en fleur");
  await openAdmin(page, "/admin/blog", "Gestion des articles de blog");
  await page.getByLabel("Titre", { exact: true }).fill(name);
  await (await editor(page)).fill("Pincez les têtes dès les premières gousses.");
  await chooseCover(page);
  const hint = page.getByText("Ajoutez une description pour les personnes qui ne voient pas l'image.");
  await expect(hint).toBeVisible();
  await page.getByLabel("Description de l'image").fill("Un rang de fèves en fleur, fleurs blanches tachées de noir");
  await expect(hint).toHaveCount(0);
  await page.getByLabel("Image 1").setInputFiles({
    name: "annexe.png",
    mimeType: "image/png",
    buffer: await smallPng({ r: 200, g: 200, b: 90 }),
  });
  await expect(page.getByRole("img", { name: "Aperçu : Image 1" })).toBeVisible();
  await expect(hint).toBeVisible();
  await page.getByLabel("Image décorative").nth(1).check();
  await expect(hint).toHaveCount(0);
  await page.getByRole("button", { name: "Publier" }).click();
  await expect(popup(page, "Article publié.")).toBeVisible();
  const id = await idOf(page, name);

  await page.goto(`/blog/${id}`);
  await expect(
    page.getByRole("img", { name: "Un rang de fèves en fleur, fleurs blanches tachées de noir" }),
  ).toBeVisible();
  await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute(
    "content",
    "Un rang de fèves en fleur, fleurs blanches tachées de noir",
  );
  // The decorative annex, as a thumbnail and in the lightbox: an empty alt each time.
  const gallery = page.locator("[data-gallery] img");
  await expect(gallery).not.toHaveCount(0);
  for (const image of await gallery.all()) await expect(image).toHaveAttribute("alt", "");
  await expect(page.getByRole("link", { name: "Photo 1 sur 1 (agrandir)" })).toBeVisible();

  // The demo left some images undescribed: the dashboard counts them and leads to them.
  await page.goto("/admin");
  const card = page.getByRole("region", { name: /^Images sans description : \d+$/ });
  await expect(card.getByRole("link", { name: /Article « Retour sur la fête des récoltes »/ })).toBeVisible();
  await page.goto("/admin/blog");
  await deleteListed(page, name, "Article supprimé.");
});

test("what is written or ticked beside an image while it uploads stays once it is stored", async ({ page }) => {
  await openAdmin(page, "/admin/blog", "Gestion des articles de blog");
  // The upload is held until the description is written and « Image décorative » ticked.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/admin/media", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel("Image 1").setInputFiles({
    name: "rang.png",
    mimeType: "image/png",
    buffer: await smallPng({ r: 90, g: 140, b: 60 }),
  });
  await expect(page.getByRole("img", { name: "Aperçu : Image 1" })).toBeVisible();
  await expect(page.getByText("Upload en cours... Veuillez patienter.").first()).toBeVisible();
  const description = page.getByLabel("Description de l'image");
  const decorative = page.getByRole("checkbox", { name: /Image décorative/ });
  await description.fill("Un rang de poireaux buttés");
  await decorative.check();
  release();
  await expect(page.getByText("Upload en cours... Veuillez patienter.")).toHaveCount(0);
  await expect(description).toHaveValue("Un rang de poireaux buttés");
  await expect(decorative).toBeChecked();
  // A new image starts without the description of the one it replaces.
  await page.getByLabel("Image 1").setInputFiles({
    name: "autre.png",
    mimeType: "image/png",
    buffer: await smallPng({ r: 200, g: 120, b: 60 }),
  });
  await expect(page.getByText("Upload en cours... Veuillez patienter.")).toHaveCount(0);
  await expect(description).toHaveValue("");
  await expect(decorative).not.toBeChecked();
});

test("the editor, its lists and the versions screen have no accessibility violations", async ({ page }) => {
  await openAdmin(page, "/admin/blog", "Gestion des articles de blog");
  await page.getByRole("link", { name: /^Modifier « Commande groupée/ }).click();
  await expect(page.getByText(/^Programmé pour le/)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("link", { name: "Versions" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Versions de/ })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a draft is saved, previewed in a new tab and listed, all as plain forms", async ({ page }) => {
    const name = title("Le semis des poireaux");
    await openAdmin(page, "/admin/blog", "Gestion des articles de blog");
    await page.getByLabel("Titre", { exact: true }).fill(name);
    await page.getByLabel("Contenu").fill("En pépinière, en mars.");
    const [preview] = await Promise.all([
      page.context().waitForEvent("page"),
      page.getByRole("button", { name: "Aperçu" }).click(),
    ]);
    await expect(preview.getByRole("note", { name: "Aperçu — non publié" })).toBeVisible();
    await expect(preview.getByRole("heading", { level: 1, name })).toBeVisible();
    await preview.close();

    await page.getByRole("button", { name: "Enregistrer le brouillon" }).click();
    await expect(popup(page, "Brouillon enregistré.")).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Brouillons" }).getByRole("link", { name, exact: true }),
    ).toBeVisible();
    await page.getByRole("searchbox", { name: "Rechercher un article" }).fill("poireaux");
    await page.getByRole("button", { name: "Rechercher", exact: true }).click();
    await expect(page).toHaveURL(/\?q=poireaux$/);
    await expect(
      page.getByRole("region", { name: "Brouillons" }).getByRole("link", { name, exact: true }),
    ).toBeVisible();

    const item = page.getByRole("listitem").filter({ has: page.getByRole("link", { name, exact: true }) });
    await item.locator("summary").click();
    await item.getByRole("button", { name: "Supprimer" }).click();
    await expect(popup(page, "Article supprimé.")).toBeVisible();
  });
});
