import { axeViolations } from "./accessibility";
import type { Page } from "@playwright/test";
import { openAdmin, popup } from "./admin";
import { expect, test, visitorContext } from "./fixtures";
import { lastMailTo, mailsTo } from "./visitors";

// Workshop sign-ups (places, waiting list, cancel link) and letters (compose, test, send, one-click unsubscribe).

const EVENT = "Bourse aux plants et aux graines";
/** What every sign-up is told, a place, the waiting list or an address signed up already (decision 023). */
const SENT = /Merci, votre demande d'inscription est enregistrée\. Un e-mail vous dira si vous avez une place/;

async function signUpAs(page: Page, name: string, email: string) {
  const form = page.getByRole("region", { name: /S'inscrire|Complet/ });
  await form.getByLabel("Nom et prénom").fill(name);
  await form.getByLabel("Adresse e-mail").fill(email);
  await form.getByLabel("Apportez-vous des graines ?").fill("Oui, des tomates");
  await form.getByLabel("Combien font 2 + 5 ?").fill("7");
  await form.getByRole("button", { name: /M'inscrire/ }).click();
}

async function eventPath(page: Page) {
  const href = await page.getByRole("link", { name: EVENT, exact: true }).first().getAttribute("href");
  return href!;
}

test("an event's sign-ups without JavaScript: a place, the waiting list, a cancellation that gives the place", async ({
  page,
  browser,
}) => {
  // Two visitors, a cancellation, the export and the printed list: longer than most.
  test.slow();
  await openAdmin(page, "/admin/events", "Événements");
  const path = await eventPath(page);
  await page.getByRole("link", { name: `Inscriptions à « ${EVENT} »` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Inscriptions : ${EVENT}` })).toBeVisible();
  await page.getByLabel("Accepter les inscriptions sur la page de l'événement").check();
  await page.getByLabel("Nombre de places").fill("1");
  await page.getByLabel("Question posée (facultatif)").fill("Apportez-vous des graines ?");
  await page.getByRole("button", { name: "Enregistrer les réglages" }).click();
  await expect(popup(page, "Réglages des inscriptions enregistrés.")).toBeVisible();

  const stamp = Date.now();
  const nadia = { name: "Nadia Cherif", email: `nadia-${stamp}@example.fr` };
  const paul = { name: "Paul Lefèvre", email: `paul-${stamp}@example.fr` };
  const visitor = await visitorContext(browser, { javaScriptEnabled: false });
  const first = await visitor.newPage();
  await first.goto(path);
  await expect(first.getByText("1 place restante sur 1.")).toBeVisible();
  // axe runs in a page of its own: it needs JavaScript, the content pages have none to run anyway.
  const checker = await (await visitorContext(browser)).newPage();
  await checker.goto(path);
  expect(await axeViolations(checker)).toEqual([]);
  await signUpAs(first, nadia.name, nadia.email);
  await expect(first.getByText(SENT)).toBeVisible();

  const second = await visitor.newPage();
  await second.goto(path);
  await expect(second.getByRole("heading", { name: "Complet : inscription sur liste d'attente" })).toBeVisible();
  await signUpAs(second, paul.name, paul.email);
  // The same answer as for a place: only the e-mail tells the waiting list.
  await expect(second.getByText(SENT)).toBeVisible();

  const confirmation = await lastMailTo(
    nadia.email,
    /Votre inscription à « Bourse aux plants et aux graines » est enregistrée/,
  );
  await lastMailTo(paul.email, /vous êtes sur la liste d'attente/);
  const cancel = /https?:\/\/\S+\/inscription\/annulation\/[\w-]+/.exec(confirmation)![0];
  await checker.goto(new URL(cancel).pathname);
  expect(await axeViolations(checker)).toEqual([]);
  await checker.context().close();
  await first.goto(new URL(cancel).pathname);
  await first.getByRole("button", { name: "Annuler mon inscription" }).click();
  await expect(first.getByRole("heading", { level: 1, name: "Inscription annulée" })).toBeVisible();
  await lastMailTo(paul.email, /Bonne nouvelle : une place s'est libérée/);
  await visitor.close();

  await page.reload();
  await expect(page.getByRole("region", { name: /^Inscrits/ })).toContainText(paul.name);
  await expect(page.getByRole("region", { name: /^Annulations/ })).toContainText(nadia.name);
  expect(await axeViolations(page)).toEqual([]);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exporter en CSV" }).click();
  const csv = await (await download).createReadStream().then(async (stream) => {
    let text = "";
    for await (const chunk of stream) text += chunk;
    return text;
  });
  expect(csv).toContain(`${paul.name};${paul.email};1;Inscrit;Oui, des tomates;`);
  await page.getByRole("link", { name: "Liste à imprimer" }).click();
  // The day's list is by family name, « Lefèvre, Paul ».
  await expect(page.getByRole("cell", { name: "Lefèvre, Paul" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.goBack();
  // Sign-ups closed again, as the demo had it.
  await page.getByLabel("Accepter les inscriptions sur la page de l'événement").uncheck();
  await page.getByRole("button", { name: "Enregistrer les réglages" }).click();
  await expect(popup(page, "Réglages des inscriptions enregistrés.")).toBeVisible();
});

test("at 390 px with JavaScript: one answer for a place, the waiting list and a repeat; the bureau « Désinscrire »", async ({
  page,
  browser,
}) => {
  // Three visitors' sign-ups, then the back-office: longer than most.
  test.slow();
  const event = "Assemblée générale annuelle";
  await page.setViewportSize({ width: 390, height: 844 });
  await openAdmin(page, "/admin/events", "Événements");
  await page.getByRole("link", { name: `Inscriptions à « ${event} »` }).click();
  // The demo's assembly takes sign-ups: 7 people present, and one place left for this test.
  await expect(page.getByRole("heading", { name: "Inscrits : 5 inscriptions, 7 personnes" })).toBeVisible();
  await page.getByLabel("Nombre de places").fill("8");
  await page.getByRole("button", { name: "Enregistrer les réglages" }).click();
  await expect(popup(page, "Réglages des inscriptions enregistrés.")).toBeVisible();

  const stamp = Date.now();
  const robert = { name: "Robert Inventé", email: `robert-${stamp}@example.fr` };
  const ines = { name: "Inès Garnier", email: `ines-${stamp}@example.fr` };
  const visitor = await visitorContext(browser, { viewport: { width: 390, height: 844 } });
  // The event's page (plain HTML, its form posts to the sign-up page), or the sign-up page itself (which runs
  // JavaScript and answers in place).
  const signUp = async (person: { name: string; email: string }, where: "event" | "signup") => {
    const tab = await visitor.newPage();
    await tab.goto("/events");
    await tab.getByRole("link", { name: event }).first().click();
    await expect(tab.getByRole("heading", { level: 1, name: event })).toBeVisible();
    if (where === "signup") await tab.goto(`${new URL(tab.url()).pathname}/inscription`);
    const form = tab.getByRole("region", { name: /S'inscrire|Complet/ });
    await form.getByLabel("Nom et prénom").fill(person.name);
    await form.getByLabel("Adresse e-mail").fill(person.email);
    await form.getByLabel("Combien font 2 + 5 ?").fill("7");
    await form.getByRole("button", { name: /M'inscrire/ }).click();
    await expect(tab.getByText(SENT)).toBeVisible();
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await tab.close();
  };
  await signUp(robert, "event");
  await signUp(ines, "signup");
  await signUp(robert, "signup");
  await lastMailTo(ines.email, /vous êtes sur la liste d'attente/);
  // The repeat sent nothing: one confirmation for Robert.
  await lastMailTo(robert.email, /Votre inscription à « Assemblée générale annuelle » est enregistrée/);
  expect(
    await mailsTo(robert.email, /Votre inscription à « Assemblée générale annuelle » est enregistrée/),
  ).toHaveLength(1);
  await visitor.close();

  await page.reload();
  const present = page.getByRole("region", { name: /^Inscrits/ });
  await present.getByRole("button", { name: `Désinscrire ${robert.name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Désinscrire" });
  await expect(dialog).toContainText("Une place libérée va à la liste d'attente.");
  await dialog.getByRole("button", { name: "Désinscrire" }).click();
  await expect(popup(page, `Inscription de ${robert.name} annulée.`)).toBeVisible();
  await expect(present).toContainText(ines.name);
  await expect(page.getByRole("region", { name: /^Annulations/ })).toContainText(robert.name);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axeViolations(page)).toEqual([]);
  await lastMailTo(ines.email, /Bonne nouvelle : une place s'est libérée/);
  // The demo's 60 places again.
  await page.getByLabel("Nombre de places").fill("60");
  await page.getByRole("button", { name: "Enregistrer les réglages" }).click();
  await expect(popup(page, "Réglages des inscriptions enregistrés.")).toBeVisible();
});

test("a letter presenting an article: preview, a test, then each subscriber's own message and its unsubscribe link", async ({
  page,
  browser,
  request,
}) => {
  const subscriber = `lecteur-${Date.now()}@example.fr`;
  const visitor = await visitorContext(browser);
  const reader = await visitor.newPage();
  await reader.goto("/lettre");
  const form = reader.getByRole("main").getByRole("form", { name: "Recevoir les nouvelles du jardin" });
  await form.getByLabel("Adresse où recevoir la lettre").fill(subscriber);
  await form.getByLabel("Combien font 2 + 5 ?").fill("7");
  await form.getByRole("button", { name: "S'inscrire" }).click();
  const confirm = await lastMailTo(subscriber, /\/lettre\/confirmation\//);
  await reader.goto(new URL(/https?:\/\/\S+\/lettre\/confirmation\/[\w-]+/.exec(confirm)![0]).pathname);
  await reader.getByRole("button", { name: "Confirmer mon inscription" }).click();
  await expect(reader.getByRole("heading", { level: 1, name: "Inscription confirmée" })).toBeVisible();
  await visitor.close();

  const title = "Le compost collectif, mode d'emploi";
  await openAdmin(page, "/admin/blog", "Blog");
  await page.getByRole("link", { name: `Envoyer aux abonnés « ${title} »` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Nouvelle lettre" })).toBeVisible();
  await expect(page.getByLabel("Objet")).toHaveValue(title);
  // Checked before the preview shows: axe cannot enter its sandboxed frame (and says so in the console).
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel("Objet").fill(`${title} : à lire avant l'hiver`);
  await page.getByRole("button", { name: "Enregistrer le brouillon" }).click();
  await expect(popup(page, "Brouillon enregistré.")).toBeVisible();
  await expect(
    page.frameLocator('iframe[title="Aperçu de l\'e-mail"]').getByRole("link", { name: title }),
  ).toBeVisible();

  await page.getByLabel("Adresse du test").fill("bureau-test@example.fr");
  await page.getByRole("button", { name: "M'envoyer un test" }).click();
  await expect(popup(page, "Le test est parti")).toBeVisible();
  // The test says what it is, and goes to nobody else.
  await lastMailTo("bureau-test@example.fr", /Le compost collectif[\s\S]*Ceci est un test/);

  await page.getByRole("button", { name: "Envoyer la lettre" }).click();
  await expect(page.getByText("Cochez la case pour confirmer l'envoi.").first()).toBeVisible();
  await page.getByLabel(/Je confirme l'envoi à \d+ abonnés? confirmés?/).check();
  await page.getByRole("button", { name: "Envoyer la lettre" }).click();
  await expect(popup(page, "La lettre est partie")).toBeVisible();
  await expect(page.getByRole("heading", { name: /Envoi en cours|Lettre envoyée/ })).toBeVisible();

  const letter = await lastMailTo(subscriber, /Vous recevez cette lettre parce que l'adresse/);
  // RFC 8058's one-click header goes with an https address only: this site runs on http://localhost. The link still
  // unsubscribes when a mail client posts to it.
  expect(letter).not.toMatch(/List-Unsubscribe-Post/);
  expect(letter).toMatch(/Vous recevez cette lettre parce que l'adresse/);
  const unsubscribe = /List-Unsubscribe:\s*<(http[^>]+)>/.exec(letter)![1]!;
  // The mail client's one-click POST, as RFC 8058 has it: no session, no other question.
  const answer = await request.post(unsubscribe, {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: "List-Unsubscribe=One-Click",
  });
  expect(answer.status()).toBe(200);
  await expect
    .poll(async () => {
      await page.goto(`/admin/lettre?q=${encodeURIComponent(subscriber)}`);
      return page.getByRole("listitem").filter({ hasText: subscriber }).innerText();
    })
    .toContain("Désabonné");
  await expect(page.getByRole("region", { name: "Lettres" })).toContainText("à lire avant l'hiver");
});
