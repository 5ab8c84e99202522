// `npm start`: reads .env, builds when the sources are newer than the build, then runs the server.
import "./load-env.ts";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const marker = path.join(root, "build/server/index.js");

function newestMtime(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    // Tests sit beside the code they test but are not part of the build.
    if (/\.test\.tsx?$/.test(entry.name)) continue;
    const full = path.join(dir, entry.name);
    const t = entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs;
    if (t > newest) newest = t;
  }
  return newest;
}

const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
const sources = Math.max(
  newestMtime(path.join(root, "app")),
  ...["package.json", "vite.config.ts", "react-router.config.ts"].map((f) => fs.statSync(path.join(root, f)).mtimeMs),
);
if (sources > built) {
  console.log("Construction du site…");
  execFileSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
}
await import("../server.ts");
