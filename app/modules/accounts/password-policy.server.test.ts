import { createRequire } from "node:module";
import { expect, it } from "vitest";
import { passwordWeakness, releasePasswordEstimator } from "./password-policy.server";

it.each([
  ["too short", "Potager-26", "Le mot de passe doit contenir au moins 12 caractères."],
  ["too long", "a".repeat(129), "Le mot de passe doit contenir au plus 128 caractères."],
])("refuses a password %s, saying so", async (_case, password, message) => {
  expect(await passwordWeakness(password)).toBe(message);
});

it.each([
  ["a common password", "motdepasse123"],
  ["a keyboard row", "azertyuiop12"],
  ["the username with digits", "Josiane1234567"],
  ["a repeated character", "aaaaaaaaaaaaaaaa"],
])("refuses %s as easy to guess, in French", async (_case, password) => {
  const message = await passwordWeakness(password, ["josiane"]);
  expect(message).toMatch(/^Ce mot de passe est trop facile à deviner\. /);
  // The estimator's advice is in French too.
  expect(message).not.toMatch(/\b(the|your|password|Add|Avoid)\b/);
});

it.each(["groseilles-sous-la-pergola-1907", "capucines et courges au potager", "T7!qmZ#2vLp9xR"])(
  "accepts %s",
  async (password) => {
    expect(await passwordWeakness(password, ["josiane"])).toBeNull();
  },
);

it("keeps the dictionaries out of the calling thread, and checks again once their thread has been let go", async () => {
  expect(await passwordWeakness("motdepasse123")).toMatch(/^Ce mot de passe est trop facile à deviner\./);
  // Loaded here, they would stay for good (modules are never unloaded): they belong to the estimator's thread alone.
  const loaded = Object.keys(createRequire(import.meta.url).cache);
  expect(loaded.filter((file) => file.includes("@zxcvbn-ts"))).toEqual([]);
  releasePasswordEstimator();
  expect(await passwordWeakness("groseilles-sous-la-pergola-1907")).toBeNull();
  releasePasswordEstimator();
});
