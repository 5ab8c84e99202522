// Lighthouse 13 (mobile defaults) for pages of a running site.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

export interface LighthouseScores {
  path: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  metrics: string;
  error?: string;
  report: string;
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
        error: runtimeError ? `${runtimeError.code} ${runtimeError.message}` : undefined,
        report: result.report as string,
      });
    }
  } finally {
    chrome.kill();
  }
  return results;
}
