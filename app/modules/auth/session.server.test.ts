import { describe, expect, it } from "vitest";
import { signInNeedsHttps } from "./session.server";

const at = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });

describe("signInNeedsHttps", () => {
  it("is true in production on plain HTTP for a real host name or address", () => {
    expect(signInNeedsHttps(at("http://jardins.example.org/login"), true)).toBe(true);
    expect(signInNeedsHttps(at("http://192.168.1.20:3000/login"), true)).toBe(true);
  });

  it("is false over HTTPS, directly or behind a proxy that says so", () => {
    expect(signInNeedsHttps(at("https://jardins.example.org/login"), true)).toBe(false);
    expect(signInNeedsHttps(at("http://jardins.example.org/login", { "X-Forwarded-Proto": "https" }), true)).toBe(
      false,
    );
  });

  it("is false on this machine, which browsers treat as secure", () => {
    for (const url of [
      "http://localhost:3000/login",
      "http://127.0.0.1:3000/login",
      "http://[::1]:3000/login",
      "http://potager.localhost/login",
    ]) {
      expect(signInNeedsHttps(at(url), true)).toBe(false);
    }
  });

  it("is false outside production, where the cookie is not Secure", () => {
    expect(signInNeedsHttps(at("http://jardins.example.org/login"), false)).toBe(false);
  });
});
