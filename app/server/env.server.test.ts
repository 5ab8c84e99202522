import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, mailSettingWarnings, normaliseEnvironment, parseEnv } from "./env.server";

function problems(source: Record<string, string>) {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

/** `.env.example` read as systemd's EnvironmentFile or docker's --env-file would: NAME=value lines, comments out. */
function exampleFile(keepQuotes: boolean) {
  const text = fs.readFileSync(path.resolve(import.meta.dirname, "../../.env.example"), "utf8");
  const entries = text
    .split("\n")
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line) => {
      const [name, ...rest] = line.split("=");
      const value = rest.join("=");
      return [name, keepQuotes ? value : value.replace(/^"(.*)"$/, "$1")] as const;
    });
  return Object.fromEntries(entries);
}

describe("parseEnv", () => {
  it("gives the defaults when nothing is set", () => {
    expect(parseEnv({})).toMatchObject({
      PORT: 3000,
      DATA_DIR: "./data",
      SEED_DEMO: true,
      ALLOWED_ACTION_ORIGINS: [],
      TRUST_PROXY: "loopback",
    });
  });

  it("accepts .env.example as an environment file, quotes kept (docker) or not (systemd)", () => {
    for (const keepQuotes of [false, true]) {
      const env = parseEnv(exampleFile(keepQuotes));
      expect(env.MAIL_FROM).toBe("Potager <no-reply@example.org>");
      expect(env.SESSION_SECRET).toBeUndefined();
      expect(env.ADMIN_USERNAME).toBeUndefined();
      expect(env.CONTACT_TO).toBeUndefined();
      expect(env.DATABASE_URL).toBeUndefined();
    }
  });

  it("accepts .env.example sourced by a shell", () => {
    const printed = execFileSync("sh", ["-c", "set -a; . ./.env.example; env -0"], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      encoding: "utf8",
    });
    const sourced = Object.fromEntries(
      printed
        .split("\0")
        .filter(Boolean)
        .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
    );
    expect(parseEnv(sourced).MAIL_FROM).toBe("Potager <no-reply@example.org>");
  });

  it("says in French, one line per setting, what is wrong, without repeating secret values", () => {
    expect(
      problems({
        PORT: "abc",
        SESSION_SECRET: "court",
        DATABASE_URL: "mysql://root:secret@db/x",
        CONTACT_TO: "bureau",
        MAIL_FROM: "Potager",
        SEED_DEMO: "oui",
        LOG_LEVEL: "bavard",
        SMTP_URL: "smtp.exemple.fr",
        PUBLIC_URL: "jardins.example.org",
      }),
    ).toEqual([
      "PORT doit être un nombre entre 1 et 65535",
      "DATABASE_URL doit être une adresse postgres:// ou postgresql://…, par exemple postgres://potager:motdepasse@127.0.0.1:5432/potager",
      "SESSION_SECRET doit faire au moins 32 caractères",
      "SEED_DEMO doit valoir true ou false",
      "SMTP_URL doit être une adresse smtp:// ou smtps://…, par exemple smtps://identifiant:motdepasse@smtp.exemple.fr:465",
      'MAIL_FROM doit être une adresse e-mail, avec un nom si besoin : "Potager <no-reply@jardins.example>"',
      "CONTACT_TO doit être une adresse e-mail, par exemple bureau@jardins.example",
      "PUBLIC_URL doit être une adresse http:// ou https://…, par exemple https://jardins.example.org",
      "LOG_LEVEL doit valoir fatal, error, warn, info, debug, trace, silent",
    ]);
  });

  it("refuses SMTP_URL without MAIL_FROM: the default sender's domain does not exist", () => {
    const smtp = "smtps://contact%40jardins.example:secret@smtp.example.fr:465";
    expect(problems({ SMTP_URL: smtp })).toEqual([
      "MAIL_FROM doit être réglé avec SMTP_URL : l'adresse par défaut (no-reply@potager.local) n'existe pas, indiquez celle de l'association, par exemple \"Jardins partagés <contact@jardins.example>\"",
    ]);
    expect(problems({ SMTP_URL: smtp, MAIL_FROM: "" })).toHaveLength(1);
    expect(parseEnv({ SMTP_URL: smtp, MAIL_FROM: "Jardins <contact@jardins.example>" }).MAIL_FROM).toBe(
      "Jardins <contact@jardins.example>",
    );
    // Without SMTP, e-mails are files: the default sender is harmless.
    expect(parseEnv({}).MAIL_FROM).toBe("Potager <no-reply@potager.local>");
  });

  it("reads host mode's registry, which leaves no database to the whole server", () => {
    const registry = "postgres://potager:secret@127.0.0.1:5432/potager_host";
    expect(parseEnv({ HOST_DATABASE_URL: registry }).HOST_DATABASE_URL).toBe(registry);
    expect(problems({ HOST_DATABASE_URL: "mysql://h/x" })[0]).toMatch(/^HOST_DATABASE_URL /);
    expect(problems({ HOST_DATABASE_URL: registry, DATABASE_URL: "postgres://p@h/potager" })).toEqual([
      "DATABASE_URL ne va pas avec HOST_DATABASE_URL : en mode hébergement, chaque association a sa base, créée par npm run host -- create",
    ]);
  });

  it("warns when mail leaves for real with a PUBLIC_URL that is not https", () => {
    const smtp = "smtps://contact%40jardins.example:secret@smtp.example.fr:465";
    expect(mailSettingWarnings(parseEnv({ SMTP_URL: smtp, MAIL_FROM: "contact@jardins.example" }))).toEqual([
      "PUBLIC_URL (http://localhost:3000) n'est pas une adresse https:// : les e-mails partent avec des liens et un Message-ID à ce nom, et les lettres sans désabonnement en un clic. Indiquez l'adresse publique du site, par exemple https://jardins.example.org",
    ]);
    expect(
      mailSettingWarnings({ SMTP_URL: smtp, PUBLIC_URL: "https://jardins.example.org" }).concat(
        mailSettingWarnings({ SMTP_URL: undefined, PUBLIC_URL: "http://localhost:3000" }),
      ),
    ).toEqual([]);
  });

  it.each(["0", "65536", "-1", "3000.5", "80a"])("refuses PORT=%s", (port) => {
    expect(problems({ PORT: port })).toEqual(["PORT doit être un nombre entre 1 et 65535"]);
  });

  it("says what the bounce mailbox and DKIM settings expect", () => {
    expect(
      problems({
        BOUNCE_IMAP_URL: "pop3://retours:secret@pop.exemple.fr",
        BOUNCE_ADDRESS: "retours+potager@jardins.example",
        DKIM_SELECTOR: "mon sélecteur",
        DKIM_DOMAIN: "https://jardins.example",
      }),
    ).toEqual([
      "BOUNCE_IMAP_URL doit être une adresse imap:// ou imaps://…, par exemple imaps://identifiant:motdepasse@ssl0.ovh.net:993/INBOX",
      "BOUNCE_ADDRESS doit être une adresse sans « + », par exemple retours@jardins.example",
      "DKIM_SELECTOR doit être un mot de lettres, chiffres et tirets, par exemple potager",
      "DKIM_DOMAIN doit être un nom de domaine, par exemple jardins.example.org",
    ]);
    expect(
      parseEnv({
        BOUNCE_IMAP_URL: "imaps://retours%40jardins.example:x@ssl0.ovh.net:993/INBOX",
        DKIM_SELECTOR: "potager",
      }),
    ).toMatchObject({ DKIM_SELECTOR: "potager" });
  });

  it("reads how soon the tasks first run, unset by default", () => {
    expect(parseEnv({}).JOBS_FIRST_RUN_SECONDS).toBeUndefined();
    expect(parseEnv({ JOBS_FIRST_RUN_SECONDS: "5" }).JOBS_FIRST_RUN_SECONDS).toBe(5);
    expect(problems({ JOBS_FIRST_RUN_SECONDS: "bientôt" })).toEqual([
      "JOBS_FIRST_RUN_SECONDS doit être un nombre de secondes entre 0 et 86400",
    ]);
  });

  it("reads the list of allowed origins", () => {
    expect(
      parseEnv({ ALLOWED_ACTION_ORIGINS: " jardins.example.org, *.jardins.example.org ," }).ALLOWED_ACTION_ORIGINS,
    ).toEqual(["jardins.example.org", "*.jardins.example.org"]);
  });
});

describe("normaliseEnvironment", () => {
  it("treats empty values as unset and removes one pair of surrounding quotes", () => {
    expect(normaliseEnvironment({ A: "", B: "  ", C: '"x y"', D: "'z'", E: 'a "b"', F: '""', G: undefined })).toEqual({
      C: "x y",
      D: "z",
      E: 'a "b"',
    });
  });
});
