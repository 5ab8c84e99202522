// Administrator accounts: `npm run admin -- create <identifiant>`, `reset-password <identifiant>`, `list`,
// `remove <identifiant>` (never the last one) and `disable-2fa <identifiant>` (a lost phone). And the DKIM key of the
// site's e-mails: `dkim-key [sélecteur]` creates it once and prints the DNS record to publish.
// Passwords are read from a hidden prompt or from standard input, never from the command line.
import "./load-env.ts";
import readline from "node:readline";
import { adminCommand } from "./admin-command.ts";
import { fail, print } from "./command.ts";

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

// Any error, a refusal or a setting the application refused as it loaded, is printed as its one line.
await adminCommand(process.argv.slice(2), { print, readPassword }).catch((error: Error) => fail(error.message));
