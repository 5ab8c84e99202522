// The hoster's tool (host mode, docs/decisions/039): `npm run host -- create <hôte> "<nom de l'association>"
// <e-mail de l'administrateur> [--demo]`, `list`, `suspend <hôte>`, `resume <hôte>`. It works on the registry of
// HOST_DATABASE_URL; a running host server follows each change (PostgreSQL's NOTIFY), without a restart.
import "./load-env.ts";
import { fail, print } from "./command.ts";

const USAGE =
  "Usage : npm run host -- create <hôte> \"<nom de l'association>\" <e-mail de l'administrateur> [--demo] | list | suspend <hôte> | resume <hôte>";

async function hostCommand(args: string[], say: (line: string) => void) {
  const { createHostedAssociation, listHostedAssociations, setHostedState, HostRefusal } =
    await import("~/startup/host-commands.server");
  const [command, ...rest] = args;
  if (command === "create" && (rest.length === 3 || (rest.length === 4 && rest[3] === "--demo"))) {
    const [host, name, email] = rest as [string, string, string];
    const created = await createHostedAssociation({ host, name, email, demo: rest[3] === "--demo" });
    say(
      `Association créée : ${created.entry.name} sur https://${created.entry.host} (base potager_${created.entry.id}).`,
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
      say(`${a.host} — ${a.name} — ${a.state}${a.failure ? ` (${a.failure})` : ""} — base potager_${a.id}`);
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
  throw new HostRefusal(USAGE);
}

await hostCommand(process.argv.slice(2), print).catch((error: Error) => fail(error.message));
