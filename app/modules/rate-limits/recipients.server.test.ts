import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { applications, eventRegistrations, newsletterSubscribers, outbox, rateLimitHits } from "~/db/schema";
import { applicationFormSchema } from "~/modules/applications/applications.schema";
import { submitApplication } from "~/modules/applications/applications.server";
import { subscribe } from "~/modules/newsletter/newsletter.server";
import { signUp } from "~/modules/registrations/registrations.server";
import { describeEachDatabase } from "../../../tests/db";
import { applicationForm, insertContent, insertEvent } from "../../../tests/factories";
import { RECIPIENT_LIMITS } from "./recipients.server";

const HOUR = 3_600_000;
const now = new Date();
const later = (hours: number) => new Date(now.getTime() + hours * HOUR);

const mailsTo = async (to: string) =>
  (await getDb().select().from(outbox).orderBy(outbox.id)).filter((m) => m.to === to).map((m) => m.subject);

const signUpAs = (eventId: number, email: string, at = now) =>
  signUp(eventId, { name: "Zoé Martin", email, people: 1, answer: "", captcha: "7" }, at);

const openEvent = async (capacity: number | null = 10) =>
  (await insertEvent({ title: "Atelier semis", signupsOpen: true, signupCapacity: capacity }))!;

describeEachDatabase("the e-mails the public forms send to one address", () => {
  it("are 3 a day at most, whatever asks for them; what was asked is kept all the same", async () => {
    await insertContent({ email: "bureau@jardins.example", nomAssociation: "Les Jardins" });
    const [first, full, third, fourth] = [await openEvent(), await openEvent(0), await openEvent(), await openEvent()];
    expect(RECIPIENT_LIMITS.perDay).toBe(3);

    expect(await subscribe({ email: "zoe@example.fr", captcha: "7", source: "page" }, now)).toBe(
      "confirmation-envoyee",
    );
    await signUpAs(first.id, "zoe@example.fr");
    expect((await signUpAs(full.id, "ZOE@example.fr")).status).toBe("attente");
    expect(await mailsTo("zoe@example.fr")).toEqual([
      "Confirmez votre inscription à la lettre d'information",
      "Inscription confirmée : Atelier semis",
      "Liste d'attente : Atelier semis",
    ]);

    // The fourth and fifth: the application and the sign-up are stored, the association told, nothing to the address.
    const application = await submitApplication(
      applicationFormSchema.parse(applicationForm({ email: "zoe@example.fr" })),
    );
    expect(await getDb().select({ id: applications.id }).from(applications)).toEqual([{ id: application.id }]);
    expect(await mailsTo("bureau@jardins.example")).toHaveLength(1);
    expect((await signUpAs(third.id, "zoe@example.fr")).status).toBe("inscrit");
    expect(await mailsTo("zoe@example.fr")).toHaveLength(3);
    expect(await getDb().select().from(eventRegistrations)).toHaveLength(3);
    expect(await getDb().select().from(newsletterSubscribers)).toHaveLength(1);

    // Another address is not affected; the next day, this one gets its e-mails again.
    await signUpAs(fourth.id, "hugo@example.fr");
    expect(await mailsTo("hugo@example.fr")).toHaveLength(1);
    await signUpAs(fourth.id, "zoe@example.fr", later(24.5));
    expect(await mailsTo("zoe@example.fr")).toHaveLength(4);

    // The count is kept under a keyed hash: the table never holds the address.
    const keys = (await getDb().select().from(rateLimitHits)).map((hit) => hit.key);
    expect(keys.filter((key) => key.startsWith("destinataire:"))).toHaveLength(5);
    expect(keys.join(" ")).not.toMatch(/zoe|hugo/i);
  });

  it("hold under a burst: 12 sign-ups of one address to 12 events at once send exactly 3", async () => {
    const events = await Promise.all(Array.from({ length: 12 }, () => openEvent()));
    const signed = await Promise.all(events.map((event) => signUpAs(event.id, "victime@example.fr")));
    expect(signed.every((registration) => registration.status === "inscrit")).toBe(true);
    expect(await mailsTo("victime@example.fr")).toHaveLength(3);
  });
});
