import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { WeatherSnapshot } from "~/modules/weather/weather.schema";
import { WeatherWidget } from "./WeatherWidget";

const snapshot: WeatherSnapshot = {
  city: "Villeurbanne",
  temperature: 29.4,
  weathercode: 61,
  aqi: 120,
  pollen: { birch: 0, grass: 95, mugwort: 0, ragweed: 230 },
  fetchedAt: "2026-06-15T12:30:00.000Z",
  ageSeconds: 60,
  stale: false,
};

describe("<WeatherWidget>", () => {
  it("renders the server's snapshot at once, with text alternatives", () => {
    const html = renderToStaticMarkup(<WeatherWidget initial={snapshot} />);
    expect(html).toContain("Météo à Villeurbanne");
    expect(html).toContain('role="img" aria-label="Pluie"');
    expect(html).toContain("text-orange-300");
    expect(html).toMatch(/>29<span[^>]*> °C<\/span>/);
    expect(html).toContain("Acceptable.");
    expect(html).toContain("Graminées : élevé, Ambroisie : très élevé");
    expect(html).toContain("14:30");
    expect(html).not.toContain("Chargement météo...");
  });

  it("says it is loading when the server had nothing yet", () => {
    const html = renderToStaticMarkup(<WeatherWidget initial={null} />);
    expect(html).toContain("Chargement météo...");
    expect(html).not.toContain("Impossible de charger les données météo.");
  });

  it("says the data could not be loaded when the server could not reach the service", () => {
    const html = renderToStaticMarkup(<WeatherWidget initial={null} unavailable />);
    expect(html).toContain("Impossible de charger les données météo.");
    expect(html).not.toContain("Chargement météo...");
  });
});
