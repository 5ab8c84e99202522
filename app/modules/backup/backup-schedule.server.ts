import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { associationDir } from "~/db/association.server";
import type { Job } from "~/server/jobs.server";
import { createBackup } from "./backup.server";
import { parisDateOf } from "~/lib/paris-time";

/** Backups the server makes on its own, in DATA_DIR/backups: one a night, 7 daily and 4 weekly ones kept. */
export const KEEP_DAILY = 7;
export const KEEP_WEEKLY = 4;
/** The dashboard warns when the newest backup is older than this. */
export const BACKUP_STALE_MS = 48 * 60 * 60 * 1000;
const NAME = /^potager-(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.tar\.gz$/;

export function backupDir() {
  return path.join(associationDir(), "backups");
}

export function backupFileName(date: Date) {
  return `potager-${date.toISOString().slice(0, 19).replace(/:/g, "-")}Z.tar.gz`;
}

/** The complete backups in the directory (a partial one has another name), newest first. */
export async function listBackups(dir = backupDir()): Promise<{ file: string; date: Date }[]> {
  const names = fs.existsSync(dir) ? await fsp.readdir(dir) : [];
  return names
    .map((name) => {
      const m = NAME.exec(name);
      return m
        ? { file: path.join(dir, name), date: new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6])) }
        : null;
    })
    .filter((b): b is { file: string; date: Date } => b !== null)
    .sort((a, b) => b.date.getTime() - a.date.getTime());
}

/** The ISO week of a date, as "2026-W48". */
function isoWeek(date: Date) {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  return `${day.getUTCFullYear()}-W${Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7)}`;
}

/** Which backups to keep: the newest of each of the last 7 days that have one, and of each of the last 4 weeks. */
export function backupsToKeep<T extends { date: Date }>(backups: T[]): Set<T> {
  const newestFirst = [...backups].sort((a, b) => b.date.getTime() - a.date.getTime());
  const days = new Set<string>();
  const weeks = new Set<string>();
  const keep = new Set<T>();
  for (const backup of newestFirst) {
    const day = parisDateOf(backup.date);
    if (!days.has(day) && days.size < KEEP_DAILY) {
      days.add(day);
      keep.add(backup);
    }
    const week = isoWeek(backup.date);
    if (!weeks.has(week) && weeks.size < KEEP_WEEKLY) {
      weeks.add(week);
      keep.add(backup);
    }
  }
  return keep;
}

/**
 * Writes a backup into DATA_DIR/backups now, then removes those no longer kept; returns its path. `signal` stops it
 * early, leaving nothing (the next run makes it).
 */
export async function backupNow(kind: "pglite" | "postgres", now = new Date(), signal?: AbortSignal): Promise<string> {
  const file = path.join(backupDir(), backupFileName(now));
  await createBackup(file, kind, signal);
  const all = await listBackups();
  const keep = backupsToKeep(all);
  for (const backup of all) if (!keep.has(backup)) await fsp.rm(backup.file, { force: true });
  return file;
}

export async function lastBackupDate(): Promise<Date | null> {
  return (await listBackups())[0]?.date ?? null;
}

const parisHours = new Intl.DateTimeFormat("en-GB", { hour: "numeric", hourCycle: "h23", timeZone: "Europe/Paris" });
const parisHour = (date: Date) => Number(parisHours.formatToParts(date).find((part) => part.type === "hour")!.value);

/** Due at night (2 h – 6 h, Paris) once 20 h have passed since the last one, or at any hour after 26 h. */
export function backupDue(now: Date, last: Date | null) {
  if (!last) return true;
  const age = now.getTime() - last.getTime();
  return age > 26 * 3_600_000 || (age > 20 * 3_600_000 && parisHour(now) >= 2 && parisHour(now) < 6);
}

/** Looks every 15 minutes (first a minute after start) whether the nightly backup is due, and makes it. */
export function backupJob(kind: "pglite" | "postgres"): Job<string | null> {
  return {
    name: "sauvegarde",
    everyMs: 15 * 60_000,
    firstAfterMs: 60_000,
    once: true,
    // Stopped by the server's stop: still due, it is made at the next start's first run.
    run: async (signal) => (backupDue(new Date(), await lastBackupDate()) ? backupNow(kind, new Date(), signal) : null),
    report: (file) => (file ? { file } : undefined),
  };
}
