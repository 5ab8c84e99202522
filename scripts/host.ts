// The hoster's tool (host mode, docs/decisions/039): `npm run host -- create <hôte> "<nom de l'association>"
// <e-mail de l'administrateur> [--demo]`, `list`, `suspend <hôte>`, `resume <hôte>`, `export <hôte> [fichier]`,
// `import <hôte> "<nom>" <archive>`, `delete <hôte> --confirmer=<hôte>` (after an export). It works on the registry of
// HOST_DATABASE_URL; a running host server follows each change (PostgreSQL's NOTIFY), without a restart.
import "./load-env.ts";
import { fail, print } from "./command.ts";

const USAGE =
  "Usage : npm run host -- create <hôte> \"<nom de l'association>\" <e-mail de l'administrateur> [--demo] | list | suspend <hôte> | resume <hôte>";

async function hostCommand(args: string[], say: (line: string) => void) {
  const {
    createHostedAssociation,
    deleteHostedAssociation,
    exportHostedAssociation,
    importHostedAssociation,
    listHostedAssociations,
    setHostedState,
    HostRefusal,
  } = await import("~/startup/host-commands.server");
  const { associationDatabaseName } = await import("~/startup/host-registry.server");
  const [command, ...rest] = args;
  if (command === "create" && (rest.length === 3 || (rest.length === 4 && rest[3] === "--demo"))) {
    const [host, name, email] = rest as [string, string, string];
    const created = await createHostedAssociation({ host, name, email, demo: rest[3] === "--demo" });
    say(
      `Association créée : ${created.entry.name} sur https://${created.entry.host} (base ${associationDatabaseName(created.entry.id)}).`,
    );
    say(
      created.mailed
        ? `Invitation de ${created.username} envoyée à ${email}. Le lien, valable 48 h :`
        : `Invitation de ${created.username} : transmettez ce lien, valable 48 h, à ${email} :`,
    );
    say(`  ${created.link}`);
    return;
  }
  if (command === "list" && rest.length === 0) {
    const associations = await listHostedAssociations();
    if (associations.length === 0) say("Aucune association.");
    for (const a of associations)
      say(
        `${a.host} — ${a.name} — ${a.state}${a.failure ? ` (${a.failure})` : ""} — base ${associationDatabaseName(a.id)}`,
      );
    return;
  }
  if ((command === "suspend" || command === "resume") && rest.length === 1) {
    const changed = await setHostedState(rest[0]!, command === "suspend" ? "suspendue" : "active");
    say(
      command === "suspend"
        ? `${changed.host} est suspendue : le site affiche une page de maintenance, ses tâches sont arrêtées.`
        : `${changed.host} est de nouveau en ligne.`,
    );
    return;
  }
  if (command === "export" && (rest.length === 1 || rest.length === 2)) {
    const exported = await exportHostedAssociation(rest[0]!, rest[1]);
    const rows = exported.manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    say(`${exported.entry.host} exportée : ${exported.file}`);
    say(
      `${exported.manifest.tables.length} tables, ${rows} lignes, ${exported.manifest.media.length} fichiers d'images. Elle se restaure dans un Potager seul (npm run restore) ou ici (npm run host -- import).`,
    );
    return;
  }
  if (command === "import" && rest.length === 3) {
    const [host, name, file] = rest as [string, string, string];
    const imported = await importHostedAssociation({ host, name, file });
    say(
      `Association importée : ${imported.entry.name} sur https://${imported.entry.host} (base ${associationDatabaseName(imported.entry.id)}).`,
    );
    say("Ses comptes et leurs mots de passe sont ceux de l'archive.");
    return;
  }
  if (command === "delete" && (rest.length === 1 || (rest.length === 2 && rest[1]!.startsWith("--confirmer=")))) {
    const deleted = await deleteHostedAssociation(rest[0]!, rest[1]?.slice("--confirmer=".length));
    say(
      `${deleted.host} est supprimée : sa base ${associationDatabaseName(deleted.id)}, ses fichiers et son entrée du registre.`,
    );
    return;
  }
  throw new HostRefusal(USAGE);
}

await hostCommand(process.argv.slice(2), print).catch((error: Error) => fail(error.message));
