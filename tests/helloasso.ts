/** Vitest's side of the fake HelloAsso: one for the file, the site pointed at it, the settings that reach it. */
import { afterAll, beforeAll } from "vitest";
import { getDb } from "~/db/client.server";
import { saveHelloAssoSettings } from "~/modules/helloasso/helloasso.settings.server";
import { env } from "~/server/env.server";
import { startFakeHelloAsso, type FakeHelloAsso } from "./fakes/helloasso";

/** Starts the fake before the file's tests and points HELLOASSO_API_URL at it; returns a getter for it. */
export function useFakeHelloAsso(): () => FakeHelloAsso {
  let fake: FakeHelloAsso;
  const saved = env.HELLOASSO_API_URL;
  beforeAll(async () => {
    fake = await startFakeHelloAsso();
    env.HELLOASSO_API_URL = fake.url;
  });
  afterAll(async () => {
    env.HELLOASSO_API_URL = saved;
    await fake.close();
  });
  return () => fake;
}

/**
 * The treasurer's settings, with the fake's organization and API client: production by default, whose payments are
 * recorded; the sandbox's are tries, recorded nowhere.
 */
export function configureHelloAsso(fake: FakeHelloAsso, environment: "production" | "sandbox" = "production") {
  return saveHelloAssoSettings(
    getDb(),
    { environment, organizationSlug: fake.slug, clientId: fake.clientId, clientSecret: fake.clientSecret },
    "claire",
  );
}
