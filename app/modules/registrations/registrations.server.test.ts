import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { eventRegistrations, events, outbox } from "~/db/schema";
import { formatDateTime } from "~/lib/dates";
import { describeEachDatabase } from "../../../tests/db";
import { at, insertEvent } from "../../../tests/factories";
import {
  cancelRegistration,
  cancelToken,
  eventSignup,
  placesLeft,
  queueReminders,
  RegistrationClosedError,
  registrationsCsv,
  signUp,
  updateSignupSettings,
  type Registration,
  type SignupSettings,
} from "./registrations.server";
import type { RegistrationForm } from "./registrations.schema";

const DAY = 86_400_000;

function form(overrides: Partial<RegistrationForm> = {}): RegistrationForm {
  return { name: "Camille Durand", email: "camille@example.org", people: 1, answer: "", captcha: "7", ...overrides };
}

/** The sign-up form of « Personne n », alone unless told otherwise. */
const person = (n: number, people = 1) => form({ name: `Personne ${n}`, email: `personne${n}@example.org`, people });

/** A published event taking sign-ups, a week from now unless told otherwise. */
async function openEvent(overrides: Parameters<typeof insertEvent>[0] = {}) {
  return (await insertEvent({ title: "Atelier semis", signupsOpen: true, signupCapacity: 3, ...overrides }))!;
}

async function eventRow(id: number) {
  const [row] = await getDb().select().from(events).where(eq(events.id, id));
  return row!;
}

async function rowsOf(eventId: number) {
  return getDb()
    .select()
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, eventId))
    .orderBy(eventRegistrations.id);
}

async function rowOf(registration: Registration) {
  const [row] = await getDb().select().from(eventRegistrations).where(eq(eventRegistrations.id, registration.id));
  return row!;
}

async function mails() {
  return getDb().select().from(outbox).orderBy(outbox.id);
}

const present = (rows: Registration[]) =>
  rows.filter((r) => r.status === "inscrit").reduce((sum, r) => sum + r.people, 0);

const link = (registration: Registration) =>
  `http://localhost:3000/inscription/annulation/${cancelToken(registration)}`;

function settings(overrides: Partial<SignupSettings> = {}): SignupSettings {
  return {
    signupsOpen: true,
    signupCapacity: 3,
    signupClosesAt: null,
    signupQuestion: null,
    signupMaxPeople: 4,
    ...overrides,
  };
}

describeEachDatabase("event sign-ups", () => {
  it("gives places while they last, counting people, then the waiting list, each with its confirmation", async () => {
    const event = await openEvent({ signupCapacity: 3 });
    const duo = await signUp(event.id, person(1, 2), at(0));
    expect(duo).toMatchObject({ status: "inscrit", people: 2, email: "personne1@example.org", createdAt: at(0) });
    expect(await placesLeft(event)).toBe(1);
    // Two people do not fit in the one place left: the waiting list, and the place stays free.
    const secondDuo = await signUp(event.id, person(2, 2), at(1));
    expect(secondDuo.status).toBe("attente");
    expect(await placesLeft(event)).toBe(1);
    const single = await signUp(event.id, person(3), at(2));
    expect(single.status).toBe("inscrit");
    expect(await placesLeft(event)).toBe(0);
    const late = await signUp(event.id, person(4), at(3));
    expect(late.status).toBe("attente");
    const rows = await rowsOf(event.id);
    expect(rows.map((r) => [r.email, r.people, r.status])).toEqual([
      ["personne1@example.org", 2, "inscrit"],
      ["personne2@example.org", 2, "attente"],
      ["personne3@example.org", 1, "inscrit"],
      ["personne4@example.org", 1, "attente"],
    ]);
    expect(present(rows)).toBe(3);

    const queued = await mails();
    expect(queued.map((m) => [m.to, m.subject, m.status])).toEqual([
      ["personne1@example.org", "Inscription confirmée : Atelier semis", "pending"],
      ["personne2@example.org", "Liste d'attente : Atelier semis", "pending"],
      ["personne3@example.org", "Inscription confirmée : Atelier semis", "pending"],
      ["personne4@example.org", "Liste d'attente : Atelier semis", "pending"],
    ]);
    expect(queued[0]!.text).toContain("pour 2 personnes");
    expect(queued[2]!.text).not.toContain("personnes");
    expect(queued[1]!.text).toContain("vous êtes sur la liste d'attente pour 2 personnes");
    // Each carries its own cancel link, in the text and the HTML.
    rows.forEach((row, i) => {
      expect(queued[i]!.text).toContain(`\n${link(row)}\n`);
      expect(queued[i]!.html).toContain(`href="${link(row)}"`);
    });
    expect(new Set(rows.map((r) => cancelToken(r))).size).toBe(4);
  });

  it("quotes the name typed in the form only through the greeting", async () => {
    const event = await openEvent();
    const registration = await signUp(
      event.id,
      form({ name: "Zoé <b>Martin</b> www.pub.example", email: "zoe@example.org" }),
    );
    expect(registration.name).toBe("Zoé <b>Martin</b> www.pub.example");
    const [mail] = await mails();
    expect(mail!.to).toBe("zoe@example.org");
    expect(mail!.text.startsWith("Bonjour Zoé b Martin b www pub example,\n\n")).toBe(true);
    expect(mail!.text.match(/Zoé/g)).toHaveLength(1);
    expect(mail!.text).toContain(`Votre inscription à « Atelier semis » est enregistrée.`);
    expect(mail!.text).toContain(`\n${link(registration)}\n`);
    for (const part of [mail!.text, mail!.html!]) {
      expect(part).not.toContain("www.pub.example");
      expect(part).not.toContain("<b>Martin");
      expect(part).not.toContain("&lt;b&gt;");
    }
  });

  it("never seats more people than the capacity when 50 sign up at once", async () => {
    const event = await openEvent({ signupCapacity: 5 });
    await signUp(event.id, person(0, 2));
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => signUp(event.id, person(i + 1))));
    expect(results.filter((r) => r.status === "inscrit")).toHaveLength(3);
    expect(results.filter((r) => r.status === "attente")).toHaveLength(47);
    const rows = await rowsOf(event.id);
    expect(rows).toHaveLength(51);
    expect(present(rows)).toBe(5);
    expect(new Set(rows.map((r) => r.email)).size).toBe(51);
    expect(await placesLeft(event)).toBe(0);
    const subjects = (await mails()).slice(1).map((m) => m.subject);
    expect(subjects.filter((s) => s === "Inscription confirmée : Atelier semis")).toHaveLength(3);
    expect(subjects.filter((s) => s === "Liste d'attente : Atelier semis")).toHaveLength(47);
  });

  it("keeps one row per address, whatever its case and spaces, and sends no second confirmation", async () => {
    const event = await openEvent();
    const first = await signUp(event.id, form({ email: "camille@example.org", people: 2 }));
    const again = await signUp(event.id, form({ name: "Autre nom", email: "  Camille@Example.ORG ", people: 1 }));
    expect(again.id).toBe(first.id);
    expect(again).toMatchObject({ name: "Camille Durand", people: 2, status: "inscrit" });
    expect(await rowsOf(event.id)).toHaveLength(1);
    expect(await placesLeft(event)).toBe(1);
    // Asked again, and again by another client: nothing more goes to the address.
    await signUp(event.id, form({ email: "camille@example.org" }));
    expect((await mails()).map((m) => [m.to, m.subject])).toEqual([
      ["camille@example.org", "Inscription confirmée : Atelier semis"],
    ]);
    // Once cancelled, the address may sign up anew, and gets its confirmation.
    await cancelRegistration(cancelToken(first));
    const anew = await signUp(event.id, form({ email: "CAMILLE@example.org" }));
    expect(anew.id).not.toBe(first.id);
    expect((await rowsOf(event.id)).map((r) => r.status)).toEqual(["annule", "inscrit"]);
    expect((await mails()).map((m) => m.to)).toEqual(["camille@example.org", "camille@example.org"]);
  });

  it("refuses a sign-up when signups are closed, past their closing time, the event started or is a draft", async () => {
    const now = new Date();
    const closed = await openEvent({ signupsOpen: false });
    const pastClosing = await openEvent({ signupClosesAt: new Date(now.getTime() - 60_000) });
    const started = await openEvent({ start: new Date(now.getTime() - 3_600_000) });
    const draft = await openEvent({ state: "brouillon" });
    for (const event of [closed, pastClosing, started, draft])
      await expect(signUp(event.id, form(), now)).rejects.toBeInstanceOf(RegistrationClosedError);
    await expect(signUp(999_999, form(), now)).rejects.toBeInstanceOf(RegistrationClosedError);
    expect(await getDb().select().from(eventRegistrations)).toEqual([]);
    expect(await mails()).toEqual([]);

    // The closing time closes it, not before; the start closes it too.
    const closing = await openEvent({ signupClosesAt: new Date(now.getTime() + 60_000) });
    await expect(signUp(closing.id, form(), new Date(now.getTime() + 60_000))).rejects.toBeInstanceOf(
      RegistrationClosedError,
    );
    expect((await signUp(closing.id, form(), new Date(now.getTime() + 59_000))).status).toBe("inscrit");
    await expect(signUp(closing.id, person(2), new Date(closing.start!.getTime()))).rejects.toBeInstanceOf(
      RegistrationClosedError,
    );
  });

  it("cancels by the link's token and gives the freed places to the first waiting sign-ups that fit", async () => {
    const event = await openEvent({ signupCapacity: 3 });
    const anne = await signUp(event.id, person(1), at(0));
    const bruno = await signUp(event.id, person(2, 2), at(1));
    const chloe = await signUp(event.id, person(3, 2), at(2));
    // Eve signs up before David in the table, but after him in time: the waiting list follows the time.
    const eve = await signUp(event.id, person(5), at(4));
    const david = await signUp(event.id, person(4), at(3));
    expect([anne, bruno, chloe, eve, david].map((r) => r.status)).toEqual([
      "inscrit",
      "inscrit",
      "attente",
      "attente",
      "attente",
    ]);
    const before = (await mails()).length;

    // One place: Chloé's two people do not fit, David (the first that fits) gets it.
    const cancelled = await cancelRegistration(cancelToken(anne), at(10));
    expect(cancelled).toMatchObject({ id: anne.id, status: "annule", cancelledAt: at(10) });
    expect(await rowOf(anne)).toMatchObject({ status: "annule", cancelledAt: at(10), promotedAt: null });
    expect(await rowOf(david)).toMatchObject({ status: "inscrit", promotedAt: at(10) });
    expect(await rowOf(chloe)).toMatchObject({ status: "attente", promotedAt: null });
    expect(await rowOf(eve)).toMatchObject({ status: "attente", promotedAt: null });
    let queued = (await mails()).slice(before);
    expect(queued.map((m) => [m.to, m.subject])).toEqual([
      ["personne4@example.org", "Une place s'est libérée : Atelier semis"],
    ]);
    expect(queued[0]!.text).toContain(`\n${link(david)}\n`);
    expect(present(await rowsOf(event.id))).toBe(3);

    // Cancelling again is harmless: same row, nobody else promoted, no e-mail.
    expect(await cancelRegistration(cancelToken(anne), at(11))).toMatchObject({
      status: "annule",
      cancelledAt: at(10),
    });
    expect((await mails()).length).toBe(before + 1);
    expect(await rowOf(eve)).toMatchObject({ status: "attente" });

    // Two places: Chloé, first in line, gets both; Eve waits on.
    await cancelRegistration(cancelToken(bruno), at(12));
    expect(await rowOf(chloe)).toMatchObject({ status: "inscrit", promotedAt: at(12) });
    expect(await rowOf(eve)).toMatchObject({ status: "attente", promotedAt: null });
    queued = (await mails()).slice(before + 1);
    expect(queued.map((m) => [m.to, m.subject])).toEqual([
      ["personne3@example.org", "Une place s'est libérée : Atelier semis"],
    ]);
    expect(queued[0]!.text).toContain("pour 2 personnes");
    expect(present(await rowsOf(event.id))).toBe(3);

    // A waiting sign-up cancelled frees no place.
    await cancelRegistration(cancelToken(eve), at(13));
    expect(await rowOf(eve)).toMatchObject({ status: "annule", cancelledAt: at(13) });
    expect((await mails()).length).toBe(before + 2);
  });

  it("two cancellations at once still give the freed place to the next one waiting", async () => {
    const event = await openEvent({ signupCapacity: 1 });
    const first = await signUp(event.id, person(1), at(0));
    const second = await signUp(event.id, person(2), at(1));
    const third = await signUp(event.id, person(3), at(2));
    expect([first.status, second.status, third.status]).toEqual(["inscrit", "attente", "attente"]);
    await Promise.all([cancelRegistration(cancelToken(first)), cancelRegistration(cancelToken(second))]);
    expect((await rowsOf(event.id)).map((r) => r.status)).toEqual(["annule", "annule", "inscrit"]);
  });

  it("returns undefined for an unknown or malformed token", async () => {
    const event = await openEvent();
    const registration = await signUp(event.id, form());
    const token = cancelToken(registration);
    expect(await cancelRegistration(`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).toBeUndefined();
    expect(await cancelRegistration("A".repeat(43))).toBeUndefined();
    // The stored secret and hash are not tokens.
    expect(await cancelRegistration(registration.cancelKey)).toBeUndefined();
    expect(await cancelRegistration(registration.cancelTokenHash)).toBeUndefined();
    for (const malformed of ["", "abc", `${token}/..`, `${token}'`, "x".repeat(61), "é".repeat(43)])
      expect(await cancelRegistration(malformed)).toBeUndefined();
    expect(await rowOf(registration)).toMatchObject({ status: "inscrit", cancelledAt: null });
  });

  it("counts the places left, and tells the public page about the sign-ups", async () => {
    const limited = await openEvent({ signupCapacity: 4, signupQuestion: "Allergies ?", signupMaxPeople: 3 });
    expect(await placesLeft(limited)).toBe(4);
    await signUp(limited.id, person(1, 3));
    await signUp(limited.id, person(2, 2)); // waiting: takes no place
    expect(await placesLeft(limited)).toBe(1);
    expect(await eventSignup(limited)).toEqual({
      open: true,
      placesLeft: 1,
      capacity: 4,
      closesAt: null,
      question: "Allergies ?",
      maxPeople: 3,
    });

    const unlimited = await openEvent({ signupCapacity: null });
    for (let i = 1; i <= 6; i++) expect((await signUp(unlimited.id, person(10 + i, 4))).status).toBe("inscrit");
    expect(await placesLeft(unlimited)).toBeNull();
    expect(await eventSignup(unlimited)).toMatchObject({ open: true, placesLeft: null, capacity: null });

    // Past the closing time: shown, closed.
    const closesAt = new Date(Date.now() + DAY);
    const closing = await openEvent({ signupCapacity: 2, signupClosesAt: closesAt });
    expect(await eventSignup(closing, new Date(closesAt.getTime() + 1))).toMatchObject({
      open: false,
      placesLeft: 2,
      closesAt,
    });
    // No sign-ups, or not public: nothing to show.
    expect(await eventSignup(await openEvent({ signupsOpen: false }))).toBeNull();
    expect(await eventSignup(await openEvent({ state: "brouillon" }))).toBeNull();

    // Fewer places than people present (capacity lowered): none left, never negative.
    await updateSignupSettings(limited.id, settings({ signupCapacity: 2 }), getDb());
    expect(await placesLeft(await eventRow(limited.id))).toBe(0);
  });

  it("queues the reminders from 10h (Paris) the day before, once", async () => {
    // Saturday 13 June 2026 at 14h in Paris (summer time: 12h UTC).
    const event = await openEvent({ title: "Atelier greffe", signupCapacity: 2, start: new Date("2026-06-13T12:00Z") });
    const first = await signUp(event.id, person(1), at(0));
    const second = await signUp(event.id, person(2), at(1));
    const waiting = await signUp(event.id, person(3), at(2));
    expect(waiting.status).toBe("attente");
    // The day after: its own reminder comes a day later.
    const sunday = await openEvent({ title: "Troc de plants", start: new Date("2026-06-14T12:00Z") });
    await signUp(sunday.id, person(4), at(3));
    // Only a waiting list: nobody to remind.
    const full = await openEvent({ signupCapacity: 0, start: new Date("2026-06-13T12:00Z") });
    await signUp(full.id, person(5), at(4));
    const reminders = async () => (await mails()).filter((m) => m.subject.startsWith("Rappel"));

    expect(await queueReminders(new Date("2026-06-11T12:00Z"))).toBe(0);
    // 9h59 in Paris, though 10h and later in some other zones.
    expect(await queueReminders(new Date("2026-06-12T07:59Z"))).toBe(0);
    expect(await reminders()).toEqual([]);
    expect((await eventRow(event.id)).remindersQueuedAt).toBeNull();

    const tenOhOne = new Date("2026-06-12T08:01Z");
    expect(await queueReminders(tenOhOne)).toBe(2);
    const queued = await reminders();
    expect(queued.map((m) => [m.to, m.subject]).sort()).toEqual([
      ["personne1@example.org", "Rappel : Atelier greffe, demain"],
      ["personne2@example.org", "Rappel : Atelier greffe, demain"],
    ]);
    for (const registration of [first, second])
      expect(queued.find((m) => m.to === registration.email)!.text).toContain(`\n${link(registration)}\n`);
    expect((await eventRow(event.id)).remindersQueuedAt).toEqual(tenOhOne);
    expect((await eventRow(sunday.id)).remindersQueuedAt).toBeNull();
    expect((await eventRow(full.id)).remindersQueuedAt).toBeNull();

    expect(await queueReminders(new Date("2026-06-12T09:00Z"))).toBe(0);
    expect(await reminders()).toHaveLength(2);

    // The next day at 10h01, Sunday's.
    expect(await queueReminders(new Date("2026-06-13T08:01Z"))).toBe(1);
    expect((await reminders()).map((m) => [m.to, m.subject])).toContainEqual([
      "personne4@example.org",
      "Rappel : Troc de plants, demain",
    ]);
    expect(await reminders()).toHaveLength(3);
  });

  it("reminds at once of an event less than 12 hours away that had no reminder", async () => {
    // Sunday 14 June 2026 at 7h in Paris, signed up for at 23h the night before.
    const early = await openEvent({ title: "Arrosage", start: new Date("2026-06-14T05:00Z") });
    await signUp(early.id, person(1), new Date("2026-06-13T20:55Z"));
    const now = new Date("2026-06-13T21:00Z");
    expect(await queueReminders(now)).toBe(1);
    expect((await mails()).map((m) => [m.to, m.subject])).toContainEqual([
      "personne1@example.org",
      "Rappel : Arrosage, demain",
    ]);
    expect((await eventRow(early.id)).remindersQueuedAt).toEqual(now);

    // Published in the morning for the same afternoon, six hours away.
    const sameDay = await openEvent({ title: "Récolte", start: new Date("2026-06-20T14:00Z") });
    await signUp(sameDay.id, person(2), new Date("2026-06-20T07:00Z"));
    const morning = new Date("2026-06-20T08:00Z");
    expect(await queueReminders(morning)).toBe(1);
    expect((await eventRow(sameDay.id)).remindersQueuedAt).toEqual(morning);
    // That day, the reminder says so.
    expect((await mails()).at(-1)!.subject).toBe("Rappel : Récolte, aujourd'hui");
    expect(await queueReminders(new Date("2026-06-20T09:00Z"))).toBe(0);
    // A past event is never reminded of.
    const past = await openEvent({ start: new Date("2026-06-20T07:30Z") });
    await signUp(past.id, person(3), new Date("2026-06-20T07:00Z"));
    expect(await queueReminders(new Date("2026-06-20T07:45Z"))).toBe(0);
    expect((await eventRow(past.id)).remindersQueuedAt).toBeNull();
  });

  it("exports the sign-ups as CSV: BOM, semicolons, the question's column, present then waiting then cancelled", async () => {
    const event = await openEvent({ signupCapacity: 2, signupQuestion: "Régime alimentaire ?" });
    const anne = await signUp(event.id, form({ name: "Anne", email: "anne@example.org", answer: "Aucun" }), at(0));
    const bruno = await signUp(
      event.id,
      form({ name: "Bruno", email: "bruno@example.org", people: 2, answer: "Sans gluten; merci" }),
      at(1),
    );
    const chloe = await signUp(event.id, form({ name: "Chloé", email: "chloe@example.org" }), at(2));
    expect([anne.status, bruno.status, chloe.status]).toEqual(["inscrit", "attente", "inscrit"]);
    await cancelRegistration(cancelToken(anne), at(3)); // one place: Bruno's two people still wait
    const david = await signUp(
      event.id,
      form({ name: "David", email: "david@example.org", answer: "Végétarien" }),
      at(4),
    );
    expect(david.status).toBe("inscrit");

    const csv = await registrationsCsv(event.id, event.signupQuestion);
    expect(csv.startsWith("\uFEFFNom;Adresse;Personnes;Statut;Régime alimentaire ?;Inscrit le\n")).toBe(true);
    expect(csv).toContain(';"Sans gluten; merci";');
    const rows = parse(csv.slice(1), { delimiter: ";" }) as string[][];
    expect(rows).toEqual([
      ["Nom", "Adresse", "Personnes", "Statut", "Régime alimentaire ?", "Inscrit le"],
      ["Chloé", "chloe@example.org", "1", "Inscrit", "", formatDateTime(at(2))],
      ["David", "david@example.org", "1", "Inscrit", "Végétarien", formatDateTime(at(4))],
      ["Bruno", "bruno@example.org", "2", "Liste d'attente", "Sans gluten; merci", formatDateTime(at(1))],
      ["Anne", "anne@example.org", "1", "Annulé", "Aucun", formatDateTime(at(0))],
    ]);

    // A name typed like a formula stays text in a spreadsheet.
    await signUp(event.id, form({ name: '=HYPERLINK("http://pub.example")', email: "f@example.org" }), at(6));
    expect(await registrationsCsv(event.id, null)).toContain(`'=HYPERLINK(""http://pub.example"")`);

    // Without a question: no such column, and no answer kept.
    const plain = await openEvent();
    await signUp(plain.id, form({ name: "Eve", email: "eve@example.org", answer: "ignorée" }), at(5));
    const plainCsv = await registrationsCsv(plain.id, null);
    expect(plainCsv.charCodeAt(0)).toBe(0xfeff);
    expect(parse(plainCsv.slice(1), { delimiter: ";" })).toEqual([
      ["Nom", "Adresse", "Personnes", "Statut", "Inscrit le"],
      ["Eve", "eve@example.org", "1", "Inscrit", formatDateTime(at(5))],
    ]);
    expect((await rowsOf(plain.id))[0]!.answer).toBe("");
  });

  it("gives the places added by raising the capacity (or removing it) to the waiting list", async () => {
    const event = await openEvent({ signupCapacity: 2 });
    await signUp(event.id, person(1, 2), at(0));
    const bruno = await signUp(event.id, person(2), at(1));
    const chloe = await signUp(event.id, person(3, 2), at(2));
    const david = await signUp(event.id, person(4), at(3));
    expect([bruno.status, chloe.status, david.status]).toEqual(["attente", "attente", "attente"]);
    const before = (await mails()).length;

    const updated = await updateSignupSettings(event.id, settings({ signupCapacity: 4 }), getDb());
    expect(updated).toMatchObject({ id: event.id, signupCapacity: 4 });
    // Two places: Bruno, then Chloé's two people do not fit in the one left, David does.
    expect(await rowOf(bruno)).toMatchObject({ status: "inscrit" });
    expect((await rowOf(bruno)).promotedAt).toBeInstanceOf(Date);
    expect(await rowOf(chloe)).toMatchObject({ status: "attente", promotedAt: null });
    expect(await rowOf(david)).toMatchObject({ status: "inscrit" });
    expect(present(await rowsOf(event.id))).toBe(4);
    expect((await mails()).slice(before).map((m) => [m.to, m.subject])).toEqual([
      ["personne2@example.org", "Une place s'est libérée : Atelier semis"],
      ["personne4@example.org", "Une place s'est libérée : Atelier semis"],
    ]);

    // Lowering it seats nobody and unseats nobody.
    await updateSignupSettings(event.id, settings({ signupCapacity: 1 }), getDb());
    expect(present(await rowsOf(event.id))).toBe(4);
    expect(await rowOf(chloe)).toMatchObject({ status: "attente" });
    expect((await mails()).length).toBe(before + 2);

    // No limit: everyone waiting comes in.
    await updateSignupSettings(event.id, settings({ signupCapacity: null }), getDb());
    expect(await rowOf(chloe)).toMatchObject({ status: "inscrit" });
    expect((await rowsOf(event.id)).every((r) => r.status === "inscrit")).toBe(true);
    expect((await mails()).slice(before + 2).map((m) => m.to)).toEqual(["personne3@example.org"]);
  });

  it("takes sign-ups to an event whose title was stored on two lines: its e-mails put it on one", async () => {
    const event = await openEvent({ title: "Fête\ndes récoltes" });
    const registration = await signUp(event.id, person(1));
    expect(await rowOf(registration)).toMatchObject({ status: "inscrit" });
    expect((await mails()).map((m) => m.subject)).toEqual([expect.stringContaining("Fête des récoltes")]);
  });
});
