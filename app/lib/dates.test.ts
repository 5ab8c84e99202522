import { describe, expect, it } from "vitest";
import { formatCalendarDate, formatDate, formatDateTime, formatDayTime, toIso } from "./dates";

describe("formatDate", () => {
  it("writes the day, the full French month and the year", () => {
    expect(formatDate("2026-03-03T10:00:00Z")).toBe("3 mars 2026");
    expect(formatDate(new Date("2026-08-15T12:00:00Z"))).toBe("15 août 2026");
    expect(formatDate("2026-12-01T10:00:00Z")).toBe("1er décembre 2026");
    expect(formatDate("2026-12-11T10:00:00Z")).toBe("11 décembre 2026");
    expect(formatDate("2026-12-21T10:00:00Z")).toBe("21 décembre 2026");
  });

  it("uses Paris time, not UTC, near midnight", () => {
    // 23:30 UTC on 31 December is already 1 January in Paris (UTC+1).
    expect(formatDate("2025-12-31T23:30:00Z")).toBe("1er janvier 2026");
    // 22:30 UTC on 30 June is 00:30 on 1 July in Paris (UTC+2, summer time).
    expect(formatDate("2026-06-30T22:30:00Z")).toBe("1er juillet 2026");
  });
});

describe("formatDateTime", () => {
  it("adds the Paris time of day", () => {
    expect(formatDateTime("2026-05-09T07:30:00Z")).toBe("9 mai 2026 à 09h30");
    expect(formatDateTime("2026-01-09T07:30:00Z")).toBe("9 janvier 2026 à 08h30");
    expect(formatDateTime("2026-12-04T17:00:00Z")).toBe("4 décembre 2026 à 18h00");
    expect(formatDateTime("2026-12-04T23:00:00Z")).toBe("5 décembre 2026 à 00h00");
  });
});

describe("the first of a month", () => {
  it("is « 1er » in every way a date is written", () => {
    expect(formatCalendarDate("2026-07-01")).toBe("1er juillet 2026");
    expect(formatDateTime("2026-06-30T22:30:00Z")).toBe("1er juillet 2026 à 00h30");
    expect(formatDayTime("2026-12-01T17:02:00Z")).toBe("1er décembre à 18h02");
    expect(formatDayTime("2026-12-10T17:02:00Z")).toBe("10 décembre à 18h02");
  });
});

describe("toIso", () => {
  it("gives an ISO timestamp for <time>", () => {
    expect(toIso(Date.UTC(2026, 0, 2, 3, 4, 5))).toBe("2026-01-02T03:04:05.000Z");
  });
});
