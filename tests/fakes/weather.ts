import http from "node:http";
import type { AddressInfo } from "node:net";
import { parisHour } from "~/modules/weather/weather.server";

export type FakeMode = "ok" | "slow" | "malformed" | "error" | "invalid";

export interface FakeWeatherUpstream {
  weatherUrl: string;
  airQualityUrl: string;
  /** How the next requests are answered; per service, or both at once. */
  mode: { forecast: FakeMode; air: FakeMode };
  setMode(mode: FakeMode): void;
  /** Paths and queries received, in order. */
  requests: string[];
  /** Delay of "slow" answers. */
  slowMs: number;
  forecast: { temperature: number; weathercode: number };
  air: { aqi: number; pollen: { birch: number; grass: number; mugwort: number; ragweed: number } };
  close(): Promise<void>;
}

/** Shape of an Open-Meteo forecast answer with current_weather=true (recorded, values replaced). */
export function forecastBody(values: FakeWeatherUpstream["forecast"], time = new Date()) {
  return {
    latitude: 45.76,
    longitude: 4.88,
    generationtime_ms: 0.0286,
    utc_offset_seconds: 0,
    timezone: "GMT",
    timezone_abbreviation: "GMT",
    elevation: 168,
    current_weather_units: {
      time: "iso8601",
      interval: "seconds",
      temperature: "°C",
      windspeed: "km/h",
      winddirection: "°",
      is_day: "",
      weathercode: "wmo code",
    },
    current_weather: {
      time: time.toISOString().slice(0, 14) + "00",
      interval: 900,
      temperature: values.temperature,
      windspeed: 7.6,
      winddirection: 196,
      is_day: 1,
      weathercode: values.weathercode,
    },
  };
}

/**
 * Shape of an Open-Meteo air-quality answer with current=us_aqi, the four hourly pollen series and
 * timezone=Europe/Paris: five days of hours from midnight today; the current hour holds the given
 * pollen values, every other hour zero.
 */
export function airQualityBody(values: FakeWeatherUpstream["air"], time = new Date()) {
  const current = parisHour(time.getTime());
  const midnight = `${current.slice(0, 10)}T00:00`;
  const hours: string[] = [];
  for (let h = -24; hours.length < 120 && h < 200; h++) {
    const key = parisHour(time.getTime() + h * 3_600_000);
    if (key >= midnight && !hours.includes(key)) hours.push(key);
  }
  const series = (value: number) => hours.map((hour) => (hour === current ? value : 0));
  return {
    latitude: 45.75,
    longitude: 4.875,
    generationtime_ms: 0.1642,
    utc_offset_seconds: 3600,
    timezone: "Europe/Paris",
    timezone_abbreviation: "GMT+1",
    elevation: 168,
    current_units: { time: "iso8601", interval: "seconds", us_aqi: "USAQI" },
    current: { time: current, interval: 3600, us_aqi: values.aqi },
    hourly_units: {
      time: "iso8601",
      birch_pollen: "grains/m³",
      grass_pollen: "grains/m³",
      mugwort_pollen: "grains/m³",
      ragweed_pollen: "grains/m³",
    },
    hourly: {
      time: hours,
      birch_pollen: series(values.pollen.birch),
      grass_pollen: series(values.pollen.grass),
      mugwort_pollen: series(values.pollen.mugwort),
      ragweed_pollen: series(values.pollen.ragweed),
    },
  };
}

/** A local stand-in for the two Open-Meteo services, switchable between good and bad answers. */
export async function startFakeWeather({ port = 0 } = {}): Promise<FakeWeatherUpstream> {
  const sockets = new Set<import("node:net").Socket>();
  const fake = {
    mode: { forecast: "ok", air: "ok" },
    requests: [] as string[],
    slowMs: 3000,
    forecast: { temperature: 14.3, weathercode: 3 },
    air: { aqi: 42, pollen: { birch: 0, grass: 12, mugwort: 0, ragweed: 0 } },
  } as FakeWeatherUpstream;
  fake.setMode = (mode) => {
    fake.mode = { forecast: mode, air: mode };
  };

  const server = http.createServer((request, response) => {
    const url = request.url ?? "/";
    fake.requests.push(url);
    const service = url.startsWith("/air-quality") ? "air" : "forecast";
    const mode = fake.mode[service];
    const send = () => {
      if (response.destroyed) return;
      if (mode === "error") {
        response.writeHead(500, { "Content-Type": "application/json" });
        response.end(JSON.stringify({ error: true, reason: "Internal error" }));
        return;
      }
      response.writeHead(200, { "Content-Type": "application/json; charset=utf-8" });
      if (mode === "malformed") response.end('{"latitude":45.76,"current_weather":{"temperature":');
      else if (mode === "invalid")
        response.end(JSON.stringify({ latitude: 45.76, current_weather: { temperature: "chaud" }, current: "x" }));
      else response.end(JSON.stringify(service === "air" ? airQualityBody(fake.air) : forecastBody(fake.forecast)));
    };
    if (mode === "slow") setTimeout(send, fake.slowMs);
    else send();
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  fake.weatherUrl = `http://127.0.0.1:${bound}/v1/forecast`;
  fake.airQualityUrl = `http://127.0.0.1:${bound}/air-quality/v1/air-quality`;
  fake.close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
