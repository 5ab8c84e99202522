import { describe, expect, it } from "vitest";
import { gardenMonth, gardenVideoSearchUrl, PLANTING_CALENDAR } from "./planting-calendar";

describe("planting calendar", () => {
  it("has the twelve months in order, each with something to sow, plant and harvest, and the month's work", () => {
    expect(PLANTING_CALENDAR.map((m) => m.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const sizes = PLANTING_CALENDAR.map((m) => [
      m.name,
      Math.min(m.sow.length, m.plant.length, m.harvest.length) > 0,
      m.work.length > 40,
    ]);
    expect(sizes.filter(([, lists, work]) => !lists || !work)).toEqual([]);
  });

  it("keeps Lyon's frost dates: tomatoes go out in May, after the Saints de glace, and are harvested in summer", () => {
    const monthsWhere = (list: "plant" | "harvest", word: string) =>
      PLANTING_CALENDAR.filter((m) => m[list].some((item) => item.includes(word))).map((m) => m.month);
    expect(monthsWhere("plant", "tomates")).toEqual([5]);
    expect(monthsWhere("harvest", "tomates")).toEqual([7, 8, 9]);
    expect(monthsWhere("plant", "ail")).toEqual(expect.arrayContaining([10, 11]));
  });

  it("takes the month in Paris time", () => {
    // 23:30 UTC on 30 November is already 1 December in Paris.
    expect(gardenMonth(new Date("2026-11-30T23:30:00Z")).name).toBe("décembre");
    expect(gardenMonth(new Date("2026-11-30T12:00:00Z")).name).toBe("novembre");
  });

  it("links to a search for the month's videos, not to a video of its own choosing", () => {
    const url = new URL(gardenVideoSearchUrl(gardenMonth(new Date("2026-04-10T12:00:00Z"))));
    expect(url.origin + url.pathname).toBe("https://www.youtube.com/results");
    expect(url.searchParams.get("search_query")).toBe("potager que semer et planter en avril");
    expect(url.searchParams.has("v")).toBe(false);
  });
});
