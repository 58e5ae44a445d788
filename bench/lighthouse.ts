import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "#tests/setup/chromium";

export type LighthouseResult = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  totalKb: number;
};

/** How many times a page is measured before Lighthouse's own error is reported instead. */
const ATTEMPTS = 3;

/**
 * Lighthouse's mobile preset with simulated throttling, on Debian's Chromium. A run whose
 * trace came out incomplete (NO_NAVSTART, about one run in thirty on the busy 2-core machine,
 * whatever the page) has no performance figures, and Lighthouse asks to be run again: it is,
 * up to ATTEMPTS times, and a page that never gives a whole run is reported by the error's
 * code (a string) rather than as a performance of 0 with an LCP of NaN.
 */
export async function runLighthouse(
  urls: string[],
): Promise<Map<string, LighthouseResult | string>> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_ARGS],
  });
  const results = new Map<string, LighthouseResult | string>();
  try {
    for (const url of urls) {
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        const runner = await lighthouse(url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
        });
        const lhr = runner?.lhr;
        if (!lhr || lhr.runtimeError) {
          results.set(url, lhr?.runtimeError?.code ?? "no report");
          continue;
        }
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        results.set(url, {
          performance: score("performance"),
          accessibility: score("accessibility"),
          bestPractices: score("best-practices"),
          seo: score("seo"),
          lcpMs: Math.round(audit("largest-contentful-paint")),
          tbtMs: Math.round(audit("total-blocking-time")),
          cls: Number(audit("cumulative-layout-shift").toFixed(3)),
          totalKb: Math.round(audit("total-byte-weight") / 102.4) / 10,
        });
        break;
      }
    }
  } finally {
    chrome.kill();
  }
  return results;
}
