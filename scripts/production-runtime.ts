// The environment and node flags `npm start` runs the server with (docs/decisions/007), read from package.json
// so that benchmarks and browser tests run the server exactly as production does.
import fs from "node:fs";
import path from "node:path";

/** The words of package.json's script `name`, as npm hands them to the shell. */
export function scriptWords(name: string): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../package.json"), "utf8"));
  return (pkg.scripts[name] as string).split(/\s+/);
}

export function productionRuntime(): { env: Record<string, string>; nodeArgs: string[] } {
  const words = scriptWords("start");
  const node = words.indexOf("node");
  // `NAME=value` words set the environment; `exec` only makes the shell hand its place (and signals) to node.
  const env = Object.fromEntries(
    words
      .slice(0, node)
      .filter((word) => word.includes("="))
      .map((word) => word.split("=", 2) as [string, string]),
  );
  const nodeArgs = words.slice(node + 1).filter((word) => word.startsWith("--"));
  return { env, nodeArgs };
}
