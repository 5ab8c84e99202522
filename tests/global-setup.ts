/**
 * Once per run, before any worker starts: the empty database, migrated, that every suite starts from. PGlite's initdb
 * and the migrations took each suite seconds; a copy of the result's folder opens in a fraction of that, and PostgreSQL
 * copies a template database at the speed of its files.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../app/db/client.server";

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder of the migrated empty PGlite database, to copy. */
    pgliteDir: string;
    /** The migrated empty database on TEST_DATABASE_URL's server, to copy (`create database … template`). */
    postgresTemplate: string | undefined;
    /** Where the process tests keep the data directories they start servers from (tests/process/prepared-data-dir.ts). */
    preparedDataDirs: string;
  }
}

async function onServer(baseUrl: string, statement: string) {
  const client = new Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "potager-tests-"));
  const pgliteDir = path.join(dir, "pglite");
  await (await openDatabase({ dataDir: pgliteDir })).close();
  project.provide("pgliteDir", pgliteDir);
  project.provide("preparedDataDirs", path.join(dir, "data-dirs"));

  const baseUrl = process.env.TEST_DATABASE_URL;
  let postgresTemplate: string | undefined;
  if (baseUrl) {
    postgresTemplate = `potager_template_${process.pid}`;
    await onServer(baseUrl, `create database ${postgresTemplate}`);
    const url = new URL(baseUrl);
    url.pathname = `/${postgresTemplate}`;
    // Closed before any copy: PostgreSQL copies a template nobody is connected to.
    await (await openDatabase({ url: url.toString() })).close();
  }
  project.provide("postgresTemplate", postgresTemplate);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (baseUrl && postgresTemplate)
      await onServer(baseUrl, `drop database if exists ${postgresTemplate} with (force)`);
  };
}
