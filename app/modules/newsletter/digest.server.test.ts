import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { associationContent, newsletterLetters, newsletterSubscribers, outbox } from "~/db/schema";
import { describeEachDatabase } from "../../../tests/db";
import { insertBlogPost, insertContent, insertEvent, insertSubscriber } from "../../../tests/factories";
import { sendDigestIfDue } from "./digest.server";

const DAY = 86_400_000;

async function setFrequency(frequency: string, digestLastAt: Date | null = null) {
  await getDb().update(associationContent).set({ digestFrequency: frequency, digestLastAt });
}

describeEachDatabase("automatic digest", () => {
  it("is off by default: nothing is ever sent", async () => {
    await insertContent();
    await insertSubscriber("camille@example.org");
    await insertBlogPost({ title: "Le paillage d'automne", publishedAt: new Date() });
    expect(await sendDigestIfDue()).toBeNull();
    expect(await getDb().select().from(newsletterLetters)).toEqual([]);
  });

  it("once a week lists the articles and events to come published since the last one, once", async () => {
    const now = new Date();
    await insertContent();
    await setFrequency("semaine", new Date(now.getTime() - 8 * DAY));
    await insertSubscriber("camille@example.org");
    await insertBlogPost({ title: "Le paillage d'automne", publishedAt: new Date(now.getTime() - 2 * DAY) });
    await insertBlogPost({ title: "Ancien article", publishedAt: new Date(now.getTime() - 20 * DAY) });
    await insertEvent({ title: "Chantier collectif", publishedAt: new Date(now.getTime() - DAY) });
    await insertEvent({
      title: "Événement passé",
      publishedAt: new Date(now.getTime() - DAY),
      start: new Date(now.getTime() - 3 * DAY),
    });
    const letter = await sendDigestIfDue(now);
    expect(letter).toMatchObject({ status: "envoi", total: 1, source: "resume" });
    expect(letter!.subject).toMatch(/^Les nouvelles du jardin — semaine du \d{1,2}(?:er)? \S+ \d{4}$/);
    expect(letter!.text).toContain("Le paillage d'automne");
    expect(letter!.text).toContain("Chantier collectif");
    expect(letter!.text).not.toContain("Ancien article");
    expect(letter!.text).not.toContain("Événement passé");
    expect(await getDb().select().from(outbox)).toHaveLength(1);
    // Not again within the week.
    expect(await sendDigestIfDue(new Date(now.getTime() + 3 * DAY))).toBeNull();
    expect(await getDb().select().from(newsletterLetters)).toHaveLength(1);
  });

  it("sends nothing when nothing is new, nor to nobody", async () => {
    const now = new Date();
    await insertContent();
    await setFrequency("mois");
    await insertSubscriber("camille@example.org");
    await insertBlogPost({ title: "Ancien article", publishedAt: new Date(now.getTime() - 40 * DAY) });
    expect(await sendDigestIfDue(now)).toBeNull();
    await getDb().delete(newsletterLetters);
    await setFrequency("mois", new Date(now.getTime() - 40 * DAY));
    await insertBlogPost({ title: "Nouveau", publishedAt: now });
    await getDb().delete(newsletterSubscribers);
    expect(await sendDigestIfDue(now)).toBeNull();
    expect(await getDb().select().from(newsletterLetters)).toEqual([]);
  });
});
