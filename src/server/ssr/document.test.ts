/**
 * The page document around the rendered markup: what goes in the head of a Bangla page and an
 * English one (the build's template, cut by parseTemplate and filled by composeDocument).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BANGLA_FONTS_MARK } from '../../shared/ssr.js';
import { composeDocument, parseTemplate } from './document.js';

const source = fs.readFileSync(path.resolve(import.meta.dirname, '../../../index.html'), 'utf8');
const preload = (weight: number) =>
  `<link rel="preload" href="/assets/noto-sans-bengali-bengali-${weight}-normal-AbC_1.woff2" as="font" type="font/woff2" crossorigin="">`;
/** index.html as vite.config.ts's firstLoad writes it: the Bangla fonts' preloads in a comment at the end of the head. */
const built = source.replace('</head>', `  <!--${BANGLA_FONTS_MARK}${preload(400)}${preload(600)}-->\n  </head>`);

const page = (language: 'en' | 'bn') => composeDocument(parseTemplate(built), { language, head: '<title>Parlour</title>', appHtml: '<p>hello</p>', pageDataJson: '{}' });
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));

describe("a page's document", () => {
  it('preloads the Bangla fonts in the head of a Bangla page, after its own head tags', () => {
    const head = headOf(page('bn'));
    expect(head).toContain(`<title>Parlour</title>\n    ${preload(400)}${preload(600)}`);
    expect(head).toMatch(/^<!DOCTYPE html>\s*<html lang="bn">/);
  });

  it('leaves them out of an English page', () => {
    const html = page('en');
    expect(html).not.toContain('noto-sans-bengali');
    expect(html).toMatch(/<html lang="en">/);
  });

  it('never sends the comment the build carries them in', () => {
    for (const language of ['en', 'bn'] as const) expect(page(language)).not.toContain(BANGLA_FONTS_MARK);
  });

  it('works from a template without them (the source index.html, as the tests and development use it)', () => {
    const html = composeDocument(parseTemplate(source), { language: 'bn', head: '<title>Parlour</title>', appHtml: '', pageDataJson: '{}' });
    expect(html).not.toContain('noto-sans-bengali');
    expect(html).toContain('<title>Parlour</title>');
  });
});
