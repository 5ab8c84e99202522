import fs from "node:fs";
import path from "node:path";

/**
 * The data directory holds the database (password hashes, second-factor secrets, every application), the session
 * secret, e-mails and backups: nobody but the server's own account may read or write it. PGlite creates its files
 * 0666 whatever the umask, so closing the directory itself (0700) is what keeps others out; the files are tightened
 * too, so that a copy of the directory or a looser parent stays private. Media are public anyway and left as they are.
 */
const PUBLIC_ENTRIES = new Set(["media"]);

/** Creates `dir` 0700, or makes an existing one 0700; then removes group and other rights below it. */
export function makeDataDirPrivate(dir: string): { directoryWasOpen: boolean; tightened: number } {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const directoryWasOpen = (fs.statSync(dir).mode & 0o077) !== 0;
  if (directoryWasOpen) fs.chmodSync(dir, 0o700);
  let tightened = 0;
  for (const entry of fs.readdirSync(dir)) {
    if (!PUBLIC_ENTRIES.has(entry)) tightened += tighten(path.join(dir, entry));
  }
  return { directoryWasOpen, tightened };
}

/** Removes group and other rights from `file` and, for a directory, everything below it; links are left alone. */
function tighten(file: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(file);
  } catch {
    return 0; // removed meanwhile (a PostgreSQL temporary file)
  }
  if (stat.isSymbolicLink()) return 0;
  let count = 0;
  if (stat.mode & 0o077) {
    fs.chmodSync(file, stat.mode & 0o700);
    count++;
  }
  if (stat.isDirectory()) for (const entry of fs.readdirSync(file)) count += tighten(path.join(file, entry));
  return count;
}
