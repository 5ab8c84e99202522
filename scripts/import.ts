// Moves the association's previous site in: `npm run import -- DIR [--dry-run]`, DIR holding one CSV or JSON file
// per table of its export. Images are downloaded and stored like uploads; running it again imports only new rows.
// The server must be stopped when it uses the embedded database.
import "./load-env.ts";

const print = (line: string) => process.stdout.write(`${line}\n`);
function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const args = process.argv.slice(2);
const dryRun = args.includes("--dry-run");
const dir = args.find((arg) => arg !== "--dry-run");
if (!dir) fail("Usage : npm run import -- <dossier de l'export> [--dry-run]");

const { openConfiguredDatabase } = await import("~/services.server");
const { useDatabase } = await import("~/db/client.server");
const { importExport, summary } = await import("~/modules/import/import.server");
const { ImportFileError } = await import("~/modules/import/import-files.server");
const { countDemoRows } = await import("~/modules/demo/demo.server");
const { countOverdue } = await import("~/modules/retention/retention.server");

let handle: Awaited<ReturnType<typeof openConfiguredDatabase>>;
try {
  handle = await openConfiguredDatabase(`l'import (processus ${process.pid})`);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
useDatabase(handle);
try {
  if (dryRun) print("Simulation : rien n'est écrit ni téléchargé.");
  const report = await importExport(dir, { dryRun });
  for (const table of report.tables) {
    print(`${table.file} — ${summary(table, dryRun)}`);
    for (const note of table.notes) print(`  • ${note}`);
  }
  if (report.missing.length > 0) print(`Pas de fichier pour : ${report.missing.join(", ")} (nom attendu : <table>.csv ou <table>.json).`);
  const imported = report.tables.reduce((sum, t) => sum + t.imported, 0);
  const missingImages = report.tables.reduce((sum, t) => sum + t.imagesMissing, 0);
  print(`${dryRun ? "Simulation terminée" : "Import terminé"} : ${imported} ligne(s) ${dryRun ? "à importer" : "importée(s)"}${missingImages ? `, ${missingImages} image(s) laissée(s) de côté (voir ci-dessus)` : ""}.`);
  // Old records past the association's retention periods go at the server's next pass: better said now.
  const due = dryRun ? null : await countOverdue();
  const overdue = due && [
    [due.archivedApplications, "demande(s) archivée(s)"],
    [due.pendingAds, "annonce(s) en attente"],
    [due.expiredAds, "annonce(s) validée(s) expirée(s)"],
  ].filter(([n]) => Number(n) > 0);
  if (overdue && overdue.length > 0) {
    print(`Au-delà des durées de conservation en vigueur, le serveur supprimera : ${overdue.map(([n, what]) => `${n} ${what}`).join(", ")}. Pour les garder, allongez ces durées dans Administration › Paramètres › « Données personnelles » juste après avoir démarré le serveur (il fait ce ménage un quart d’heure après son démarrage, puis tous les quarts d’heure).`);
  }
  if (!dryRun && (await countDemoRows()) > 0) {
    print("Le contenu de démonstration est toujours là : le tableau de bord propose « Retirer le contenu de démonstration ».");
  }
} catch (error) {
  fail(error instanceof ImportFileError ? error.message : `Import interrompu : ${error instanceof Error ? error.message : String(error)}`);
} finally {
  useDatabase(undefined);
  await handle.close();
}
