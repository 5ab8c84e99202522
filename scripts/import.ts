// Moves the association's previous site in: `npm run import -- DIR [--dry-run]`, DIR holding one CSV or JSON file
// per table of its export. Images are downloaded and stored like uploads; running it again imports only new rows.
// The server must be stopped when it uses the embedded database.
import "./load-env.ts";
import { closeDatabase, fail, openDatabaseFor, print } from "./command.ts";

const args = process.argv.slice(2);
const dryRun = args.includes("--dry-run");
const dir = args.find((arg) => arg !== "--dry-run");
if (!dir) fail("Usage : npm run import -- <dossier de l'export> [--dry-run]");

const { importExport, summary } = await import("~/modules/import/import.server");
const { ImportFileError } = await import("~/modules/import/import-files.server");
const { countDemoRows } = await import("~/modules/demo/demo.server");
const { countOverdue } = await import("~/modules/retention/retention.server");

const handle = await openDatabaseFor(`l'import (processus ${process.pid})`);
try {
  if (dryRun) print("Simulation : rien n'est écrit ni téléchargé.");
  const report = await importExport(dir, { dryRun });
  for (const table of report.tables) {
    print(`${table.file} — ${summary(table, dryRun)}`);
    for (const note of table.notes) print(`  • ${note}`);
  }
  if (report.missing.length > 0)
    print(`Pas de fichier pour : ${report.missing.join(", ")} (nom attendu : <table>.csv ou <table>.json).`);
  const imported = report.tables.reduce((sum, t) => sum + t.imported, 0);
  const missingImages = report.tables.reduce((sum, t) => sum + t.imagesMissing, 0);
  print(
    `${dryRun ? "Simulation terminée" : "Import terminé"} : ${imported} ligne(s) ${dryRun ? "à importer" : "importée(s)"}${missingImages ? `, ${missingImages} image(s) laissée(s) de côté (voir ci-dessus)` : ""}.`,
  );
  if (!dryRun) {
    // Old records past the association's retention periods go at the server's next pass: better said now.
    const due = await countOverdue();
    const overdue = [
      [due.archivedApplications, "demande(s) archivée(s)"],
      [due.pendingAds, "annonce(s) en attente"],
      [due.expiredAds, "annonce(s) validée(s) expirée(s)"],
    ] as const;
    const said = overdue.filter(([n]) => n > 0).map(([n, what]) => `${n} ${what}`);
    if (said.length > 0) {
      print(
        `Au-delà des durées de conservation en vigueur, le serveur supprimera : ${said.join(", ")}. Pour les garder, allongez ces durées dans Administration › Paramètres › « Données personnelles » juste après avoir démarré le serveur (il fait ce ménage un quart d’heure après son démarrage, puis tous les quarts d’heure).`,
      );
    }
    if ((await countDemoRows()) > 0) {
      print(
        "Le contenu de démonstration est toujours là : le tableau de bord propose « Retirer le contenu de démonstration ».",
      );
    }
  }
} catch (error) {
  fail(
    error instanceof ImportFileError
      ? error.message
      : `Import interrompu : ${error instanceof Error ? error.message : String(error)}`,
  );
} finally {
  await closeDatabase(handle);
}
