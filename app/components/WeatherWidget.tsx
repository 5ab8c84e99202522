import { useEffect, useId, useState } from "react";
import {
  airQualityLabel,
  pollenSummary,
  shownTemperature,
  TEMPERATURE_CLASSES,
  temperatureBand,
  WEATHER_CITY,
  WEATHER_ERROR_MESSAGE,
  WEATHER_LOADING_MESSAGE,
  weatherIcon,
  type WeatherIcon as IconName,
} from "~/lib/weather";
import { WEATHER_REFRESH_MS } from "~/lib/constants";
import type { WeatherSnapshot } from "~/modules/weather/weather.schema";

const timeFormat = new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", hour: "2-digit", minute: "2-digit" });

const CLOUD = "M7 18h10a4 4 0 0 0 .6-7.96A6 6 0 0 0 6.1 10.2 4 4 0 0 0 7 18z";

function IconShapes({ icon }: { icon: IconName }) {
  switch (icon) {
    case "sun":
      return (
        <>
          <circle cx="12" cy="12" r="4.5" />
          <path d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8" />
        </>
      );
    case "cloud":
      return <path d={CLOUD} />;
    case "fog":
      return <path d="M4 9h16M3 13h18M5 17h14M7 21h10M6 5h12" />;
    case "rain":
      return (
        <>
          <path d="M7 15h10a4 4 0 0 0 .6-7.96A6 6 0 0 0 6.1 7.2 4 4 0 0 0 7 15z" />
          <path d="M8 18l-1 3M12 18l-1 3M16 18l-1 3" />
        </>
      );
    case "snow":
      return (
        <>
          <path d="M7 15h10a4 4 0 0 0 .6-7.96A6 6 0 0 0 6.1 7.2 4 4 0 0 0 7 15z" />
          <path d="M8 18.5h.01M12 20h.01M16 18.5h.01M10 22h.01M14 22h.01" strokeWidth="2.5" />
        </>
      );
    case "storm":
      return (
        <>
          <path d="M7 15h10a4 4 0 0 0 .6-7.96A6 6 0 0 0 6.1 7.2 4 4 0 0 0 7 15z" />
          <path d="M13 15l-3 4h4l-3 4" />
        </>
      );
    default:
      return (
        <>
          <path d="M10 14.5V4a2 2 0 1 1 4 0v10.5a4 4 0 1 1-4 0z" />
          <path d="M12 9v7" />
        </>
      );
  }
}

function WeatherIconImage({ code }: { code: number }) {
  const { icon, label } = weatherIcon(code);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox="0 0 24 24"
      width="40"
      height="40"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="shrink-0 text-green-100"
    >
      <title>{label}</title>
      <IconShapes icon={icon} />
    </svg>
  );
}

async function fetchWeather(): Promise<WeatherSnapshot | null> {
  try {
    const response = await fetch("/api/meteo", { headers: { Accept: "application/json" } });
    if (!response.ok) return null;
    return (await response.json()) as WeatherSnapshot;
  } catch {
    return null;
  }
}

/**
 * Footer weather for Villeurbanne: rendered on the server from `initial` (no loading flash), or with the failure
 * message when the server could not reach the service (`unavailable`), then refreshed from /api/meteo every
 * 30 minutes. A failed refresh keeps the last data shown.
 */
export function WeatherWidget({
  initial,
  unavailable = false,
}: {
  initial: WeatherSnapshot | null;
  unavailable?: boolean;
}) {
  const titleId = useId();
  const [fetched, setFetched] = useState<WeatherSnapshot | null>(null);
  // The server knows when the service could not be reached: the page says so from the start.
  const [failed, setFailed] = useState(unavailable);
  // The newest of the server's snapshot (it changes when the loader revalidates) and the last fetch.
  const snapshot = fetched && (!initial || fetched.fetchedAt > initial.fetchedAt) ? fetched : initial;

  useEffect(() => {
    let active = true;
    const refresh = async () => {
      const next = await fetchWeather();
      if (!active) return;
      if (next) setFetched(next);
      setFailed(!next);
    };
    if (!initial) void refresh();
    const timer = setInterval(() => void refresh(), WEATHER_REFRESH_MS);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, [initial]);

  return (
    <section aria-labelledby={titleId} className="min-w-0 max-w-full text-green-50">
      <h2 id={titleId} className="mb-3 text-base font-semibold text-white">
        Météo à {WEATHER_CITY}
      </h2>
      {snapshot ? (
        <WeatherDetails snapshot={snapshot} />
      ) : failed ? (
        <p role="alert" className="mt-2 text-sm text-green-100">
          {WEATHER_ERROR_MESSAGE}
        </p>
      ) : (
        <output className="mt-2 block text-sm text-green-100">{WEATHER_LOADING_MESSAGE}</output>
      )}
    </section>
  );
}

function WeatherDetails({ snapshot }: { snapshot: WeatherSnapshot }) {
  const band = temperatureBand(snapshot.temperature);
  return (
    <div className="mt-2 space-y-2">
      <div className="flex items-center gap-3">
        <WeatherIconImage code={snapshot.weathercode} />
        <p className={`text-3xl font-bold ${TEMPERATURE_CLASSES[band]}`}>
          {shownTemperature(snapshot.temperature)}
          <span className="text-xl"> °C</span>
        </p>
      </div>
      <dl className="space-y-1 text-sm">
        <div className="flex flex-wrap gap-x-1">
          <dt className="font-semibold">Qualité de l’air :</dt>
          <dd>{airQualityLabel(snapshot.aqi)}</dd>
        </div>
        <div className="flex flex-wrap gap-x-1">
          <dt className="font-semibold">Pollen :</dt>
          <dd className="min-w-0 break-words">{pollenSummary(snapshot.pollen)}</dd>
        </div>
      </dl>
      <p className="text-xs text-green-200">
        Mis à jour à <time dateTime={snapshot.fetchedAt}>{timeFormat.format(new Date(snapshot.fetchedAt))}</time>
      </p>
    </div>
  );
}
