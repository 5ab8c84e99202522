import { env } from "~/server/env.server";
import { WEATHER_CITY, type PollenValues } from "~/lib/weather";
import type { Job } from "~/server/jobs.server";
import { logger } from "~/server/logger.server";
import {
  AirQualityResponseSchema,
  ForecastResponseSchema,
  type AirQualityResponse,
  type WeatherSnapshot,
} from "./weather.schema";

export type { WeatherSnapshot } from "./weather.schema";

const LATITUDE = "45.766";
const LONGITUDE = "4.8795";

export interface WeatherServiceOptions {
  weatherUrl: string;
  airQualityUrl: string;
  /** How long a good answer is served without asking again (30 min). */
  ttlMs?: number;
  /** Longest a caller waits on the upstream before getting the cached value or null (2 s). */
  waitMs?: number;
  /** After a failure, no new upstream call before this delay (1 min). */
  retryAfterMs?: number;
  /** Abort an upstream call after this long (10 s); it runs in the background past `waitMs`. */
  fetchTimeoutMs?: number;
  now?: () => number;
}

interface CachedWeather {
  data: Omit<WeatherSnapshot, "ageSeconds" | "stale">;
  fetchedAt: number;
  expiresAt: number;
}

export interface WeatherService {
  get(): Promise<WeatherSnapshot | null>;
  /** Resolves when no upstream call is running (tests, shutdown). */
  idle(): Promise<void>;
  /** The last call to the forecast failed: with no value to show, pages say so rather than 'Chargement…'. */
  readonly failing: boolean;
}

function withQuery(base: string, query: string) {
  return `${base}${base.includes("?") ? "&" : "?"}${query}`;
}

export function forecastUrl(base: string) {
  return withQuery(base, `latitude=${LATITUDE}&longitude=${LONGITUDE}&current_weather=true`);
}

export function airQualityUrl(base: string) {
  return withQuery(
    base,
    `latitude=${LATITUDE}&longitude=${LONGITUDE}&current=us_aqi` +
      `&hourly=birch_pollen,grass_pollen,mugwort_pollen,ragweed_pollen&timezone=Europe%2FParis`,
  );
}

/** "YYYY-MM-DDTHH:00" of `time` in Paris, the form of Open-Meteo's hourly times with timezone=Europe/Paris. */
export function parisHour(time: number) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Paris",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(time))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:00`;
}

/** Pollen values of the current hour (or the latest hour before it). */
export function currentPollen(hourly: AirQualityResponse["hourly"], time: number): PollenValues | null {
  if (!hourly?.time.length) return null;
  const key = parisHour(time);
  let index = hourly.time.indexOf(key);
  if (index < 0) index = hourly.time.findLastIndex((t) => t <= key);
  if (index < 0) return null;
  const at = (values: (number | null)[] | undefined) => values?.[index] ?? null;
  return {
    birch: at(hourly.birch_pollen),
    grass: at(hourly.grass_pollen),
    mugwort: at(hourly.mugwort_pollen),
    ragweed: at(hourly.ragweed_pollen),
  };
}

async function fetchJson(url: string, timeoutMs: number): Promise<unknown> {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(timeoutMs),
    headers: { Accept: "application/json" },
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`HTTP ${response.status}`);
  }
  return response.json();
}

/** Logs the start and the end of a failure once, whatever the number of attempts in between. */
function incident(name: string) {
  let failing = false;
  return {
    get failing() {
      return failing;
    },
    failed(error: unknown) {
      if (!failing) logger.warn({ err: error, service: name }, `${name} : service indisponible`);
      else logger.debug({ err: error, service: name }, `${name} : toujours indisponible`);
      failing = true;
    },
    recovered() {
      if (failing) logger.info({ service: name }, `${name} : service rétabli`);
      failing = false;
    },
  };
}

/**
 * Current weather and air quality of Villeurbanne from Open-Meteo, cached, never failing: on an
 * upstream failure the last good value is served with its age, and concurrent callers share one
 * upstream call. A caller waits at most `waitMs`, and not at all while the upstream is known down.
 */
export function createWeatherService(options: WeatherServiceOptions): WeatherService {
  const ttlMs = options.ttlMs ?? 30 * 60 * 1000;
  const waitMs = options.waitMs ?? 2000;
  const retryAfterMs = options.retryAfterMs ?? 60 * 1000;
  const fetchTimeoutMs = options.fetchTimeoutMs ?? 10_000;
  const now = options.now ?? Date.now;
  const forecast = incident("météo");
  const air = incident("qualité de l'air");

  let cache: CachedWeather | null = null;
  let inflight: Promise<void> | null = null;
  let notBefore = 0;

  async function refresh() {
    const [weatherResult, airResult] = await Promise.allSettled([
      fetchJson(forecastUrl(options.weatherUrl), fetchTimeoutMs).then((json) => ForecastResponseSchema.parse(json)),
      fetchJson(airQualityUrl(options.airQualityUrl), fetchTimeoutMs).then((json) =>
        AirQualityResponseSchema.parse(json),
      ),
    ]);
    const at = now();
    if (weatherResult.status === "rejected") {
      forecast.failed(weatherResult.reason);
      notBefore = at + retryAfterMs;
      return;
    }
    forecast.recovered();
    let aqi: number | null = null;
    let pollen: PollenValues | null = null;
    if (airResult.status === "fulfilled") {
      air.recovered();
      aqi = airResult.value.current?.us_aqi ?? null;
      pollen = currentPollen(airResult.value.hourly, at);
    } else {
      air.failed(airResult.reason);
    }
    const { temperature, weathercode } = weatherResult.value.current_weather;
    cache = {
      data: { city: WEATHER_CITY, temperature, weathercode, aqi, pollen, fetchedAt: new Date(at).toISOString() },
      fetchedAt: at,
      // Without air quality, ask again soon rather than show 'Indisponible' for half an hour.
      expiresAt: at + (airResult.status === "fulfilled" ? ttlMs : Math.min(ttlMs, retryAfterMs)),
    };
  }

  function serve(): WeatherSnapshot | null {
    if (!cache) return null;
    const at = now();
    return {
      ...cache.data,
      ageSeconds: Math.max(0, Math.round((at - cache.fetchedAt) / 1000)),
      stale: at >= cache.expiresAt,
    };
  }

  return {
    async get() {
      const at = now();
      if (cache && at < cache.expiresAt) return serve();
      if (!inflight && at >= notBefore) {
        inflight = refresh()
          .catch((error: unknown) => forecast.failed(error))
          .finally(() => {
            inflight = null;
          });
      }
      // While the upstream is known down, visitors get the last value at once instead of waiting.
      if (inflight && !forecast.failing) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          inflight,
          new Promise<void>((resolve) => {
            timer = setTimeout(resolve, waitMs);
            timer.unref();
          }),
        ]);
        clearTimeout(timer);
      }
      return serve();
    },
    async idle() {
      await inflight;
    },
    get failing() {
      return forecast.failing;
    },
  };
}

let service: WeatherService | undefined;

function weatherService() {
  service ??= createWeatherService({ weatherUrl: env.WEATHER_URL, airQualityUrl: env.AIR_QUALITY_URL });
  return service;
}

/** The weather for the footer widget and /api/meteo; null only when no good answer was ever received. */
export function getWeather(): Promise<WeatherSnapshot | null> {
  return weatherService().get();
}

/**
 * What the footer shows: the snapshot, or, when there is none, whether the service is known to be unreachable
 * ('Impossible de charger les données météo.' in the page itself) or simply not answered yet.
 */
export async function getWeatherForPage(): Promise<{ weather: WeatherSnapshot | null; weatherUnavailable: boolean }> {
  const weather = await getWeather();
  return { weather, weatherUnavailable: !weather && weatherService().failing };
}

/**
 * Keeps the cache warm from the server process: a first call at start, then one a minute (an upstream call happens
 * only when the cached value has expired), so visitors rarely wait at all. Each instance keeps its own cache.
 */
export const weatherRefreshJob: Job<unknown> = {
  name: "météo",
  everyMs: 60_000,
  run: () => getWeather(),
};
