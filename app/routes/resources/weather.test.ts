import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startFakeWeather, type FakeWeatherUpstream } from "../../../tests/fakes/weather";

let upstream: FakeWeatherUpstream;
beforeAll(async () => {
  upstream = await startFakeWeather();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await upstream.close();
});

/** A fresh copy of the route and its service, configured through the environment as in production. */
async function route() {
  vi.stubEnv("WEATHER_URL", upstream.weatherUrl);
  vi.stubEnv("AIR_QUALITY_URL", upstream.airQualityUrl);
  vi.resetModules();
  return import("./weather");
}

describe("GET /api/meteo", () => {
  it("returns the snapshot as JSON, cacheable for a short while", async () => {
    upstream.setMode("ok");
    const { loader } = await route();
    const response = await loader();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toMatch(/^public, max-age=60/);
    expect(await response.json()).toMatchObject({ city: "Villeurbanne", temperature: 14.3, weathercode: 3, aqi: 42 });
  });

  it("answers 503 with the spec's message when no data was ever received", async () => {
    upstream.setMode("error");
    const { loader } = await route();
    const response = await loader();
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: "Impossible de charger les données météo." });
  });
});
