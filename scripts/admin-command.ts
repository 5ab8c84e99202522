// What `npm run admin` does with its arguments: administrator accounts and the DKIM key. Apart from ./cli.ts, which
// reads the arguments and the password, so that tests run the commands in their own process, and start the tool only
// for what belongs to a process: standard input, the exit code, the database's lock.
import { closeDatabase, openDatabaseFor } from "./command.ts";

/** A refusal the person can act on: the tool prints its sentence alone, without a stack trace, and exits with 1. */
export class Refusal extends Error {}

function refuse(message: string): never {
  throw new Refusal(message);
}

/** Creates the DKIM key of `selector` if it is missing, and says what to publish in the domain's DNS zone. */
async function dkimKey(selector: string | undefined, print: (line: string) => void) {
  const { env } = await import("~/server/env.server");
  const { createDkimKey, dkimDomain, dkimRecord, zoneFileStrings } = await import("~/modules/mail/dkim.server");
  const chosen = selector ?? env.DKIM_SELECTOR ?? "potager";
  if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(chosen))
    refuse("Le sélecteur DKIM s'écrit en lettres, chiffres et tirets, par exemple potager.");
  const { file, created, privateKey } = createDkimKey(chosen);
  const domain = dkimDomain();
  const record = dkimRecord(privateKey, chosen, domain);
  print(created ? `Clé DKIM créée : ${file}` : `La clé DKIM existe déjà (elle est gardée) : ${file}`);
  print("");
  print("Enregistrement DNS à publier (type TXT) :");
  print(`  nom    : ${record.name}`);
  print(`  valeur : ${record.value}`);
  print("");
  print("Dans un fichier de zone :");
  print(`  ${record.name}. IN TXT ( ${zoneFileStrings(record.value)} )`);
  print("");
  print(
    `Puis, dans .env : DKIM_SELECTOR=${chosen}${env.DKIM_DOMAIN ? "" : ` (signature pour ${domain}, le domaine de MAIL_FROM)`}`,
  );
  print("et redémarrez le site une fois l'enregistrement visible (quelques minutes à quelques heures).");
}

/**
 * Runs the command `args` names (what follows `npm run admin --`): what it says goes to `io.print`, line by line; a
 * refusal rejects with its French sentence, which the tool prints alone before exiting with 1.
 */
export async function adminCommand(args: string[], io: { print(line: string): void; readPassword(): Promise<string> }) {
  const { print } = io;
  const [command, username] = args;
  const usage =
    "Usage : npm run admin -- create <identifiant> | reset-password <identifiant> | remove <identifiant> | disable-2fa <identifiant> | list | dkim-key [sélecteur]";
  if (command === "dkim-key") return dkimKey(username, print);
  if (!command || (command !== "list" && !username)) return refuse(usage);

  // Imported here, after .env is read, so that a wrong setting is reported in one line like any other refusal.
  const { createAdmin, listAdmins, setAdminPassword } = await import("~/modules/auth/auth.server");
  const { passwordWeakness } = await import("~/modules/accounts/password-policy.server");
  const { isRole, ROLE_LABELS } = await import("~/modules/auth/roles");
  const { removeAdminByName, disableTotpByName } = await import("~/modules/accounts/accounts.cli.server");
  const handle = await openDatabaseFor(`l'outil d'administration (processus ${process.pid}, commande « ${command} »)`);
  try {
    if (command === "list") {
      const admins = await listAdmins();
      if (admins.length === 0) print("Aucun administrateur.");
      for (const a of admins) {
        const role = isRole(a.role) ? ROLE_LABELS[a.role] : a.role;
        const sites = a.sites.length > 0 ? ` : ${a.sites.join(", ")}` : "";
        print(`${a.username}\t${role}${sites}\t(créé le ${a.createdAt.toLocaleDateString("fr-FR")})`);
      }
      return;
    }
    if (command === "remove" || command === "disable-2fa") {
      const outcome = command === "remove" ? await removeAdminByName(username) : await disableTotpByName(username);
      if (!outcome.ok) refuse(outcome.message);
      print(outcome.message);
      return;
    }
    if (command !== "create" && command !== "reset-password") refuse(usage);
    const password = await io.readPassword();
    const weakness = await passwordWeakness(password, [username]);
    if (weakness) refuse(weakness);
    if (command === "create") {
      if ((await listAdmins()).some((a) => a.username === username.trim()))
        refuse(`L'administrateur « ${username} » existe déjà.`);
      await createAdmin(username, password);
      print(`Administrateur « ${username.trim()} » créé.`);
    } else {
      if (!(await setAdminPassword(username, password))) refuse(`Aucun administrateur « ${username} ».`);
      print(`Mot de passe de « ${username.trim()} » modifié ; ses sessions ouvertes sont fermées.`);
    }
  } finally {
    await closeDatabase(handle);
  }
}
