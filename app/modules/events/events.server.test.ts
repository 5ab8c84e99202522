import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/db";
import { at, insertEvent } from "../../../tests/factories";
import {
  createEvent,
  deleteEvent,
  eventsForAdmin,
  eventsForCalendar,
  getEvent,
  getPublishedEvent,
  latestPastEvent,
  listEvents,
  nextUpcomingEvent,
  upcomingEvents,
  updateEvent,
  type EventInput,
} from "./events.server";

const now = new Date("2026-05-01T10:00:00.000Z");
const hours = (n: number) => new Date(now.getTime() + n * 3_600_000);

const input: EventInput = {
  title: "Fête des jardins",
  description: "Portes ouvertes",
  location: "Villeurbanne",
  start: new Date("2026-06-30T22:30:00.000Z"),
  endDate: new Date("2026-07-01T02:00:00.000Z"),
  content: "<p>Programme<script>alert(1)</script></p>",
  image: "/media/fete.webp",
};

describeEachDatabase("events module", () => {
  it("createEvent stores author 'admin', the Paris date of start and sanitised content", async () => {
    const event = await createEvent(input, now);
    expect(event).toMatchObject({
      title: "Fête des jardins",
      description: "Portes ouvertes",
      location: "Villeurbanne",
      start: input.start,
      endDate: input.endDate,
      content: "<p>Programme</p>",
      plainText: "Programme",
      image: "/media/fete.webp",
      imagesAnnexes: [],
      date: "2026-07-01",
      author: "admin",
      state: "publie",
    });
    expect(await getEvent(event.id)).toEqual(event);
    expect(await getPublishedEvent(event.id, now)).toEqual({ ...event, isPast: false });
  });

  it("createEvent dates a winter evening in Paris time", async () => {
    const start = new Date("2026-01-15T23:30:00.000Z");
    const event = await createEvent({ ...input, start, endDate: start }, now);
    expect(event.date).toBe("2026-01-16");
  });

  it("createEvent drops blob: addresses and keeps at most 3 annexes", async () => {
    const event = await createEvent(
      {
        ...input,
        imagesAnnexes: [
          "blob:http://localhost/1",
          "/media/a.webp",
          null,
          "/media/b.webp",
          "/media/c.webp",
          "/media/d.webp",
        ],
      },
      now,
    );
    expect(event.imagesAnnexes).toEqual(["/media/a.webp", "/media/b.webp", "/media/c.webp"]);
  });

  it("createEvent fills optional texts and image", async () => {
    const event = await createEvent({ title: "T", start: hours(1), endDate: hours(2), content: "<p>c</p>" }, now);
    expect(event).toMatchObject({ description: "", location: "", image: null });
  });

  it("isPast is computed against now at read time", async () => {
    const event = await insertEvent({ start: hours(-1) });
    const future = await insertEvent({ start: hours(1) });
    const exactlyNow = await insertEvent({ start: now });
    expect((await getPublishedEvent(event.id, now))?.isPast).toBe(true);
    expect((await getPublishedEvent(future.id, now))?.isPast).toBe(false);
    expect((await getPublishedEvent(exactlyNow.id, now))?.isPast).toBe(false);
    expect((await getPublishedEvent(future.id, hours(2)))?.isPast).toBe(true);
    expect((await getPublishedEvent(future.id))?.isPast).toBe(future.start!.getTime() < Date.now());
  });

  it("listEvents orders by created_at desc, then id desc, with isPast", async () => {
    const a = await insertEvent({ createdAt: at(0), start: hours(5) });
    const b = await insertEvent({ createdAt: at(10), start: hours(-5) });
    const c = await insertEvent({ createdAt: at(10), start: hours(1) });
    const d = await insertEvent({ createdAt: at(20), start: hours(-1) });
    const list = await listEvents(now);
    expect(list.map((e) => e.id)).toEqual([d.id, c.id, b.id, a.id]);
    expect(list.map((e) => e.isPast)).toEqual([true, false, true, false]);
  });

  it("the back-office lists published events by start desc, a page at a time", async () => {
    const a = await insertEvent({ createdAt: at(30), start: hours(-48) });
    const b = await insertEvent({ createdAt: at(10), start: hours(48) });
    const c = await insertEvent({ createdAt: at(20), start: hours(2) });
    const page = (n: number, pageSize = 20) => eventsForAdmin({ q: "", page: n, pageSize });
    expect((await page(1)).published.map((e) => e.id)).toEqual([b.id, c.id, a.id]);
    expect((await page(2, 2)).published.map((e) => e.id)).toEqual([a.id]);
    expect((await page(2, 2)).publishedTotal).toBe(3);
  });

  it("the calendar holds published events from a given day on, by start", async () => {
    const old = await insertEvent({ start: hours(-24 * 400) });
    const recent = await insertEvent({ start: hours(-24 * 30) });
    const coming = await insertEvent({ start: hours(24) });
    const since = hours(-24 * 365);
    expect((await eventsForCalendar(since, now)).map((e) => e.id)).toEqual([recent.id, coming.id]);
    expect(old.id).toBeLessThan(recent.id);
  });

  it("getEvent returns undefined for an unknown or invalid id", async () => {
    const event = await insertEvent();
    expect(await getEvent(event.id + 1)).toBeUndefined();
    expect(await getEvent(Number.NaN)).toBeUndefined();
  });

  it("updateEvent rewrites the event and recomputes the date", async () => {
    const event = await createEvent(input, now);
    const start = new Date("2026-09-10T22:15:00.000Z");
    const updated = await updateEvent(event.id, {
      ...input,
      title: "Nouveau",
      start,
      endDate: new Date("2026-09-11T08:00:00.000Z"),
      imagesAnnexes: ["/media/z.webp"],
    });
    expect(updated).toMatchObject({
      id: event.id,
      title: "Nouveau",
      start,
      date: "2026-09-11",
      imagesAnnexes: ["/media/z.webp"],
      author: "admin",
      createdAt: event.createdAt,
    });
    expect(await getEvent(event.id)).toEqual(updated);
  });

  it("an updated event's isPast follows its new start", async () => {
    const event = await insertEvent({ start: hours(3) });
    await updateEvent(event.id, { ...input, start: hours(-3), endDate: hours(-2) });
    expect((await getPublishedEvent(event.id, now))?.isPast).toBe(true);
  });

  it("updateEvent returns undefined for an unknown event", async () => {
    expect(await updateEvent(7, input)).toBeUndefined();
    expect(await listEvents(now)).toEqual([]);
  });

  it("deleteEvent says whether the event existed", async () => {
    const event = await insertEvent();
    const kept = await insertEvent();
    expect(await deleteEvent(event.id)).toBe(true);
    expect(await deleteEvent(event.id)).toBe(false);
    expect((await listEvents()).map((e) => e.id)).toEqual([kept.id]);
  });

  it("nextUpcomingEvent is the soonest start at or after now", async () => {
    await insertEvent({ start: hours(-1) });
    await insertEvent({ start: hours(30) });
    const soon = await insertEvent({ start: hours(2) });
    await insertEvent({ start: hours(5) });
    expect(await nextUpcomingEvent(now)).toMatchObject({ id: soon.id, isPast: false });
    const starting = await insertEvent({ start: now });
    expect((await nextUpcomingEvent(now))?.id).toBe(starting.id);
  });

  it("latestPastEvent is the most recent start before now", async () => {
    await insertEvent({ start: hours(-30) });
    const recent = await insertEvent({ start: hours(-1) });
    await insertEvent({ start: hours(-5) });
    await insertEvent({ start: hours(1) });
    await insertEvent({ start: now });
    expect(await latestPastEvent(now)).toMatchObject({ id: recent.id, isPast: true });
  });

  it("nextUpcomingEvent and latestPastEvent return undefined when there is none", async () => {
    expect(await nextUpcomingEvent(now)).toBeUndefined();
    expect(await latestPastEvent(now)).toBeUndefined();
    await insertEvent({ start: hours(-1) });
    expect(await nextUpcomingEvent(now)).toBeUndefined();
  });

  it("upcomingEvents returns the n soonest future events", async () => {
    await insertEvent({ start: hours(-2) });
    const c = await insertEvent({ start: hours(9) });
    const a = await insertEvent({ start: hours(1) });
    await insertEvent({ start: hours(12) });
    const b = await insertEvent({ start: hours(4) });
    expect((await upcomingEvents(3, now)).map((e) => e.id)).toEqual([a.id, b.id, c.id]);
    expect(await upcomingEvents(3, hours(20))).toEqual([]);
  });
});
