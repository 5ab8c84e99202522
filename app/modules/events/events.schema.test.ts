import { describe, expect, it } from "vitest";
import { eventForm } from "../../../tests/factories";
import { eventFormSchema } from "./events.schema";

function messages(input: Record<string, unknown>) {
  const result = eventFormSchema.safeParse(input);
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

describe("eventFormSchema", () => {
  it("reads the dates as Paris time and returns what createEvent takes", () => {
    expect(eventFormSchema.parse(eventForm())).toEqual({
      title: "Fête des jardins",
      description: "Une journée portes ouvertes.",
      location: "Jardin des Brosses, Villeurbanne",
      start: new Date("2026-06-13T08:00:00.000Z"),
      endDate: new Date("2026-06-13T15:00:00.000Z"),
      content: "<p>Venez nombreux !</p>",
      image: "/media/fete.webp",
      imagesAnnexes: [],
      imageAlts: {},
    });
  });

  it("uses the winter offset in winter", () => {
    const result = eventFormSchema.parse(eventForm({ start: "2026-01-10T14:00", end: "2026-01-10T16:30" }));
    expect(result.start!.toISOString()).toBe("2026-01-10T13:00:00.000Z");
    expect(result.endDate!.toISOString()).toBe("2026-01-10T15:30:00.000Z");
  });

  it("handles an event across the change to summer time", () => {
    const result = eventFormSchema.parse(eventForm({ start: "2026-03-28T20:00", end: "2026-03-29T10:00" }));
    expect(result.start!.toISOString()).toBe("2026-03-28T19:00:00.000Z");
    expect(result.endDate!.toISOString()).toBe("2026-03-29T08:00:00.000Z");
  });

  it("requires title, start, end and content", () => {
    expect(messages(eventForm({ title: "", start: undefined, end: " ", content: "<p><br></p>" }))).toEqual({
      title: "Ce champ est obligatoire",
      start: "Ce champ est obligatoire",
      end: "Ce champ est obligatoire",
      content: "Ce champ est obligatoire",
    });
  });

  it("refuses dates that are not datetime-local values", () => {
    expect(messages(eventForm({ start: "13/06/2026 10:00", end: "2026-02-30T10:00" }))).toEqual({
      start: "Date invalide",
      end: "Date invalide",
    });
  });

  it("refuses a start later than the end, allows them equal", () => {
    expect(messages(eventForm({ start: "2026-06-13T17:01", end: "2026-06-13T17:00" }))).toEqual({
      start: "La date de début ne peut pas être postérieure à la date de fin.",
    });
    expect(eventFormSchema.safeParse(eventForm({ start: "2026-06-13T17:00", end: "2026-06-13T17:00" })).success).toBe(
      true,
    );
  });

  it("compares the order on the night clocks go back", () => {
    // Both repeated times read as their first (summer) occurrence, so 02:30 stays after 02:10.
    expect(messages(eventForm({ start: "2026-10-25T02:30", end: "2026-10-25T02:10" }))).toEqual({
      start: "La date de début ne peut pas être postérieure à la date de fin.",
    });
  });

  it("makes description, location and image optional", () => {
    const result = eventFormSchema.parse(eventForm({ description: undefined, location: "", image: "" }));
    expect(result).toMatchObject({ description: "", location: "", image: null });
    expect(messages(eventForm({ image: "data:image/png;base64,AAAA" }))).toEqual({
      image: "Adresse d'image invalide.",
    });
  });

  it("accepts at most 3 annex images and drops blob: addresses", () => {
    const list = ["/media/a.webp", "blob:http://localhost/x", "/media/b.webp", "/media/c.webp"];
    expect(eventFormSchema.parse(eventForm({ imagesannexes: JSON.stringify(list) })).imagesAnnexes).toEqual([
      "/media/a.webp",
      "/media/b.webp",
      "/media/c.webp",
    ]);
    expect(messages(eventForm({ imagesannexes: JSON.stringify([...list, "/media/d.webp"]) }))).toEqual({
      imagesannexes: "Vous pouvez ajouter au maximum 3 images.",
    });
  });
});
