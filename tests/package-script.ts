import path from "node:path";
import { scriptWords } from "../scripts/production-runtime";

const root = path.resolve(import.meta.dirname, "..");

/**
 * The command package.json's script `name` runs (`tsx scripts/….ts`, say), as npm would start it: the tool from
 * node_modules/.bin, with its arguments, from the project's folder. npm itself costs each start three seconds of CPU;
 * a test that goes through npm once, as the README says to, can start the command itself the other times.
 */
export function packageScript(name: string) {
  const [tool, ...args] = scriptWords(name);
  return {
    command: path.join(root, "node_modules/.bin", tool!),
    args,
    cwd: root,
    /** The PATH npm gives a script: node_modules/.bin first. */
    PATH: `${path.join(root, "node_modules/.bin")}${path.delimiter}${process.env.PATH}`,
  };
}
