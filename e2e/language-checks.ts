import { expect, type Page } from '@playwright/test';
import { LATIN_NAMES } from '../src/shared/i18n/brands';
import { sidewaysOverflow } from './fixtures';

/**
 * What a Bangla page must pass (docs/decisions/047), shared by the Bangla specs: no Latin word a
 * reader sees outside names, brands and English-marked text, and no word split over two lines.
 */

/** The brand; and every name of a person the pages show (stylists, reviewers), read from the API. */
export async function namesAndBrands(page: Page): Promise<string[]> {
  const staff = (await (await page.request.get('/api/staff')).json()) as { name: string }[];
  const reviews = (await (await page.request.get('/api/review')).json()) as { name: string }[];
  return [...LATIN_NAMES, ...[...staff, ...reviews].flatMap(({ name }) => name.split(/\W+/))];
}

/**
 * Latin words a reader sees (sr-only text included) outside names, brands and English-marked text;
 * `within` narrows it to a part of the page (a selector), e.g. a section one screen adds to another's page.
 */
export async function untranslatedWords(page: Page, within = 'body'): Promise<string[]> {
  const allowed = await namesAndBrands(page);
  return page.evaluate(([allowed, within]) => {
    const words = new Set<string>();
    const root = document.querySelector(within);
    if (!root) throw new Error(`nothing matches ${within}`);
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, [lang="en"], [translate="no"], [hidden]')) continue;
      for (const word of node.textContent?.match(/[A-Za-z]{2,}/g) ?? []) if (!allowed.includes(word)) words.add(word);
    }
    return [...words];
  }, [allowed, within] as const);
}

/** Words the layout splits over two lines (a narrow column with overflow-wrap: anywhere does). */
export async function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, [hidden], .sr-only') || parent.getClientRects().length === 0) continue;
      const text = node.textContent ?? '';
      // A line may end at a hyphen (Blow-/dry): the parts between spaces and hyphens must stay whole.
      for (const match of text.matchAll(/[^\s-]+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        // One box per line the word sits on: more than one line's worth of tops is a broken word.
        const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        if (tops.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

/** Scrolls the page through (the sections below the first screen hydrate as she scrolls), then waits for the network. */
export async function readWholePage(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
  });
  await page.waitForLoadState('networkidle');
}

/** An admin page's own screen, without the dashboard's menu (which has its own spec). */
export const ADMIN_SCREEN = 'div.min-w-0:has(> header h1)';

/**
 * The page read through (readWholePage), then checked: no Latin word a reader sees within `within`
 * (untranslatedWords), no sideways scroll, no word split over two lines (brokenWords) but those
 * inside what `wrapsAnywhere` selects (a web address or a folder's path has no words to keep whole).
 * Soft: one run names what is left in every state a spec visits, not only in the first; `label`
 * says which state.
 */
export async function expectBanglaScreen(page: Page, label: string, { within = ADMIN_SCREEN, wrapsAnywhere }: { within?: string; wrapsAnywhere?: string } = {}): Promise<void> {
  await readWholePage(page);
  expect.soft(await untranslatedWords(page, within), label).toEqual([]);
  expect.soft(await sidewaysOverflow(page), label).toBe(0);
  const unbreakable = wrapsAnywhere ? await page.locator(wrapsAnywhere).allTextContents() : [];
  const broken = (await brokenWords(page)).filter((word) => !unbreakable.some((text) => text.includes(word)));
  expect.soft(broken, label).toEqual([]);
}
