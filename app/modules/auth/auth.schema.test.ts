import { describe, expect, it } from "vitest";
import { loginSchema } from "./auth.schema";

function messages(input: Record<string, unknown>) {
  const result = loginSchema.safeParse(input);
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

describe("loginSchema", () => {
  it("trims the username, not the password", () => {
    expect(loginSchema.parse({ username: "  admin ", password: " secret " })).toEqual({
      username: "admin",
      password: " secret ",
    });
  });

  it("requires both fields", () => {
    expect(messages({})).toEqual({
      username: "Veuillez remplir tous les champs",
      password: "Veuillez remplir tous les champs",
    });
    expect(messages({ username: "   ", password: "x" })).toEqual({ username: "Veuillez remplir tous les champs" });
    expect(messages({ username: "admin", password: "" })).toEqual({ password: "Veuillez remplir tous les champs" });
  });

  it("caps the lengths", () => {
    expect(loginSchema.safeParse({ username: "a".repeat(200), password: "p".repeat(1000) }).success).toBe(true);
    expect(messages({ username: "a".repeat(201), password: "p".repeat(1001) })).toEqual({
      username: "Identifiants incorrects",
      password: "Identifiants incorrects",
    });
  });
});
