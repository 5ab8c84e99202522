import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { eventRegistrations, history, outbox } from "~/db/schema";
import { signUp } from "~/modules/registrations/registrations.server";
import { describeEachDatabase } from "../../../tests/db";
import { insertEvent } from "../../../tests/factories";
import { answered, formPost, routeArgs } from "../../../tests/routes";
import { action } from "./event-registrations";

const marie = { id: null as unknown as number, username: "marie" };

const signUpAs = (eventId: number, name: string) =>
  signUp(eventId, {
    name,
    email: `${name.toLowerCase().replace(/\W+/g, ".")}@example.fr`,
    people: 1,
    answer: "",
    captcha: "7",
  });

describeEachDatabase("/admin/events/:id/inscriptions", () => {
  it("« Désinscrire » cancels a sign-up (an invented name), gives its place to the waiting list, and says so", async () => {
    const event = (await insertEvent({ title: "Atelier taille", signupsOpen: true, signupCapacity: 1 }))!;
    const invented = await signUpAs(event.id, "Robert Personne");
    const waiting = await signUpAs(event.id, "Nadia Cherif");
    expect(waiting.status).toBe("attente");
    // A done form is a plain object, a refusal a `data()` answer with its status.
    const cancel = async (id: string, eventId = event.id) => {
      const result = await action(
        routeArgs(formPost(`/admin/events/${eventId}/inscriptions`, { intent: "cancel", id }), {
          admin: marie,
          params: { id: String(eventId) },
        }),
      );
      return result && typeof result === "object" && "init" in result
        ? answered<{ ok: boolean; message: string }>(result)
        : { status: 200, value: result };
    };

    const done = await cancel(String(invented.id));
    expect([done.status, done.value]).toEqual([
      200,
      { ok: true, intent: "cancel", message: "Inscription de Robert Personne annulée." },
    ]);
    const rows = await getDb().select().from(eventRegistrations).orderBy(eventRegistrations.id);
    expect(rows.map((r) => [r.name, r.status])).toEqual([
      ["Robert Personne", "annule"],
      ["Nadia Cherif", "inscrit"],
    ]);
    // The person given the place is told; the one cancelled is not written to.
    const subjects = (await getDb().select().from(outbox).orderBy(outbox.id)).map((m) => [m.to, m.subject]);
    expect(subjects.at(-1)).toEqual(["nadia.cherif@example.fr", "Une place s'est libérée : Atelier taille"]);
    expect(subjects.filter(([to]) => to === "robert.personne@example.fr")).toHaveLength(1);
    expect((await getDb().select().from(history)).map((e) => [e.actor, e.kind, e.target])).toEqual([
      ["marie", "inscriptions.annulation", `événement n° ${event.id}`],
    ]);

    // Again, harmless; another event's sign-up or an unknown one, a 404 that changes nothing.
    expect((await cancel(String(invented.id))).status).toBe(200);
    const other = (await insertEvent({ title: "Autre", signupsOpen: true }))!;
    expect((await cancel(String(waiting.id), other.id)).status).toBe(404);
    expect((await cancel("abc")).status).toBe(404);
    expect((await getDb().select().from(eventRegistrations)).filter((r) => r.status === "inscrit")).toHaveLength(1);
    expect(await getDb().select().from(history)).toHaveLength(1);
  });
});
