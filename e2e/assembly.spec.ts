import { axeViolations } from "./accessibility";
import type { Browser, Page } from "@playwright/test";
import { closePopup, editor, holdPageData, openAdmin, popup } from "./admin";
import { expect, test, visitorContext } from "./fixtures";
import { lastMailTo } from "./visitors";
import { pdfPages, pdfText } from "../tests/pdf";

// The general assembly from its convocation to its minutes (decision 030), on an event of its own. Members answer by their personal link on a phone, without JavaScript.

const PHONE = { width: 390, height: 844 };

async function personalLink(email: string) {
  const mail = await lastMailTo(email, /convoqué(?:e|\(e\))? à l'assemblée générale extraordinaire/);
  return new URL(/https?:\/\/\S+\/assemblee\/[\w-]+/.exec(mail)![0]).pathname;
}

/** A member's answer page on a phone without JavaScript; nothing wider than the screen. */
async function answerPage(browser: Browser, email: string) {
  const context = await visitorContext(browser, { javaScriptEnabled: false, viewport: PHONE });
  const page = await context.newPage();
  await page.goto(await personalLink(email));
  await expect(page.getByRole("heading", { level: 1, name: /^Assemblée générale extraordinaire du / })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  return page;
}

/** The Paris date `days` from today, as a date field takes it. */
function parisDay(days: number) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(Date.now() + days * 86_400_000);
}

/** Its fields once the form is ready (its editor editable): typed before, they would be set again on hydration. */
async function writeEvent(page: Page, title: string, day: string, from: string, to: string) {
  const content = await editor(page);
  await page.getByLabel("Titre").fill(title);
  await page.getByLabel("Lieu").fill("Maison des associations, Villeurbanne");
  await page.getByLabel("Début").fill(`${day}T${from}`);
  await page.getByLabel("Fin").fill(`${day}T${to}`);
  await content.fill("Assemblée générale extraordinaire : modification des statuts.");
}

async function send(page: Page) {
  await page.getByRole("button", { name: "Envoyer ma réponse" }).click();
}

test("a general assembly: convened, three answers without JavaScript, the proxy limit, presence and quorum, votes, minutes as a PDF", async ({
  page,
  browser,
}) => {
  test.slow();
  // Its own event, kept as a draft (the public list of events is other tests' to read), a month ahead.
  const eventTitle = `Assemblée sur les statuts ${Date.now()}`;
  await openAdmin(page, "/admin/events", "Gestion des événements");
  await writeEvent(page, eventTitle, parisDay(30), "10:00", "12:00");
  await page.getByRole("button", { name: "Enregistrer le brouillon" }).click();
  await expect(popup(page, "Brouillon enregistré.")).toBeVisible();
  await page.goto("/admin/assemblees");
  const events = page.getByLabel("Événement", { exact: true });
  const ours = await events.locator("option", { hasText: eventTitle }).getAttribute("value");
  await events.selectOption(ours!);
  await page.getByLabel("Nature").selectOption("extraordinaire");
  await page.getByRole("button", { name: "Marquer comme assemblée générale" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Assemblée générale extraordinaire du / })).toBeVisible();
  await expect(
    page.getByText(/^Dernier jour pour l'envoyer : le .+ \(délai des statuts : 15 jours\)\.$/),
  ).toBeVisible();

  // Who the rule makes a member, and why: the gardeners, and the demo's volunteer who holds no plot.
  const membership = page.getByRole("region", { name: "Qui est membre" });
  await membership.getByText(/^\d+ membres selon cette règle : voir qui et pourquoi$/).click();
  await expect(
    membership.getByRole("row", { name: /^Vial, Gérard Membre ajouté par le bureau \(depuis le 6 avril 2024\) 1$/ }),
  ).toBeVisible();
  await expect(membership.getByRole("row", { name: /^Benali, Fatima Jardinière actuelle 1$/ })).toBeVisible();

  await page.getByLabel("Pouvoirs au plus par membre").fill("1");
  await page.getByLabel("Quorum (% des voix présentes ou représentées)").fill("5");
  await page.getByRole("button", { name: "Enregistrer les règles" }).click();
  await expect(popup(page, "Règles de l'assemblée enregistrées.")).toBeVisible();
  // No agenda yet: the convocation, which carries it, cannot go.
  await expect(page.getByText(/^L'ordre du jour est vide : il figure sur la convocation\./)).toBeVisible();
  await page.getByRole("button", { name: "Prévisualiser la convocation" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Enregistrez-le avant de l'envoyer." }).first()).toBeVisible();
  await page.getByLabel("Point 1", { exact: true }).fill("Modification des statuts");
  await page.getByRole("checkbox", { name: "Résolution à voter" }).first().check();
  await page.getByLabel("Point 2", { exact: true }).fill("Élection du bureau");
  await page.getByRole("checkbox", { name: "Élection (candidats par poste)" }).nth(1).check();
  await page.getByRole("button", { name: "Enregistrer l'ordre du jour" }).click();
  await expect(popup(page, "Ordre du jour enregistré.")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Prévisualiser la convocation" }).click();
  const preview = page.getByRole("form", { name: /^Aperçu de la convocation : \d+ membres$/ });
  await expect(preview.getByRole("figure")).toContainText("1. Modification des statuts (résolution soumise au vote)");
  await expect(preview.getByRole("link", { name: "voir les lettres à imprimer" })).toBeVisible();
  // Not ticked: nothing goes, the preview stays.
  await preview.getByRole("button", { name: "Envoyer la convocation" }).click();
  await expect(page.getByText("Cochez la case pour confirmer l'envoi.").first()).toBeVisible();
  await preview.getByRole("checkbox", { name: /^Je confirme l'envoi de la convocation à \d+ membres/ }).check();
  await preview.getByRole("button", { name: "Envoyer la convocation" }).click();
  await expect(popup(page, /^Convocation envoyée à \d+ membres : \d+ par e-mail, \d+ à imprimer\.$/)).toBeVisible();

  // Present, a proxy, the limit refused, then absent.
  const fatima = await answerPage(browser, "fatima.benali@example.fr");
  await expect(
    fatima.getByRole("listitem").filter({ hasText: "Modification des statuts (résolution soumise au vote)" }),
  ).toBeVisible();
  await fatima.getByLabel("Je serai présente").check();
  await send(fatima);
  await expect(fatima.getByText("Votre réponse est enregistrée : vous serez présente.")).toBeVisible();

  const jeanPierre = await answerPage(browser, "jp.roux@example.fr");
  await jeanPierre.getByLabel("Je donne pouvoir à…").check();
  await jeanPierre.getByLabel("Membre qui votera pour moi").selectOption({ label: "Fatima Benali" });
  await send(jeanPierre);
  await expect(
    jeanPierre.getByText("Votre réponse est enregistrée : vous donnez pouvoir à Fatima Benali."),
  ).toBeVisible();

  const josiane = await answerPage(browser, "josiane.martin@example.fr");
  await josiane.getByLabel("Je donne pouvoir à…").check();
  await josiane.getByLabel("Membre qui votera pour moi").selectOption({ label: "Fatima Benali" });
  await send(josiane);
  await expect(josiane.getByRole("alert")).toContainText(
    "Fatima Benali détient déjà le pouvoir que les statuts permettent : choisissez un autre membre.",
  );
  await josiane.getByLabel("Je ne pourrai pas venir").check();
  await send(josiane);
  await expect(josiane.getByText("Votre réponse est enregistrée : vous ne pourrez pas venir.")).toBeVisible();
  const link = new URL(josiane.url()).pathname;
  await josiane.context().close();
  const checker = await (await visitorContext(browser, { viewport: PHONE })).newPage();
  await checker.goto(link);
  expect(await axeViolations(checker)).toEqual([]);
  await checker.context().close();

  await page.reload();
  await expect(page.getByRole("row", { name: /Roux, Jean-Pierre.*Pouvoir à Fatima Benali/ })).toBeVisible();
  await page.getByRole("link", { name: "Feuille d'émargement" }).click();
  await expect(page.getByRole("row", { name: /Benali, Fatima.*Jean-Pierre Roux/ })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  // On paper: the association named, the totals and the certification, each page numbered at its foot.
  const sheet = (await pdfText(await page.pdf({ format: "A4" }))).replace(/\s+/g, " ");
  expect(sheet).toMatch(/Membres convoqués : \d+ \(\d+ voix\) · pouvoirs annoncés : 1\./);
  expect(sheet).toContain("Feuille certifiée exacte par la présidente ou le président de séance");
  expect(sheet).toMatch(/Feuille d'émargement · page 1 \/ \d/);
  await page.goBack();

  // Before the day, the screens of the day say when they open, and take nothing.
  const notYet = / : la présence, les votes et le procès-verbal se saisissent à partir de ce jour-là\.$/;
  for (const screen of ["Présence et quorum", "Votes", "Procès-verbal"]) {
    await page.getByRole("link", { name: screen }).click();
    await expect(page.getByText(notYet)).toBeVisible();
    await page.goBack();
  }
  await page.getByRole("link", { name: "Présence et quorum" }).click();
  await expect(page.getByRole("button", { name: /^Présent/ })).toHaveCount(0);
  const assemblyPath = new URL(page.url()).pathname.replace(/\/presence$/, "");

  // The day has come: the clock cannot be moved for the server, so the assembly is moved to yesterday morning. Over,
  // it is no longer what « Mon jardin » shows the demo's gardeners (`garden-space.spec.ts` answers the annual one).
  await page.goto("/admin/events");
  await page.getByRole("link", { name: `Modifier « ${eventTitle} »` }).click();
  await expect(await editor(page)).toContainText("modification des statuts");
  await page.getByLabel("Début").fill(`${parisDay(-1)}T10:00`);
  await page.getByLabel("Fin").fill(`${parisDay(-1)}T12:00`);
  await expect(page.getByLabel("Début")).toHaveValue(`${parisDay(-1)}T10:00`);
  await page.getByRole("button", { name: "Enregistrer le brouillon" }).click();
  await expect(popup(page, "Brouillon enregistré.")).toBeVisible();

  // On the day (the minutes are written after it too), on a phone.
  await page.goto(assemblyPath);
  await page.setViewportSize(PHONE);
  await page.getByRole("link", { name: "Présence et quorum" }).click();
  await expect(page.getByRole("heading", { name: "Quorum non atteint" })).toBeVisible();
  await page.getByRole("button", { name: "Présent : Benali, Fatima" }).click();
  await expect(page.getByRole("heading", { name: "Quorum atteint : l'assemblée peut délibérer" })).toBeVisible();
  await expect(page.getByText("Représente : Jean-Pierre Roux")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole("link", { name: /^Assemblée générale extraordinaire du / }).click();
  await page.getByRole("link", { name: "Votes" }).click();
  const resolution = page.getByRole("region", { name: /^Résolution 1 : Modification des statuts/ });
  await resolution.getByLabel("Pour").fill("3");
  await resolution.getByLabel("Contre").fill("0");
  await resolution.getByLabel("Abstentions").fill("0");
  await resolution.getByRole("button", { name: "Enregistrer le vote" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "3 voix comptées pour 2 voix présentes et représentées : vérifiez les nombres.",
  );
  await resolution.getByLabel("Pour").fill("2");
  // The page's data, read again after the vote, held back: what the secretary types meanwhile must stay.
  const reading = await holdPageData(page);
  await resolution.getByRole("button", { name: "Enregistrer le vote" }).click();
  await expect(popup(page, "Vote enregistré : résolution adoptée.")).toBeVisible();
  await closePopup(page);

  // The election: candidates per office, voices per candidate, the elected.
  const election = page.getByRole("region", { name: "Élection : Élection du bureau" });
  await election.getByLabel("Poste").selectOption({ label: "Présidence" });
  await election.getByLabel("Candidat ou candidate").fill("Fatima Benali");
  await reading.release();
  await expect(election.getByLabel("Candidat ou candidate")).toHaveValue("Fatima Benali");
  for (const name of ["Fatima Benali", "Rachid Amrani"]) {
    await election.getByLabel("Poste").selectOption({ label: "Présidence" });
    await election.getByLabel("Candidat ou candidate").fill(name);
    await election.getByRole("button", { name: "Ajouter le candidat" }).click();
    await expect(popup(page, `${name} est candidat ou candidate : présidence.`)).toBeVisible();
    await closePopup(page);
  }
  const presidence = election.getByRole("region", { name: "Présidence" });
  await presidence.getByLabel("Voix pour Fatima Benali").fill("2");
  await presidence.getByLabel("Voix pour Rachid Amrani").fill("0");
  await presidence.getByRole("button", { name: "Enregistrer les voix : présidence" }).click();
  await expect(popup(page, "Présidence : Fatima Benali est élu(e).")).toBeVisible();
  await expect(presidence.getByText("Élu(e) : Fatima Benali.")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole("link", { name: /^Assemblée générale extraordinaire du / }).click();
  await page.getByRole("link", { name: "Procès-verbal" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Procès-verbal" })).toBeVisible();
  const minutes = page.getByRole("textbox", { name: "Texte du procès-verbal" });
  await expect(minutes).toContainText(
    "Modification des statuts : 2 pour, 0 contre, aucune abstention. Résolution adoptée à la majorité simple.",
  );
  await expect(minutes).toContainText(
    "Élection du bureau : présidence : Fatima Benali est élu(e) à la présidence avec 2 voix (Rachid Amrani, 0 voix).",
  );
  expect(await axeViolations(page)).toEqual([]);
  // Who chaired and took the minutes, and when the meeting closed: written into the text drafted again.
  await page.getByLabel("Présidente ou président de séance").fill("Fatima Benali");
  await page.getByLabel("Secrétaire de séance").fill("Élodie Durand");
  await page.getByLabel("Séance levée à").fill("11:45");
  await page.getByRole("button", { name: "Rédiger de nouveau d'après la présence et les votes" }).click();
  await expect(minutes).toContainText("sous la présidence de Fatima Benali ; Élodie Durand est secrétaire de séance.");
  await expect(minutes).toContainText("la séance est levée à 11h45.");
  await expect(page.getByLabel("Secrétaire de séance")).toHaveValue("Élodie Durand");
  await page.getByRole("button", { name: "Déposer en PDF dans les documents" }).click();
  await expect(popup(page, /^Procès-verbal déposé en PDF dans les documents \(document n° \d+\)\.$/)).toBeVisible();
  await page.goto("/admin/documents");
  await expect(page.getByText(/^Procès-verbal : Assemblée générale extraordinaire du /).first()).toBeVisible();
  // The officers: the one elected, the others as the demo's last assembly elected them.
  await page.goto("/admin/assemblees");
  const bureau = page.getByRole("region", { name: "Bureau de l'association" });
  await expect(bureau).toContainText(/Présidence\s*Fatima Benali, depuis le/);
  await expect(bureau).toContainText(/Trésorerie\s*Karim Benali, depuis le 8 mars 2025/);
});

test("a gardener who joins after the convocation is convened too, with the same convocation", async ({ page }) => {
  await openAdmin(page, "/admin/jardiniers", "Jardiniers");
  const add = page.getByRole("region", { name: "Ajouter un jardinier" });
  await add.getByLabel("Nom de famille").fill("Lefebvre");
  await add.getByLabel("Prénom(s)").fill("Maëlys");
  await add.getByLabel("Adresse e-mail").fill("maelys.lefebvre@example.fr");
  await add.getByLabel("Arrivé au jardin le").fill("2026-11-20");
  await add.getByRole("button", { name: "Ajouter le jardinier" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Maëlys Lefebvre" })).toBeVisible();

  // The demo's annual assembly, convened before she came.
  await page.goto("/admin/assemblees");
  await page
    .getByRole("link", { name: /^Assemblée générale ordinaire du / })
    .first()
    .click();
  const convocation = page.getByRole("region", { name: "Convocation" });
  await expect(convocation).toContainText(
    /Depuis la convocation, (1 nouveau membre a|\d+ nouveaux membres ont) rejoint/,
  );
  // The demo's assembly is in 12 days, its statutes ask for 15: she is convened late, and the page says by how much.
  const late = /(\d+) jours? de retard sur le délai des statuts \(15 jours\)/;
  await expect(convocation.getByText(/^Le délai des statuts est passé : leur convocation part avec /)).toContainText(
    late,
  );
  expect(await axeViolations(page)).toEqual([]);
  await convocation.getByRole("button", { name: "Convoquer les nouveaux membres" }).click();
  await expect(
    popup(
      page,
      /^Convocation envoyée à \d+ nouveaux? membres? : \d+ par e-mail, \d+ à imprimer\. Elle part avec \d+ jours? de retard sur le délai des statuts \(15 jours\)\.$/,
    ),
  ).toBeVisible();
  await expect(convocation).not.toContainText("Depuis la convocation");
  const mail = await lastMailTo("maelys.lefebvre@example.fr", /convoqué\(e\) à l'assemblée générale ordinaire/);
  expect(mail).toMatch(/\/assemblee\/[\w-]{43}/);
});

test("a member without a plot and without e-mail is convened on paper, with a reply slip and a proxy form, and the bureau records the answer", async ({
  page,
}) => {
  // Her family name is this run's own: the test can run again on the same site (`--repeat-each`).
  const family = `Garnier ${Date.now().toString(36).slice(-5)}`;
  await openAdmin(page, "/admin/assemblees", "Assemblées générales");
  await page.getByRole("link", { name: "Membres sans parcelle" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Membres sans parcelle" })).toBeVisible();
  const current = page.getByRole("region", { name: /^Membres actuels/ });
  await expect(current).toContainText("Bénévole du compost partagé, agréé par le bureau du 6 avril 2024.");

  const add = page.getByRole("region", { name: "Ajouter un membre" });
  await add.getByLabel("Adresse e-mail").fill("pas une adresse");
  await add.getByRole("button", { name: "Ajouter le membre" }).click();
  await expect(add.getByText("Indiquez le nom de famille du membre.").first()).toBeVisible();
  await add.getByLabel("Nom de famille").fill(family);
  await add.getByLabel("Prénom(s)").fill("Odile");
  await add.getByLabel("Adresse e-mail").fill("");
  await add.getByLabel("Adresse postale").fill("5 impasse des Tilleuls, 69290 Craponne");
  await add.getByLabel("Membre depuis le").fill("2026-10-01");
  await add.getByLabel("Note").fill("Anime l'atelier de taille des fruitiers.");
  await add.getByRole("button", { name: "Ajouter le membre" }).click();
  await expect(popup(page, `Odile ${family} est membre de l'association depuis le 1er octobre 2026.`)).toBeVisible();
  await expect(current.getByText(`${family}, Odile`, { exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The demo's annual assembly was convened before she was approved: she is convened as a newcomer, on paper.
  await page.goto("/admin/assemblees");
  await page
    .getByRole("link", { name: /^Assemblée générale ordinaire du / })
    .first()
    .click();
  const convocation = page.getByRole("region", { name: "Convocation" });
  await convocation.getByRole("button", { name: "Convoquer les nouveaux membres" }).click();
  // Others may have joined since too (other tests add gardeners): she is among those convened, on paper.
  await expect(
    popup(page, /^Convocation envoyée à \d+ nouveaux? membres? : \d+ par e-mail, [1-9]\d* à imprimer\./),
  ).toBeVisible();
  await expect(
    page.getByRole("row", { name: new RegExp(`${family}, Odile Membre ajouté par le bureau`) }),
  ).toBeVisible();

  // Her letter fits one page with its footer; the second sheet is the reply slip and the proxy form to sign.
  await convocation.getByRole("link", { name: "Lettres à imprimer" }).click();
  await expect(page.getByRole("article", { name: `Convocation d'Odile ${family}` })).toBeVisible();
  const letters = await page.getByRole("article", { name: /^Convocation / }).count();
  const pdf = await page.pdf({ format: "A4" });
  const pages = await pdfPages(pdf);
  // Every letter is two sheets; hers is found by her name, whoever else is on paper.
  expect(pages).toHaveLength(2 * letters);
  const hers = pages.findIndex((text) => text.includes(`Bonjour Odile ${family},`));
  expect(hers % 2).toBe(0);
  expect(pages[hers]).toContain("5 impasse des Tilleuls");
  expect(pages[hers]).toContain("elle ne peut donc pas être désactivée");
  expect(pages[hers + 1]!.replace(/\s+/g, " ")).toMatch(
    new RegExp(
      `Coupon-réponse Nom : Odile ${family} .*Pouvoir Je soussigné\\(e\\) Odile ${family}, membre de .* Signature, précédée de la mention manuscrite « Bon pour pouvoir »`,
    ),
  );
  await page.goBack();

  const paper = page.getByRole("region", { name: "Réponses reçues sur papier" });
  await paper.getByLabel("Membre qui a répondu").selectOption({ label: `${family}, Odile` });
  await paper.getByLabel("Donne pouvoir").check();
  await paper.getByRole("button", { name: "Enregistrer la réponse" }).click();
  await expect(paper.getByText("Choisissez le membre à qui le pouvoir est donné.").first()).toBeVisible();
  await paper.getByLabel("Sera présent(e)").check();
  await paper.getByRole("button", { name: "Enregistrer la réponse" }).click();
  await expect(popup(page, `Réponse sur papier enregistrée : Odile ${family} sera présent(e).`)).toBeVisible();
  await expect(
    page.getByRole("row", { name: new RegExp(`${family}, Odile.*Je serai présent \\(sur papier\\)`) }),
  ).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Her membership ends: the record goes to the former members, then is deleted (the assembly keeps her name).
  await page.goto("/admin/assemblees/membres");
  await current.getByRole("button", { name: `Enregistrer la fin d'adhésion de ${family}, Odile` }).click();
  await expect(popup(page, new RegExp(`^Odile ${family} n'est plus membre depuis le \\d`))).toBeVisible();
  const former = page.getByRole("region", { name: /^Anciens membres/ });
  await expect(former.getByText(`${family}, Odile`, { exact: true })).toBeVisible();
  await former.getByRole("button", { name: `Supprimer la fiche de ${family}, Odile` }).click();
  await expect(popup(page, `Fiche d'Odile ${family} supprimée.`)).toBeVisible();
  await expect(page.getByText(`${family}, Odile`, { exact: true })).toHaveCount(0);
});
