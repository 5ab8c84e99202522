import { z } from "zod";
import type { PollenValues } from "~/lib/weather";

/** What the server knows of the weather, as sent to the widget and by /api/meteo (plain JSON). */
export interface WeatherSnapshot {
  city: string;
  /** °C, as given by the forecast. */
  temperature: number;
  /** WMO weather code. */
  weathercode: number;
  /** US air-quality index; null when the air-quality service failed. */
  aqi: number | null;
  /** Pollen of the current hour in grains/m³; null when the air-quality service failed. */
  pollen: PollenValues | null;
  /** ISO date of the upstream answer. */
  fetchedAt: string;
  /** Age of the data when it was served, in seconds. */
  ageSeconds: number;
  /** True when a refresh failed and an older value is served. */
  stale: boolean;
}

/** Open-Meteo forecast with `current_weather=true`: only what is used is kept. */
export const ForecastResponseSchema = z.object({
  current_weather: z.object({
    temperature: z.number(),
    weathercode: z.number().int().nonnegative(),
  }),
});

const series = z.array(z.number().nullable()).optional();

/** Open-Meteo air quality with `current=us_aqi` and the four hourly pollen series. */
export const AirQualityResponseSchema = z.object({
  current: z.object({ us_aqi: z.number().nullable().optional() }).optional(),
  hourly: z
    .object({
      time: z.array(z.string()),
      birch_pollen: series,
      grass_pollen: series,
      mugwort_pollen: series,
      ragweed_pollen: series,
    })
    .optional(),
});

export type AirQualityResponse = z.infer<typeof AirQualityResponseSchema>;
