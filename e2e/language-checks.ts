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
 * Latin words a reader sees or hears (sr-only text, controls' names and hints included) outside names,
 * brands and English-marked text;
 * `within` narrows it to a part of the page (a selector), e.g. a section one screen adds to another's page.
 */
export async function untranslatedWords(page: Page, within = 'body'): Promise<string[]> {
  const allowed = await namesAndBrands(page);
  return page.evaluate(([allowed, within]) => {
    const words = new Set<string>();
    const root = document.querySelector(within);
    if (!root) throw new Error(`nothing matches ${within}`);
    const read = (text: string | null | undefined) => {
      for (const word of text?.match(/[A-Za-z]{2,}/g) ?? []) if (!allowed.includes(word)) words.add(word);
    };
    const notRead = 'script, style, noscript, [lang="en"], [translate="no"]';
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest(`${notRead}, [hidden]`)) continue;
      read(node.textContent);
    }
    // What a screen reader says that is no text on the page: a control's name or hint given by an
    // attribute ('Show password' was English on /bn/login that way), and texts named by reference,
    // which are read even when hidden ('Profile image (invalid)'). An attribute cannot mark a name in
    // it, so the words the page marks as names or as the salon's English are allowed there.
    for (const marked of document.querySelectorAll('[lang="en"], [translate="no"]')) {
      for (const word of marked.textContent?.split(/\W+/) ?? []) allowed.push(word);
    }
    for (const element of root.querySelectorAll('[aria-label], [alt], [title], [placeholder], [aria-labelledby], [aria-describedby]')) {
      if (element.closest(`${notRead}, [hidden]`)) continue;
      for (const name of ['aria-label', 'alt', 'title', 'placeholder']) read(element.getAttribute(name));
      const referenced = `${element.getAttribute('aria-labelledby') ?? ''} ${element.getAttribute('aria-describedby') ?? ''}`.split(/\s+/).filter(Boolean);
      for (const id of referenced) {
        const target = document.getElementById(id);
        if (target && !target.closest(notRead)) read(target.textContent);
      }
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
