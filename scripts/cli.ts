// Administrator accounts: `npm run admin -- create <identifiant>`, `reset-password <identifiant>`, `list`,
// `remove <identifiant>` (never the last one) and `disable-2fa <identifiant>` (a lost phone).
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

async function main() {
  const [command, username] = process.argv.slice(2);
  const usage =
    "Usage : npm run admin -- create <identifiant> | reset-password <identifiant> | remove <identifiant> | disable-2fa <identifiant> | list";
  if (!command || (command !== "list" && !username)) fail(usage);

  // Imported here, after .env is read, so that a wrong setting is reported in one line like any other refusal.
  const { createAdmin, listAdmins, setAdminPassword } = await import("~/modules/auth/auth.server");
  const { passwordWeakness } = await import("~/modules/accounts/password-policy.server");
  const { removeAdminByName, disableTotpByName } = await import("~/modules/accounts/accounts.cli.server");
  const handle = await openDatabaseFor(`l'outil d'administration (processus ${process.pid}, commande « ${command} »)`);
  try {
    if (command === "list") {
      const admins = await listAdmins();
      if (admins.length === 0) print("Aucun administrateur.");
      for (const a of admins) print(`${a.username}\t(créé le ${a.createdAt.toLocaleDateString("fr-FR")})`);
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
