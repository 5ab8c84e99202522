// The Open-Meteo stand-in the browser tests' main site talks to: warm, cloudy, good air, some grass pollen.
import { startFakeWeather } from "../tests/fakes/weather";

const fake = await startFakeWeather({ port: Number(process.argv[2]) });
fake.forecast = { temperature: 22.4, weathercode: 2 };
fake.air = { aqi: 63, pollen: { birch: 0, grass: 95, mugwort: 0, ragweed: 0 } };
process.on("SIGTERM", () => void fake.close().then(() => process.exit(0)));
