import { describe, expect, it } from "vitest";
import {
  airQualityLabel,
  gardeningTip,
  pollenLevel,
  pollenSummary,
  POLLEN_CALM,
  temperatureBand,
  TEMPERATURE_CLASSES,
  weatherIcon,
} from "./weather";

const calm = { birch: 0, grass: 10, mugwort: 0, ragweed: 80 };

describe("airQualityLabel", () => {
  it.each([
    [0, "Bonne"],
    [50, "Bonne"],
    [51, "Modérée."],
    [100, "Modérée."],
    [101, "Acceptable."],
    [150, "Acceptable."],
    [151, "Mauvaise pour les personnes sensibles."],
    [200, "Mauvaise pour les personnes sensibles."],
    [201, "Mauvaise."],
    [300, "Mauvaise."],
    [301, "Très mauvaise"],
    [500, "Très mauvaise"],
  ])("%d → %s", (aqi, label) => {
    expect(airQualityLabel(aqi)).toBe(label);
  });

  it("is 'Indisponible' when unknown", () => {
    expect(airQualityLabel(null)).toBe("Indisponible");
    expect(airQualityLabel(undefined)).toBe("Indisponible");
    expect(airQualityLabel(Number.NaN)).toBe("Indisponible");
  });
});

describe("pollen", () => {
  it.each([
    [0, null],
    [80, null],
    [81, "élevé"],
    [200, "élevé"],
    [201, "très élevé"],
  ])("level of %d is %s", (value, level) => {
    expect(pollenLevel(value)).toBe(level);
  });

  it("says nothing is worrying when no value exceeds 80", () => {
    expect(pollenSummary(calm)).toBe(POLLEN_CALM);
    expect(POLLEN_CALM).toBe("Rien de préoccupant actuellement.");
  });

  it("names each pollen above a threshold", () => {
    expect(pollenSummary({ ...calm, birch: 81 })).toBe("Bouleau : élevé");
    expect(pollenSummary({ birch: 201, grass: 81, mugwort: 200, ragweed: 1000 })).toBe(
      "Bouleau : très élevé, Graminées : élevé, Armoise : élevé, Ambroisie : très élevé",
    );
  });

  it("treats missing values as no alert, and no data at all as 'Indisponible'", () => {
    expect(pollenSummary({ birch: null, grass: 90, mugwort: null, ragweed: null })).toBe("Graminées : élevé");
    expect(pollenSummary({ birch: null, grass: null, mugwort: null, ragweed: null })).toBe("Indisponible");
    expect(pollenSummary(null)).toBe("Indisponible");
  });
});

describe("weatherIcon", () => {
  it.each([
    [0, "sun"],
    [1, "cloud"],
    [2, "cloud"],
    [3, "cloud"],
    [45, "fog"],
    [48, "fog"],
    [51, "rain"],
    [55, "rain"],
    [57, "rain"],
    [61, "rain"],
    [63, "rain"],
    [65, "rain"],
    [71, "snow"],
    [73, "snow"],
    [75, "snow"],
    [95, "storm"],
    [96, "storm"],
    [99, "storm"],
  ])("code %d → %s", (code, icon) => {
    expect(weatherIcon(code).icon).toBe(icon);
  });

  it.each([4, 44, 46, 50, 58, 60, 66, 70, 76, 80, 94, 97, 98, 100, -1])(
    "code %d outside the spec's list → generic icon",
    (code) => {
      expect(weatherIcon(code).icon).toBe("unknown");
    },
  );

  it("gives every icon a French text alternative", () => {
    expect(weatherIcon(0).label).toBe("Ensoleillé");
    expect(weatherIcon(61).label).toBe("Pluie");
    expect(weatherIcon(null).label).toBe("Conditions variables");
  });
});

describe("temperature bands", () => {
  it.each([
    [-5, "cold"],
    [10, "cold"],
    [11, "mild"],
    [20, "mild"],
    [21, "warm"],
    [27, "warm"],
    [28, "hot"],
    [40, "hot"],
  ])("%d °C → %s", (t, band) => {
    expect(temperatureBand(t)).toBe(band);
  });

  it("uses the rounded temperature a visitor sees", () => {
    expect(temperatureBand(10.4)).toBe("cold");
    expect(temperatureBand(10.5)).toBe("mild");
    expect(temperatureBand(27.6)).toBe("hot");
  });

  it("has one distinct colour per band", () => {
    expect(new Set(Object.values(TEMPERATURE_CLASSES)).size).toBe(4);
  });
});

describe("gardeningTip", () => {
  it.each([
    [35, "hot"],
    [28, "hot"],
    [27, "warm"],
    [21, "warm"],
    [20, "warm"],
    [19, "mild"],
    [11, "mild"],
    [10, "cold"],
    [-3, "cold"],
  ])("%d °C → %s", (t, level) => {
    expect(gardeningTip(t).level).toBe(level);
  });

  it("gives short practical French advice", () => {
    for (const t of [30, 22, 15, 5]) {
      const tip = gardeningTip(t);
      expect(tip.text.length).toBeGreaterThan(20);
      expect(tip.text.length).toBeLessThan(200);
    }
    expect(gardeningTip(30).text).toMatch(/arrosez/i);
    expect(gardeningTip(5).text).toMatch(/voile/i);
  });
});
