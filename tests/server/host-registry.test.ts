import { describe, expect, it } from "vitest";
import { associationDatabaseUrl, normaliseHost } from "~/startup/host-registry.server";

// Host mode finds an association by its host name alone (decision 039): the name as the registry keeps it.
describe("a host name as host mode reads it", () => {
  it("is lower case, without its port or its trailing dot, an international name in ASCII", () => {
    expect(normaliseHost("Jardins-Brosses.Example.ORG")).toBe("jardins-brosses.example.org");
    expect(normaliseHost("jardins-brosses.example.org.")).toBe("jardins-brosses.example.org");
    expect(normaliseHost("jardins-brosses.example.org:8443")).toBe("jardins-brosses.example.org");
    expect(normaliseHost("JARDINS-BROSSES.example.org.:443")).toBe("jardins-brosses.example.org");
    expect(normaliseHost("jardins-éden.example.org")).toBe("xn--jardins-den-ibb.example.org");
    expect(normaliseHost("xn--jardins-den-ibb.example.org")).toBe("xn--jardins-den-ibb.example.org");
  });

  it("is nothing for what names no association", () => {
    for (const raw of [
      undefined,
      "",
      "localhost",
      "127.0.0.1",
      "[::1]:3000",
      "jardins",
      "jardins..example.org",
      "-jardins.example.org",
      "jardins_brosses.example.org",
      "jardins.example.org:abc",
      "jardins.example.org/admin",
      "jardins example.org",
      `${"a".repeat(64)}.example.org`,
    ])
      expect({ raw, host: normaliseHost(raw) }).toEqual({ raw, host: null });
  });

  it("gives each association a database beside the registry", () => {
    expect(associationDatabaseUrl("postgres://potager:secret@db.example:5432/potager_host", "brosses_1a2b3c")).toBe(
      "postgres://potager:secret@db.example:5432/potager_brosses_1a2b3c",
    );
  });
});
