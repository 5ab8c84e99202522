// Lighthouse 13 (mobile defaults) for pages of a running site.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

/** Resource types of Lighthouse's `resource-summary` audit, in the order printed. */
export const RESOURCE_TYPES = ["document", "script", "stylesheet", "image", "font", "other"] as const;

export interface LighthouseScores {
  path: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  metrics: string;
  /** Bytes transferred by the page as Lighthouse loaded it (`total-byte-weight`), headers included. */
  bytes: number;
  /** The same bytes split by resource type (`resource-summary`). */
  bytesByType: Record<(typeof RESOURCE_TYPES)[number], number>;
  error?: string;
  report: string;
}

/** docs/architecture.md: what a content page may transfer, images, headers and favicon included. */
export const CONTENT_PAGE_BUDGET = 50 * 1024;

/** "45.2 KB (document 11.3 · script 1.3 · image 31.9 · other 0.7)": the types that weigh anything. */
export function transferred(result: LighthouseScores) {
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const split = RESOURCE_TYPES.filter((type) => result.bytesByType[type] > 0)
    .map((type) => `${type} ${kb(result.bytesByType[type])}`)
    .join(" · ");
  return `${kb(result.bytes)} KB (${split})`;
}

export async function runLighthouse(baseUrl: string, paths: string[]): Promise<LighthouseScores[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: "/usr/bin/chromium",
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  // Lighthouse's default ("simulate") estimates a slow phone from a fast local load. THROTTLING=devtools slows the
  // network and CPU for real instead, which shows what such a phone would measure.
  const flags = {
    port: chrome.port,
    onlyCategories: [...CATEGORIES],
    logLevel: "error" as const,
    output: "json" as const,
    throttlingMethod: process.env.THROTTLING === "devtools" ? ("devtools" as const) : ("simulate" as const),
  };
  const results: LighthouseScores[] = [];
  try {
    for (const path of paths) {
      await fetch(baseUrl + path); // warm the server's caches first
      let result = await lighthouse(baseUrl + path, flags);
      // Lighthouse sometimes fails to record the trace (NO_NAVSTART, NO_FCP): that says nothing of the page, so run it again once.
      if (result?.lhr.runtimeError) result = await lighthouse(baseUrl + path, flags);
      if (!result) throw new Error(`pas de résultat pour ${path}`);
      const { categories, audits, runtimeError } = result.lhr;
      results.push({
        path,
        scores: Object.fromEntries(
          CATEGORIES.map((id) => [id, Math.round((categories[id].score ?? 0) * 100)]),
        ) as LighthouseScores["scores"],
        metrics: [
          "first-contentful-paint",
          "largest-contentful-paint",
          "total-blocking-time",
          "cumulative-layout-shift",
        ]
          .map(
            (id) =>
              `${id
                .split("-")
                .map((w) => w[0])
                .join("")
                .toUpperCase()} ${audits[id].displayValue}`,
          )
          .join(", "),
        bytes: audits["total-byte-weight"].numericValue ?? 0,
        bytesByType: Object.fromEntries(
          RESOURCE_TYPES.map((type) => [
            type,
            (
              audits["resource-summary"].details as { items?: { resourceType: string; transferSize: number }[] }
            )?.items?.find((item) => item.resourceType === type)?.transferSize ?? 0,
          ]),
        ) as LighthouseScores["bytesByType"],
        error: runtimeError ? `${runtimeError.code} ${runtimeError.message}` : undefined,
        report: result.report as string,
      });
    }
  } finally {
    chrome.kill();
  }
  return results;
}
