import { describe, expect, it } from "vitest";
import { addDays, addMonths, calendarDay, dateToParisLocal, parisDateOf, parisLocalToDate } from "~/lib/paris-time";

describe("parisLocalToDate", () => {
  it.each([
    ["2026-01-15T23:59", "2026-01-15T22:59:00.000Z"],
    ["2026-07-01T00:30", "2026-06-30T22:30:00.000Z"],
    ["2026-03-29T01:59", "2026-03-29T00:59:00.000Z"],
    ["2026-03-29T03:00", "2026-03-29T01:00:00.000Z"],
    ["2026-10-25T01:30", "2026-10-24T23:30:00.000Z"],
    ["2026-10-25T03:00", "2026-10-25T02:00:00.000Z"],
    ["2026-06-13 10:00:30", "2026-06-13T08:00:30.000Z"],
  ])("reads %s as %s", (local, iso) => {
    expect(parisLocalToDate(local)?.toISOString()).toBe(iso);
  });

  it("moves a time skipped by the spring change forward by an hour", () => {
    expect(parisLocalToDate("2026-03-29T02:30")?.toISOString()).toBe("2026-03-29T01:30:00.000Z");
  });

  it("takes the first occurrence of a time repeated by the autumn change", () => {
    expect(parisLocalToDate("2026-10-25T02:30")?.toISOString()).toBe("2026-10-25T00:30:00.000Z");
  });

  it.each(["", "2026-13-01T10:00", "2026-02-29T10:00", "2026-01-01T24:00", "2026-01-01", "hier", "2026-01-01T10:60"])(
    "refuses %j",
    (local) => {
      expect(parisLocalToDate(local)).toBeNull();
    },
  );
});

describe("dateToParisLocal and parisDateOf", () => {
  it("give the Paris wall clock on both sides of a change", () => {
    expect(dateToParisLocal(new Date("2026-03-29T00:59:00Z"))).toBe("2026-03-29T01:59");
    expect(dateToParisLocal(new Date("2026-03-29T01:00:00Z"))).toBe("2026-03-29T03:00");
    expect(dateToParisLocal(new Date("2026-10-25T00:30:00Z"))).toBe("2026-10-25T02:30");
    expect(dateToParisLocal(new Date("2026-10-25T01:30:00Z"))).toBe("2026-10-25T02:30");
  });

  it("give the Paris calendar date, not the UTC one", () => {
    expect(parisDateOf(new Date("2026-06-30T22:30:00Z"))).toBe("2026-07-01");
    expect(parisDateOf(new Date("2026-12-31T22:59:00Z"))).toBe("2026-12-31");
    expect(parisDateOf(new Date("2026-12-31T23:00:00Z"))).toBe("2027-01-01");
  });

  it("round-trip every quarter hour of a day with a change", () => {
    for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
      const local = `2026-10-25T${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
      expect(dateToParisLocal(parisLocalToDate(local)!)).toBe(local);
    }
  });
});

describe("calendar arithmetic", () => {
  it("moves a day by days and months across months, years and 29 February", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-02-28", 1)).toBe("2027-03-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2027-01-01", -21)).toBe("2026-12-11");
    expect(addDays("2026-03-29", 1)).toBe("2026-03-30");
    expect(addMonths("2026-12-15", 1)).toBe("2027-01-15");
    expect(addMonths("2027-01-31", 1)).toBe("2027-03-03");
    expect(calendarDay(2026, 13, 10)).toBe("2027-01-10");
    expect(calendarDay(2026, 4, 31)).toBe("2026-05-01");
  });
});
