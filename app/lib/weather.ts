/**
 * Interpretation of the weather snapshot (product §9), pure and shared by the server and the browser.
 */

export const WEATHER_CITY = "Villeurbanne";

export const WEATHER_LOADING_MESSAGE = "Chargement météo...";
export const WEATHER_ERROR_MESSAGE = "Impossible de charger les données météo.";
export const UNAVAILABLE = "Indisponible";

/** product §9, US air-quality index; the texts are the spec's, periods included. */
export function airQualityLabel(aqi: number | null | undefined): string {
  if (aqi === null || aqi === undefined || !Number.isFinite(aqi)) return UNAVAILABLE;
  if (aqi <= 50) return "Bonne";
  if (aqi <= 100) return "Modérée.";
  if (aqi <= 150) return "Acceptable.";
  if (aqi <= 200) return "Mauvaise pour les personnes sensibles.";
  if (aqi <= 300) return "Mauvaise.";
  return "Très mauvaise";
}

export type PollenKind = "birch" | "grass" | "mugwort" | "ragweed";
export type PollenValues = Record<PollenKind, number | null>;

export const POLLEN_NAMES: Record<PollenKind, string> = {
  birch: "Bouleau",
  grass: "Graminées",
  mugwort: "Armoise",
  ragweed: "Ambroisie",
};

export const POLLEN_CALM = "Rien de préoccupant actuellement.";

/** product §9: above 80 grains/m³ is high, above 200 very high. */
export function pollenLevel(value: number | null | undefined): "élevé" | "très élevé" | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  if (value > 200) return "très élevé";
  if (value > 80) return "élevé";
  return null;
}

/** e.g. "Bouleau : élevé, Ambroisie : très élevé", or the spec's calm text, or 'Indisponible'. */
export function pollenSummary(pollen: PollenValues | null | undefined): string {
  if (!pollen) return UNAVAILABLE;
  const kinds = Object.keys(POLLEN_NAMES) as PollenKind[];
  if (kinds.every((kind) => pollen[kind] === null || pollen[kind] === undefined)) return UNAVAILABLE;
  const alerts = kinds.flatMap((kind) => {
    const level = pollenLevel(pollen[kind]);
    return level ? [`${POLLEN_NAMES[kind]} : ${level}`] : [];
  });
  return alerts.length ? alerts.join(", ") : POLLEN_CALM;
}

export type WeatherIcon = "sun" | "cloud" | "fog" | "rain" | "snow" | "storm" | "unknown";

const ICON_LABELS: Record<WeatherIcon, string> = {
  sun: "Ensoleillé",
  cloud: "Nuageux",
  fog: "Brouillard",
  rain: "Pluie",
  snow: "Neige",
  storm: "Orage",
  unknown: "Conditions variables",
};

/** product §9, WMO weather code: 0 sun; 1–3 cloud; 45, 48 fog; 51–57, 61–65 rain; 71–75 snow; 95, 96, 99 storm. */
export function weatherIcon(code: number | null | undefined): { icon: WeatherIcon; label: string } {
  let icon: WeatherIcon = "unknown";
  if (code === 0) icon = "sun";
  else if (code !== null && code !== undefined) {
    if (code >= 1 && code <= 3) icon = "cloud";
    else if (code === 45 || code === 48) icon = "fog";
    else if ((code >= 51 && code <= 57) || (code >= 61 && code <= 65)) icon = "rain";
    else if (code >= 71 && code <= 75) icon = "snow";
    else if (code === 95 || code === 96 || code === 99) icon = "storm";
  }
  return { icon, label: ICON_LABELS[icon] };
}

/**
 * Temperatures are shown rounded to the degree; bands and tips use that shown value so the colour
 * and the advice always agree with the number a visitor reads.
 */
export function shownTemperature(celsius: number) {
  return Math.round(celsius);
}

export type TemperatureBand = "cold" | "mild" | "warm" | "hot";

/** product §9 bands: ≤ 10, ≤ 20, ≤ 27, above. */
export function temperatureBand(celsius: number): TemperatureBand {
  const t = shownTemperature(celsius);
  if (t <= 10) return "cold";
  if (t <= 20) return "mild";
  if (t <= 27) return "warm";
  return "hot";
}

/** Text colours readable on the footer's dark green (bg-green-900), one per band. */
export const TEMPERATURE_CLASSES: Record<TemperatureBand, string> = {
  cold: "text-sky-300",
  mild: "text-lime-200",
  warm: "text-amber-300",
  hot: "text-orange-300",
};

export type GardeningTip = { level: "hot" | "warm" | "cold" | "mild"; title: string; text: string };

/** product §9 thresholds: 28 °C and above, 20 °C and above, 10 °C and below; a general tip in between. */
export function gardeningTip(celsius: number): GardeningTip {
  const t = shownTemperature(celsius);
  if (t >= 28) {
    return {
      level: "hot",
      title: "Forte chaleur",
      text: "Arrosez tôt le matin ou le soir, au pied des plantes, et paillez le sol pour garder l'humidité. Évitez de repiquer en plein soleil.",
    };
  }
  if (t >= 20) {
    return {
      level: "warm",
      title: "Temps doux",
      text: "Bon moment pour semer et repiquer. Arrosez le soir et surveillez les pucerons sur les jeunes pousses.",
    };
  }
  if (t <= 10) {
    return {
      level: "cold",
      title: "Temps frais",
      text: "Protégez les jeunes plants avec un voile d'hivernage, arrosez peu et plutôt en fin de matinée. Pensez à pailler les cultures en place.",
    };
  }
  return {
    level: "mild",
    title: "Température modérée",
    text: "Idéal pour désherber, aérer la terre et préparer vos planches de culture. Arrosez seulement si le sol est sec en surface.",
  };
}
