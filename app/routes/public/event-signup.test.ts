import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { eventRegistrations, outbox } from "~/db/schema";
import { describeEachDatabase } from "../../../tests/db";
import { insertEvent } from "../../../tests/factories";
import { answered, formPost, routeArgs } from "../../../tests/routes";
import { action } from "./event-signup";

type Result = { status: string; message?: string; values?: Record<string, string> };

const signUp = async (eventId: number, email: string, ip: string, name = "Camille Durand") =>
  answered<Result>(
    await action(
      routeArgs(formPost(`/events/${eventId}/inscription`, { name, email, people: "1", captcha: "7" }), {
        ip,
        params: { id: String(eventId) },
      }),
    ),
  );

const openEvent = async (capacity: number | null) =>
  (await insertEvent({ title: "Atelier greffe", signupsOpen: true, signupCapacity: capacity }))!;

const registrations = () => getDb().select().from(eventRegistrations).orderBy(eventRegistrations.id);
const mails = () => getDb().select().from(outbox).orderBy(outbox.id);

describeEachDatabase("POST /events/:id/inscription", () => {
  it("answers every sign-up alike, at a full event too: only the e-mail tells a place from the waiting list", async () => {
    const event = await openEvent(1);
    const held = await signUp(event.id, "nadia@example.fr", "198.51.100.1");
    // At the full event: the address that holds the place, and a newcomer who goes to the waiting list.
    const again = await signUp(event.id, "nadia@example.fr", "198.51.100.2");
    const newcomer = await signUp(event.id, "paul@example.fr", "198.51.100.3");
    for (const answer of [held, again, newcomer]) {
      expect([answer.status, answer.value]).toEqual([200, { status: "sent" }]);
      expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    }
    expect((await registrations()).map((r) => [r.email, r.status])).toEqual([
      ["nadia@example.fr", "inscrit"],
      ["paul@example.fr", "attente"],
    ]);
    expect((await mails()).map((m) => [m.to, m.subject])).toEqual([
      ["nadia@example.fr", "Inscription confirmée : Atelier greffe"],
      ["paul@example.fr", "Liste d'attente : Atelier greffe"],
    ]);
  });

  it("takes 3 sign-ups to one event per network and day, then says why, keeping what was typed", async () => {
    const event = await openEvent(null);
    const other = await openEvent(null);
    for (let i = 1; i <= 3; i++)
      expect((await signUp(event.id, `personne${i}@example.fr`, `203.0.113.${i * 10}`)).value.status).toBe("sent");
    const refused = await signUp(event.id, "personne4@example.fr", "203.0.113.99", "Personne Quatre");
    expect(refused.status).toBe(429);
    expect(refused.value).toEqual({
      status: "limited",
      message:
        "Vous avez déjà fait plusieurs inscriptions à cet événement aujourd'hui. Pour inscrire d'autres personnes, indiquez leur nombre dans une même inscription ou écrivez à l'association.",
      values: { name: "Personne Quatre", email: "personne4@example.fr", people: "1", answer: "" },
    });
    // Another event, or another network, is not affected; IPv6 counts by /48.
    expect((await signUp(other.id, "personne4@example.fr", "203.0.113.99")).value.status).toBe("sent");
    expect((await signUp(event.id, "personne5@example.fr", "198.51.100.7")).value.status).toBe("sent");
    for (let i = 1; i <= 3; i++)
      expect((await signUp(event.id, `v6-${i}@example.fr`, `2001:db8:7:${i}::1`)).value.status).toBe("sent");
    expect((await signUp(event.id, "v6-4@example.fr", "2001:db8:7:ff::1")).status).toBe(429);
    expect((await registrations()).filter((r) => r.eventId === event.id)).toHaveLength(7);
  });
});
