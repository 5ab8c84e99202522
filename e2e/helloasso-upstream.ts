// The HelloAsso stand-in the browser tests' main site talks to: its API, its payment page, and the notifications it
// posts back to the site (argv: port, the site's notification address).
import { startFakeHelloAsso } from "../tests/fakes/helloasso.ts";

const fake = await startFakeHelloAsso({ port: Number(process.argv[2]), notificationUrl: process.argv[3] });
process.on("SIGTERM", () => void fake.close().then(() => process.exit(0)));
