import { describe, expect, it } from "vitest";
import { backupDue, backupFileName, backupsToKeep } from "./backup-schedule.server";

const at = (iso: string) => ({ date: new Date(iso) });

describe("nightly backups", () => {
  it("keeps the newest of each of the last 7 days and of each of the last 4 weeks", () => {
    // Two a day for 40 days, at 03:00 and 15:00 UTC, the newest on Monday 23 November 2026.
    const backups = Array.from({ length: 80 }, (_, i) =>
      at(new Date(Date.UTC(2026, 10, 23, 15) - i * 12 * 3_600_000).toISOString()),
    );
    const kept = [...backupsToKeep(backups)].map((b) => b.date.toISOString()).sort();
    expect(kept).toEqual(
      [
        // The last 7 days, the newest of each.
        "2026-11-17T15:00:00.000Z",
        "2026-11-18T15:00:00.000Z",
        "2026-11-19T15:00:00.000Z",
        "2026-11-20T15:00:00.000Z",
        "2026-11-21T15:00:00.000Z",
        "2026-11-22T15:00:00.000Z",
        "2026-11-23T15:00:00.000Z",
        // 4 weeks: this one and last one (already kept as days), and the newest of the two before (Sundays).
        "2026-11-08T15:00:00.000Z",
        "2026-11-15T15:00:00.000Z",
      ].sort(),
    );
  });

  it("is due at night once 20 hours have passed, at any hour after 26, and at once when there is none", () => {
    const last = new Date("2026-11-22T02:30:00Z");
    expect(backupDue(new Date("2026-11-23T01:30:00Z"), null)).toBe(true);
    // 03:30 in Paris (UTC+1), 25 h later: due.
    expect(backupDue(new Date("2026-11-23T02:30:00Z"), last)).toBe(true);
    // 15:30 in Paris, 13 h later: not due.
    expect(backupDue(new Date("2026-11-22T14:30:00Z"), last)).toBe(false);
    // 20:30 in Paris, 18 h later: not due; 27 h later (06:30 the next day): due whatever the hour.
    expect(backupDue(new Date("2026-11-22T20:30:00Z"), last)).toBe(false);
    expect(backupDue(new Date("2026-11-23T05:30:00Z"), last)).toBe(true);
  });

  it("names files by their UTC time, sortable", () => {
    expect(backupFileName(new Date("2026-11-23T02:05:09.123Z"))).toBe("potager-2026-11-23T02-05-09Z.tar.gz");
  });
});
