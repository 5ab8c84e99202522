// Administrator accounts: `npm run admin -- create <identifiant>`, `reset-password <identifiant>`, `list`,
// `remove <identifiant>` (never the last one) and `disable-2fa <identifiant>` (a lost phone). And the DKIM key of the
// site's e-mails: `dkim-key [sélecteur]` creates it once and prints the DNS record to publish.
// Passwords are read from a hidden prompt or from standard input, never from the command line.
import "./load-env.ts";
import readline from "node:readline";
import { closeDatabase, fail, openDatabaseFor, print } from "./command.ts";

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let input = "";
    for await (const chunk of process.stdin) input += chunk;
    return input.split(/\r?\n/)[0] ?? "";
  }
  const ask = (question: string) =>
    new Promise<string>((resolve) => {
      const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
      // Echo nothing while the password is typed.
      (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s) => {
        if (s === question) process.stdout.write(s);
      };
      rl.question(question, (answer) => {
        rl.close();
        process.stdout.write("\n");
        resolve(answer);
      });
    });
  const first = await ask("Mot de passe : ");
  const second = await ask("Confirmez le mot de passe : ");
  if (first !== second) fail("Les deux mots de passe sont différents.");
  return first;
}

/** Creates the DKIM key of `selector` if it is missing, and says what to publish in the domain's DNS zone. */
async function dkimKey(selector: string | undefined) {
  const { env } = await import("~/server/env.server");
  const { createDkimKey, dkimDomain, dkimRecord, zoneFileStrings } = await import("~/modules/mail/dkim.server");
  const chosen = selector ?? env.DKIM_SELECTOR ?? "potager";
  if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(chosen))
    fail("Le sélecteur DKIM s'écrit en lettres, chiffres et tirets, par exemple potager.");
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

async function main() {
  const [command, username] = process.argv.slice(2);
  const usage =
    "Usage : npm run admin -- create <identifiant> | reset-password <identifiant> | remove <identifiant> | disable-2fa <identifiant> | list | dkim-key [sélecteur]";
  if (command === "dkim-key") return dkimKey(username);
  if (!command || (command !== "list" && !username)) fail(usage);

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
      if (!outcome.ok) fail(outcome.message);
      print(outcome.message);
      return;
    }
    if (command !== "create" && command !== "reset-password") fail(usage);
    const password = await readPassword();
    const weakness = await passwordWeakness(password, [username]);
    if (weakness) fail(weakness);
    if (command === "create") {
      if ((await listAdmins()).some((a) => a.username === username.trim()))
        fail(`L'administrateur « ${username} » existe déjà.`);
      await createAdmin(username, password);
      print(`Administrateur « ${username.trim()} » créé.`);
    } else {
      if (!(await setAdminPassword(username, password))) fail(`Aucun administrateur « ${username} ».`);
      print(`Mot de passe de « ${username.trim()} » modifié ; ses sessions ouvertes sont fermées.`);
    }
  } finally {
    await closeDatabase(handle);
  }
}

await main().catch((error: Error) => fail(error.message));
