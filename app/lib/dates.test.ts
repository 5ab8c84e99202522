import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, toIso } from "./dates";

describe("formatDate", () => {
  it("writes the day, the full French month and the year", () => {
    expect(formatDate("2026-03-03T10:00:00Z")).toBe("3 mars 2026");
    expect(formatDate(new Date("2026-08-15T12:00:00Z"))).toBe("15 août 2026");
    expect(formatDate("2026-12-01T10:00:00Z")).toBe("1 décembre 2026");
  });

  it("uses Paris time, not UTC, near midnight", () => {
    // 23:30 UTC on 31 December is already 1 January in Paris (UTC+1).
    expect(formatDate("2025-12-31T23:30:00Z")).toBe("1 janvier 2026");
    // 22:30 UTC on 30 June is 00:30 on 1 July in Paris (UTC+2, summer time).
    expect(formatDate("2026-06-30T22:30:00Z")).toBe("1 juillet 2026");
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

describe("toIso", () => {
  it("gives an ISO timestamp for <time>", () => {
    expect(toIso(Date.UTC(2026, 0, 2, 3, 4, 5))).toBe("2026-01-02T03:04:05.000Z");
  });
});
