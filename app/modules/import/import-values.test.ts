import { describe, expect, it } from "vitest";
import { addressListValue, booleanValue, instantValue, integerValue, textValue } from "./import-values";

describe("values of the previous site's export", () => {
  it("reads every spelling of nothing as null, and cleans control characters", () => {
    expect(["", "  ", "null", "NULL", "undefined", null, undefined].map(textValue)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(textValue(" Potager\u0000 du Rhône ")).toBe("Potager du Rhône");
    expect(textValue(42)).toBe("42");
  });

  it("reads booleans in French and English, and knows when it cannot", () => {
    expect(["t", "TRUE", "1", "oui", "Vrai", true].map(booleanValue)).toEqual([true, true, true, true, true, true]);
    expect(["f", "false", "0", "non", false].map(booleanValue)).toEqual([false, false, false, false, false]);
    expect(["", "peut-être", null].map(booleanValue)).toEqual([null, null, null]);
  });

  it("reads whole numbers only", () => {
    expect(["42", " 1 200 ", "4.5", "douze", ""].map(integerValue)).toEqual([42, 1200, null, null, null]);
  });

  it("reads ISO, PostgreSQL, French and Unix dates; times without an offset are Paris times", () => {
    const iso = (value: unknown) => instantValue(value)?.toISOString() ?? null;
    expect(iso("2024-03-12T08:30:00.000Z")).toBe("2024-03-12T08:30:00.000Z");
    expect(iso("2024-07-01T10:00")).toBe("2024-07-01T08:00:00.000Z");
    expect(iso("2024-01-15 10:00:00.5+01")).toBe("2024-01-15T09:00:00.500Z");
    expect(iso("2024-01-15")).toBe("2024-01-14T23:00:00.000Z");
    expect(iso("05/02/2024 18:45")).toBe("2024-02-05T17:45:00.000Z");
    expect(iso("18/01/2025 à 9h30")).toBe("2025-01-18T08:30:00.000Z");
    expect(iso("1/7/2024")).toBe("2024-06-30T22:00:00.000Z");
    expect(iso(1718000000)).toBe("2024-06-10T06:13:20.000Z");
    expect(iso("1718000000000")).toBe("2024-06-10T06:13:20.000Z");
    expect(["31/02/2024", "demain", "", "null"].map(iso)).toEqual([null, null, null, null]);
  });

  it("reads image lists as JSON, as JSON text, or separated, keeping empty places and commas inside an address", () => {
    expect(addressListValue('["https://a.example/1.jpg", null, ""]')).toEqual(["https://a.example/1.jpg", null, null]);
    expect(addressListValue("null")).toEqual([null]);
    expect(addressListValue("[pas du json")).toEqual([]);
    expect(addressListValue("https://res.example/w_400,h_300/a.jpg, https://res.example/b.jpg")).toEqual([
      "https://res.example/w_400,h_300/a.jpg",
      "https://res.example/b.jpg",
    ]);
    expect(addressListValue(["https://a.example/1.jpg"])).toEqual(["https://a.example/1.jpg"]);
  });
});
