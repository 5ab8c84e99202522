/**
 * Fails when modules import each other in a circle (app/modules/a → b → … → a), whatever files carry the imports:
 * lint's import/no-cycle sees files, this sees modules, the boundaries docs/architecture.md draws. Tests are left
 * out (a test may use any module), and so are imports of tables (`<module>.tables.ts`), which scripts/source-rules.ts
 * governs. Part of `npm run lint`.
 */
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../app/modules");
const IMPORT = /(?:from|import)\s*\(?\s*["']([^"']+)["']/g;

/** The module a path inside app/modules belongs to, or undefined outside it. */
function moduleOf(file: string) {
  const relative = path.relative(root, file);
  return relative.startsWith("..") ? undefined : relative.split(path.sep)[0];
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Which module imports which, with one file and import that shows it. */
const edges = new Map<string, Map<string, string>>();
for (const file of sourceFiles(root)) {
  const from = moduleOf(file)!;
  for (const [, specifier] of fs.readFileSync(file, "utf8").matchAll(IMPORT)) {
    const target = specifier.startsWith("~/modules/")
      ? specifier.split("/")[2]
      : specifier.startsWith(".")
        ? moduleOf(path.resolve(path.dirname(file), specifier))
        : undefined;
    // Tables are the database's, defined beside their owner: a foreign key or a crossing kept for its reason
    // (TABLE_CROSSINGS, scripts/source-rules.ts) is no call into the module's code.
    if (!target || target === from || /\.tables$/.test(specifier)) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    if (!edges.get(from)!.has(target))
      edges.get(from)!.set(target, `${path.relative(process.cwd(), file)} imports « ${specifier} »`);
  }
}

// Tarjan's strongly connected components: each one of two modules or more is a circle.
let index = 0;
const order = new Map<string, number>();
const low = new Map<string, number>();
const stack: string[] = [];
const onStack = new Set<string>();
const circles: string[][] = [];
function visit(module: string) {
  order.set(module, index);
  low.set(module, index++);
  stack.push(module);
  onStack.add(module);
  for (const next of edges.get(module)?.keys() ?? []) {
    if (!order.has(next)) {
      visit(next);
      low.set(module, Math.min(low.get(module)!, low.get(next)!));
    } else if (onStack.has(next)) low.set(module, Math.min(low.get(module)!, order.get(next)!));
  }
  if (low.get(module) === order.get(module)) {
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== module);
    if (component.length > 1) circles.push(component.sort());
  }
}
for (const module of [...edges.keys()].sort()) if (!order.has(module)) visit(module);

if (circles.length > 0) {
  for (const circle of circles) {
    console.error(`Modules en cycle : ${circle.join(", ")}`);
    for (const from of circle)
      for (const [to, where] of edges.get(from) ?? [])
        if (circle.includes(to)) console.error(`  ${from} → ${to} : ${where}`);
  }
  process.exit(1);
}
console.log(
  `Aucun cycle entre les ${new Set([...edges.keys(), ...[...edges.values()].flatMap((m) => [...m.keys()])]).size} modules.`,
);
