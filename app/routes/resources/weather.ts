import { WEATHER_ERROR_MESSAGE } from "~/lib/weather";
import { getWeather } from "~/modules/weather/weather.server";

/** GET /api/meteo — the footer widget's data as JSON (503 with the spec's message when none is known). */
export async function loader() {
  const snapshot = await getWeather();
  if (!snapshot) {
    return Response.json({ error: WEATHER_ERROR_MESSAGE }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
  return Response.json(snapshot, {
    headers: { "Cache-Control": "public, max-age=60, s-maxage=300, stale-while-revalidate=600" },
  });
}
