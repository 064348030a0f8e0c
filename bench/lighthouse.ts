import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export type Scores = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Cumulative layout shift, largest contentful paint (ms) and total blocking time (ms). */
  cls: number;
  lcpMs: number;
  tbtMs: number;
  /** JavaScript the page loaded, as sent (brotli), in bytes. */
  scriptBytes: number;
};

const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Lighthouse's scores and key figures for one page, desktop and mobile. */
export async function runLighthouse(url: string): Promise<Record<'desktop' | 'mobile', Scores>> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags });
  try {
    const out = {} as Record<'desktop' | 'mobile', Scores>;
    for (const formFactor of ['desktop', 'mobile'] as const) {
      const config =
        formFactor === 'desktop'
          ? {
              extends: 'lighthouse:default',
              settings: {
                formFactor: 'desktop' as const,
                screenEmulation: { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false },
                throttling: { rttMs: 40, throughputKbps: 10240, cpuSlowdownMultiplier: 1, requestLatencyMs: 0, downloadThroughputKbps: 0, uploadThroughputKbps: 0 },
              },
            }
          : { extends: 'lighthouse:default' };
      const result = await lighthouse(
        url,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] },
        config,
      );
      const categories = result?.lhr.categories;
      const audits = result?.lhr.audits;
      const score = (name: string) => Math.round((categories?.[name]?.score ?? 0) * 100);
      const resources = (audits?.['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
      out[formFactor] = {
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        cls: audits?.['cumulative-layout-shift']?.numericValue ?? NaN,
        lcpMs: audits?.['largest-contentful-paint']?.numericValue ?? NaN,
        tbtMs: audits?.['total-blocking-time']?.numericValue ?? NaN,
        scriptBytes: resources.find((item) => item.resourceType === 'script')?.transferSize ?? NaN,
      };
    }
    return out;
  } finally {
    chrome.kill();
  }
}
