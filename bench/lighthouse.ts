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

/** Lighthouse's mobile preset with simulated throttling, on Debian's Chromium. */
export async function runLighthouse(urls: string[]): Promise<Map<string, LighthouseResult>> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_ARGS],
  });
  const results = new Map<string, LighthouseResult>();
  try {
    for (const url of urls) {
      const runner = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
      });
      const lhr = runner?.lhr;
      if (!lhr) continue;
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
    }
  } finally {
    chrome.kill();
  }
  return results;
}
