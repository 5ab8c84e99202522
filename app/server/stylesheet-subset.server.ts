// The part of the site's stylesheet a rendered page uses, for pages no script changes once loaded (the content pages):
// the style rules whose selector can match the page's classes and elements, the custom properties those rules read
// (the theme's colours, Tailwind's --tw-* registrations), and the @-rules around them. Tailwind writes one rule per
// class used anywhere in the code, back-office included, and base styles for every form control; a content page needs
// half of it or less.
//
// The stylesheet is parsed once; each page costs a scan of its tags and class attributes and one pass over the rules.
// A rule is kept unless a class or element type its selector requires is absent from the page, so anything unsure (a
// class inside :not() or :has(), a selector of pseudo-elements alone) is kept.

interface StyleRule {
  kind: "rule";
  text: string;
  /** Per selector of the list, the classes (`name`) and element types (`<name`) it needs on the page. */
  requires: string[][];
  /** Custom properties the rule reads through var(). */
  reads: string[];
  /** For a rule that only declares custom properties (the theme, Tailwind's fallbacks): each declaration. */
  declares?: { name: string; text: string; reads: string[] }[];
  prelude: string;
}

interface Group {
  kind: "group";
  prelude: string;
  children: Node[];
}

interface Other {
  kind: "other";
  text: string;
  reads: string[];
  /** `@property --name`: kept when the page reads --name. */
  property?: string;
  /** `@keyframes name`: kept when a kept rule or property names it. */
  keyframes?: string;
}

type Node = StyleRule | Group | Other;

/** @-rules whose block holds rules, filtered one by one. */
const GROUPS = new Set(["media", "supports", "layer", "container", "scope", "starting-style", "document"]);
const VAR = /var\(\s*(--[\w-]+)/g;

function readsOf(text: string) {
  return [...new Set(Array.from(text.matchAll(VAR), (m) => m[1]!))];
}

/** Index after the string, comment or escape starting at `i`, or `i` when there is none. */
function skipToken(css: string, i: number) {
  const c = css[i];
  if (c === "\\") return i + 2;
  if (c === '"' || c === "'") {
    let j = i + 1;
    while (j < css.length && css[j] !== c) j += css[j] === "\\" ? 2 : 1;
    return j + 1;
  }
  if (c === "/" && css[i + 1] === "*") {
    const end = css.indexOf("*/", i + 2);
    return end === -1 ? css.length : end + 2;
  }
  return i;
}

/** The first of `stops` at nesting depth 0 from `i` (strings, comments, escapes, brackets skipped), or `to`. */
function find(css: string, i: number, to: number, stops: string) {
  let depth = 0;
  while (i < to) {
    const next = skipToken(css, i);
    if (next !== i) {
      i = next;
      continue;
    }
    const c = css[i]!;
    if (depth === 0 && stops.includes(c)) return i;
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") depth--;
    i++;
  }
  return to;
}

function splitTopLevel(text: string, separator: string) {
  const parts: string[] = [];
  let from = 0;
  for (;;) {
    const at = find(text, from, text.length, separator);
    parts.push(text.slice(from, at));
    if (at >= text.length) return parts;
    from = at + 1;
  }
}

/** An identifier's text with its CSS escapes resolved (`md\:grid-cols-2` → `md:grid-cols-2`, `\31 0` → `10`). */
function unescape(ident: string) {
  return ident.replace(/\\(?:([0-9a-fA-F]{1,6})\s?|(.))/gs, (_, hex: string | undefined, char: string | undefined) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : char!,
  );
}

const IDENT = /^(?:[\w-]|\\(?:[0-9a-fA-F]{1,6}\s?|.)|[\u0080-\uffff])+/s;

/**
 * What the page must have for `selector` to match: the classes (`name`) and element types (`<name`) of its compound
 * selectors, and of a single-selector :is() or :where() within them. Those under :not(), :has() and the like are left
 * out.
 */
function requirements(selector: string): string[] {
  const classes: string[] = [];
  let i = 0;
  while (i < selector.length) {
    const next = skipToken(selector, i);
    if (next !== i) {
      i = next;
      continue;
    }
    const c = selector[i]!;
    if (c === "." || c === "#" || c === ":") {
      // A class; an id or a pseudo-class's name, skipped.
      const from = c === ":" && selector[i + 1] === ":" ? i + 2 : i + 1;
      const ident = IDENT.exec(selector.slice(from))?.[0] ?? "";
      if (c === "." && ident) classes.push(unescape(ident));
      i = from + ident.length;
    } else if (/[a-zA-Z_\\\u0080-\uffff]/.test(c)) {
      // An element type, as in `abbr:where([title])` or `.rich-text :where(ul)`.
      const ident = IDENT.exec(selector.slice(i))![0];
      classes.push(`<${unescape(ident).toLowerCase()}`);
      i += ident.length;
    } else if (c === "[") {
      i = find(selector, i + 1, selector.length, "]") + 1;
    } else if (c === "(") {
      const end = find(selector, i + 1, selector.length, ")");
      const name = /:([\w-]+)$/.exec(selector.slice(0, i))?.[1];
      const argument = selector.slice(i + 1, end);
      if ((name === "is" || name === "where") && splitTopLevel(argument, ",").length === 1)
        classes.push(...requirements(argument));
      i = end + 1;
    } else i++;
  }
  return classes;
}

function styleRule(prelude: string, body: string): StyleRule {
  const rule: StyleRule = {
    kind: "rule",
    prelude,
    text: `${prelude}{${body}}`,
    requires: splitTopLevel(prelude, ",").map(requirements),
    reads: readsOf(body),
  };
  const declarations = splitTopLevel(body, ";").filter((d) => d.trim());
  if (!body.includes("{") && declarations.every((d) => d.trim().startsWith("--"))) {
    rule.declares = declarations.map((text) => ({
      name: text.slice(0, text.indexOf(":")).trim(),
      text: text.trim(),
      reads: readsOf(text.slice(text.indexOf(":"))),
    }));
  }
  return rule;
}

function parse(css: string, from: number, to: number): Node[] {
  const nodes: Node[] = [];
  let i = from;
  while (i < to) {
    const c = css[i]!;
    if (/\s/.test(c) || c === "}") {
      i++;
      continue;
    }
    if (c === "/" && css[i + 1] === "*") {
      i = skipToken(css, i);
      continue;
    }
    const stop = find(css, i, to, "{;");
    if (stop >= to || css[stop] === ";") {
      // A statement (`@layer a, b;`, `@import …;`): kept as it is.
      nodes.push({ kind: "other", text: css.slice(i, stop + 1).trim(), reads: [] });
      i = stop + 1;
      continue;
    }
    const end = find(css, stop + 1, to, "}");
    const prelude = css.slice(i, stop).trim();
    const body = css.slice(stop + 1, end);
    const at = /^@([\w-]+)/.exec(prelude)?.[1];
    if (at === undefined) nodes.push(styleRule(prelude, body));
    else if (GROUPS.has(at)) nodes.push({ kind: "group", prelude, children: parse(css, stop + 1, end) });
    else {
      const name = prelude.split(/\s+/)[1];
      nodes.push({
        kind: "other",
        text: `${prelude}{${body}}`,
        reads: readsOf(body),
        property: at === "property" ? name : undefined,
        keyframes: at.endsWith("keyframes") ? name : undefined,
      });
    }
    i = end + 1;
  }
  return nodes;
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&quot;": '"',
  "&#x27;": "'",
  "&#39;": "'",
  "&lt;": "<",
  "&gt;": ">",
};

/**
 * Every class of the page's elements, as React writes them (`class="…"`, HTML entities for & " ' < >), and every
 * element type (`<name`).
 */
function tokensOf(html: string) {
  const classes = new Set<string>();
  for (const [, tag] of html.matchAll(/<([a-zA-Z][\w-]*)/g)) classes.add(`<${tag!.toLowerCase()}`);
  for (const [, value] of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of value!.replace(/&(?:amp|quot|#x27|#39|lt|gt);/g, (e) => ENTITIES[e]!).split(/\s+/))
      if (name) classes.add(name);
  }
  return classes;
}

/** A rule or other @-rule with the @media, @supports and @layer blocks around it, outermost first. */
interface Item {
  node: StyleRule | Other;
  groups: Group[];
}

function flatten(nodes: Node[], groups: Group[] = [], items: Item[] = []) {
  for (const node of nodes) {
    if (node.kind === "group") flatten(node.children, [...groups, node], items);
    else items.push({ node, groups });
  }
  return items;
}

function matches(rule: StyleRule, classes: Set<string>) {
  for (const required of rule.requires) {
    let all = true;
    for (const name of required) if (!classes.has(name)) all = false;
    if (all) return true;
  }
  return false;
}

/** `(html) => css`: the rules of `stylesheet` the page `html` can use, in their order, with what they read. */
export function stylesheetSubset(stylesheet: string): (html: string) => string {
  const items = flatten(parse(stylesheet, 0, stylesheet.length));
  return (html) => {
    const classes = tokensOf(html);
    const kept = items.map(({ node }) => node.kind !== "rule" || matches(node, classes));

    // What the kept rules (and the page's own style attributes) read, then what the properties they read read.
    const reads = new Set(readsOf(html));
    const declared = new Map<string, string[]>();
    items.forEach(({ node }, i) => {
      if (!kept[i] || (node.kind === "other" && node.property)) return;
      if (node.kind === "rule" && node.declares) {
        for (const d of node.declares) declared.set(d.name, [...(declared.get(d.name) ?? []), ...d.reads]);
      } else for (const name of node.reads) reads.add(name);
    });
    const pending = [...reads];
    while (pending.length) {
      for (const name of declared.get(pending.pop()!) ?? []) {
        if (reads.has(name)) continue;
        reads.add(name);
        pending.push(name);
      }
    }

    // The kept text of each item, then the @-blocks around them opened and closed as the items go.
    const texts = items.map(({ node }, i) => {
      if (!kept[i]) return "";
      if (node.kind === "other") return !node.property || reads.has(node.property) ? node.text : "";
      if (!node.declares) return node.text;
      const declarations = node.declares.filter((d) => reads.has(d.name)).map((d) => d.text);
      return declarations.length ? `${node.prelude}{${declarations.join(";")}}` : "";
    });
    // An animation is named by a kept rule (`animation: spin …`) or by a property it reads (`--animate-spin: spin …`).
    items.forEach(({ node }, i) => {
      if (node.kind !== "other" || !node.keyframes || !texts[i]) return;
      const name = node.keyframes.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      const named = new RegExp(`[\\s:,]${name}(?:$|[\\s;,}])`);
      if (!texts.some((text, j) => j !== i && named.test(text))) texts[i] = "";
    });
    let open: Group[] = [];
    const out: string[] = [];
    items.forEach(({ groups }, i) => {
      if (!texts[i]) return;
      let common = 0;
      while (common < open.length && common < groups.length && open[common] === groups[common]) common++;
      out.push(
        "}".repeat(open.length - common),
        ...groups.slice(common).map((group) => `${group.prelude}{`),
        texts[i]!,
      );
      open = groups;
    });
    out.push("}".repeat(open.length));
    return out.join("");
  };
}
