import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { logger } from "~/server/logger.server";
import { startFakeWeather, type FakeWeatherUpstream } from "../../../tests/fakes/weather";
import { createWeatherService, currentPollen, parisHour, type WeatherServiceOptions } from "./weather.server";

let upstream: FakeWeatherUpstream;
let clock: number;
const MINUTE = 60_000;

beforeAll(async () => {
  upstream = await startFakeWeather();
});
afterAll(async () => {
  await upstream.close();
});
beforeEach(() => {
  upstream.setMode("ok");
  upstream.requests.length = 0;
  upstream.slowMs = 3000;
  clock = Date.now();
});

function service(options: Partial<WeatherServiceOptions> = {}) {
  return createWeatherService({
    weatherUrl: upstream.weatherUrl,
    airQualityUrl: upstream.airQualityUrl,
    now: () => clock,
    ...options,
  });
}

async function timed<T>(task: Promise<T>) {
  const start = performance.now();
  const value = await task;
  return { value, ms: performance.now() - start };
}

describe("weather service", () => {
  it("asks Open-Meteo with the expected requests and returns a plain snapshot", async () => {
    const weather = service();
    const snapshot = await weather.get();
    expect(upstream.requests.sort()).toEqual([
      "/air-quality/v1/air-quality?latitude=45.766&longitude=4.8795&current=us_aqi&hourly=birch_pollen,grass_pollen,mugwort_pollen,ragweed_pollen&timezone=Europe%2FParis",
      "/v1/forecast?latitude=45.766&longitude=4.8795&current_weather=true",
    ]);
    expect(snapshot).toEqual({
      city: "Villeurbanne",
      temperature: 14.3,
      weathercode: 3,
      aqi: 42,
      pollen: { birch: 0, grass: 12, mugwort: 0, ragweed: 0 },
      fetchedAt: new Date(clock).toISOString(),
      ageSeconds: 0,
      stale: false,
    });
    expect(JSON.parse(JSON.stringify(snapshot))).toEqual(snapshot);
  });

  it("takes the pollen of the current hour", async () => {
    upstream.air.pollen = { birch: 95, grass: 0, mugwort: 0, ragweed: 250 };
    const snapshot = await service().get();
    expect(snapshot?.pollen).toEqual({ birch: 95, grass: 0, mugwort: 0, ragweed: 250 });
    upstream.air.pollen = { birch: 0, grass: 12, mugwort: 0, ragweed: 0 };
  });

  it("serves from cache for 30 minutes, then asks again", async () => {
    const weather = service();
    await weather.get();
    clock += 29 * MINUTE;
    const cached = await weather.get();
    expect(upstream.requests).toHaveLength(2);
    expect(cached?.ageSeconds).toBe(29 * 60);
    expect(cached?.stale).toBe(false);

    upstream.forecast.temperature = 21;
    clock += 2 * MINUTE;
    const fresh = await weather.get();
    expect(upstream.requests).toHaveLength(4);
    expect(fresh?.temperature).toBe(21);
    expect(fresh?.ageSeconds).toBe(0);
    upstream.forecast.temperature = 14.3;
  });

  it("coalesces concurrent callers into one upstream call", async () => {
    const weather = service();
    const results = await Promise.all(Array.from({ length: 20 }, () => weather.get()));
    expect(upstream.requests).toHaveLength(2);
    expect(new Set(results.map((r) => r?.temperature))).toEqual(new Set([14.3]));
  });

  it("never makes a caller wait more than 2 s: null without any data yet", async () => {
    upstream.setMode("slow");
    const weather = service();
    const { value, ms } = await timed(weather.get());
    expect(value).toBeNull();
    expect(ms).toBeGreaterThanOrEqual(1900);
    expect(ms).toBeLessThan(2600);
    // The slow answer still arrives in the background and fills the cache.
    await weather.idle();
    expect((await weather.get())?.temperature).toBe(14.3);
  });

  it("serves the last good value with its age when the upstream is slow", async () => {
    const weather = service();
    await weather.get();
    upstream.setMode("slow");
    clock += 31 * MINUTE;
    const { value, ms } = await timed(weather.get());
    expect(ms).toBeLessThan(2600);
    expect(value).toMatchObject({ temperature: 14.3, stale: true, ageSeconds: 31 * 60 });
    await weather.idle();
  });

  it("gives up on an upstream that never answers (fetch timeout) and recovers", async () => {
    upstream.setMode("slow");
    upstream.slowMs = 5000;
    const weather = service({ fetchTimeoutMs: 500, waitMs: 2000 });
    const { value, ms } = await timed(weather.get());
    expect(value).toBeNull();
    expect(ms).toBeLessThan(1500);
    await weather.idle();
    upstream.setMode("ok");
    clock += 2 * MINUTE;
    await weather.get();
    await weather.idle();
    expect((await weather.get())?.temperature).toBe(14.3);
  });

  it.each([
    ["malformed JSON", "malformed"],
    ["HTTP 500", "error"],
    ["an unexpected shape", "invalid"],
  ] as const)("keeps the last good value on %s, logs once, then recovers", async (_name, mode) => {
    const warn = vi.spyOn(logger, "warn");
    const info = vi.spyOn(logger, "info");
    onTestFinished(() => {
      warn.mockRestore();
      info.mockRestore();
    });
    const weather = service();
    await weather.get();

    upstream.setMode(mode);
    clock += 31 * MINUTE;
    const first = await weather.get();
    expect(first).toMatchObject({ temperature: 14.3, stale: true, ageSeconds: 31 * 60 });

    // While it is down: no caller waits, and the upstream is not asked again before a minute.
    const requestsAfterFailure = upstream.requests.length;
    clock += 30_000;
    const { value, ms } = await timed(weather.get());
    expect(value).toMatchObject({ temperature: 14.3, stale: true });
    expect(ms).toBeLessThan(100);
    expect(upstream.requests).toHaveLength(requestsAfterFailure);

    // Still down a minute later: asked again, still the old value, and no second log line.
    clock += 31_000;
    await weather.get();
    await weather.idle();
    expect(upstream.requests.length).toBeGreaterThan(requestsAfterFailure);
    expect(warn).toHaveBeenCalledTimes(1);

    // Recovery: the next attempt refreshes the value.
    upstream.setMode("ok");
    upstream.forecast.temperature = 8;
    clock += 2 * MINUTE;
    await weather.get();
    await weather.idle();
    const recovered = await weather.get();
    expect(recovered).toMatchObject({ temperature: 8, stale: false, ageSeconds: 0 });
    expect(info).toHaveBeenCalledTimes(1);
    upstream.forecast.temperature = 14.3;
  });

  it("returns null on failure when nothing good was ever received, and says it is failing", async () => {
    upstream.setMode("error");
    const weather = service();
    expect(weather.failing).toBe(false);
    expect(await weather.get()).toBeNull();
    expect(weather.failing).toBe(true);

    // While it is failing nobody waits: the next call asks again in the background.
    upstream.setMode("ok");
    clock += 61_000;
    expect(await weather.get()).toBeNull();
    await weather.idle();
    expect(weather.failing).toBe(false);
    expect((await weather.get())?.temperature).toBe(14.3);
  });

  it("is not failing while the first answer is merely slow", async () => {
    upstream.setMode("slow");
    const weather = service({ waitMs: 100 });
    expect(await weather.get()).toBeNull();
    expect(weather.failing).toBe(false);
    await weather.idle();
  });

  it("shows the weather without air quality when only that service fails, and asks again soon", async () => {
    upstream.mode = { forecast: "ok", air: "error" };
    const weather = service();
    const snapshot = await weather.get();
    expect(snapshot).toMatchObject({ temperature: 14.3, aqi: null, pollen: null });

    upstream.mode = { forecast: "ok", air: "ok" };
    clock += 61_000;
    expect(await weather.get()).toMatchObject({ aqi: 42 });
  });
});

describe("current hour", () => {
  it("formats Paris time as Open-Meteo does", () => {
    expect(parisHour(Date.UTC(2026, 0, 15, 23, 30))).toBe("2026-01-16T00:00");
    expect(parisHour(Date.UTC(2026, 6, 15, 10, 59))).toBe("2026-07-15T12:00");
  });

  it("picks the current hour, else the latest one before it", () => {
    const hourly = {
      time: ["2026-07-15T11:00", "2026-07-15T12:00", "2026-07-15T13:00"],
      birch_pollen: [1, 2, 3],
      grass_pollen: [null, 90, null],
      mugwort_pollen: [0, 0, 0],
      ragweed_pollen: undefined,
    };
    expect(currentPollen(hourly, Date.UTC(2026, 6, 15, 10, 30))).toEqual({
      birch: 2,
      grass: 90,
      mugwort: 0,
      ragweed: null,
    });
    expect(currentPollen(hourly, Date.UTC(2026, 6, 15, 20, 0))).toMatchObject({ birch: 3 });
    expect(currentPollen(hourly, Date.UTC(2026, 6, 14, 20, 0))).toBeNull();
    expect(currentPollen(undefined, Date.now())).toBeNull();
  });
});
