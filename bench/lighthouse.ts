import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export type Scores = { performance: number; accessibility: number };

const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Lighthouse's performance and accessibility scores for one page, desktop and mobile. */
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
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
        config,
      );
      const categories = result?.lhr.categories;
      out[formFactor] = {
        performance: Math.round((categories?.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories?.accessibility?.score ?? 0) * 100),
      };
    }
    return out;
  } finally {
    chrome.kill();
  }
}
