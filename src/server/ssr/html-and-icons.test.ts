/**
 * Every server-rendered page is valid HTML (html-validate, its recommended rules): what browsers,
 * search engines and assistive technology are given is what the standard describes, not what a
 * browser's error recovery makes of it. And every page's head links the site's icons and web app
 * manifest, which the server sends as what they are.
 */
import fs from 'node:fs';
import path from 'node:path';
import { HtmlValidate, type Message, type MetaDataTable } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { prepareDatabase } from '../db/prepare.js';
import { loadConfig } from '../env.js';
import { createTestDatabase } from '../test/test-database.js';
import type { App } from '../types.js';
import type { PageRenderer } from '../../shared/ssr.js';
// eslint-disable-next-line import-x/no-restricted-paths -- the list of pages the renderer serves, as pages.test.ts reads it
import { pageMeta, type PageMeta } from '../../client/config/page-meta.js';

let app: App;
let drop: () => Promise<void>;

beforeAll(async () => {
  // As in pages.test.ts: the source Vite bundles into dist/ssr, so no build is needed.
  // eslint-disable-next-line import-x/no-restricted-paths -- see above
  const { renderer } = (await import('../../client/entry-server.js')) as { renderer: PageRenderer };
  const templateHtml = fs.readFileSync(path.resolve(import.meta.dirname, '../../../index.html'), 'utf8');
  const created = await createTestDatabase();
  drop = created.drop;
  await prepareDatabase(created.database, { seed: true });
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'https://salon.example' }),
    database: created.database,
    // The shipped files as the build copies them into dist/client, served as the built site is.
    clientDir: path.resolve(import.meta.dirname, '../../../public'),
    pages: { renderer, templateHtml },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await drop?.();
});

/**
 * One rule of HTML that html-validate's element data leaves out, though the W3C's checker reports
 * it: an <img> may have `sizes` only with a `srcset`, a preload link `imagesizes` only with an
 * `imagesrcset` (both describe how wide the candidates of the set are drawn; without a set they
 * mean nothing). The attribute-misuse rule reports them.
 */
const needsSet = (set: string) => (node: { hasAttribute(name: string): boolean }) => (node.hasAttribute(set) ? null : `only with a "${set}" attribute`);
const withoutSrcsetNoSizes: MetaDataTable = {
  img: { attributes: { sizes: { allowed: needsSet('srcset') } } },
  link: { attributes: { imagesizes: { allowed: needsSet('imagesrcset') } } },
};

/**
 * The recommended rules, less those that only ask for a spelling React's server renderer does not
 * write, of markup the standard allows all the same; and one whose fix would hurt readers.
 */
const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  elements: ['html5', withoutSrcsetNoSizes],
  rules: {
    // React writes void elements as <img />, a form HTML allows.
    'void-style': 'off',
    // React writes boolean attributes as hidden="" (allowed) and `fetchPriority` in camel case
    // (attribute names are case-insensitive).
    'attribute-boolean-style': 'off',
    'attribute-empty-style': 'off',
    'attr-case': 'off',
    // React's useId makes ids such as _R_9_: valid HTML ids (no space, not empty), though not ones
    // a CSS selector can name unescaped. The relaxed form checks what HTML requires.
    'valid-id': ['error', { relaxed: true }],
    // It wants the phone number written with a no-break space and U+2011 (non-breaking hyphen):
    // pasted into a dialer or read by a screen reader, that hyphen is not a hyphen.
    'tel-non-breaking': 'off',
  },
});

const describeMessage = (m: Message) => `${m.ruleId} at ${m.line}:${m.column} (${m.selector ?? ''}): ${m.message}`;

/**
 * Every page the server renders (each page's head names its path), the 404 page, a page with a
 * query it reads, and the bare page the browser renders the dashboards into.
 */
const urls = [
  ...Object.values(pageMeta as Record<string, PageMeta>).flatMap((meta) => (meta.path ? [meta.path] : [])),
  '/no-such-page',
  '/login?error=oauth',
  '/dashboard/userhome',
];

describe('server-rendered HTML', () => {
  it('covers the pages', () => {
    expect(urls).toEqual(expect.arrayContaining(['/', '/login', '/signup', '/about', '/privacy']));
  });

  it.each(urls)('%s is valid', async (url) => {
    const res = await app.inject({ url });
    const report = await validator.validateString(res.body);
    expect(report.results.flatMap((r) => r.messages).map(describeMessage)).toEqual([]);
  });
});

/** The head's links of a page, as [rel, href, type, sizes]. */
function headLinks(html: string): { rel: string; href: string; type?: string; sizes?: string }[] {
  const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? '';
  return [...head.matchAll(/<link\b([^>]*)>/g)].map(([, attributes]) => {
    const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(attributes!)?.[1];
    return { rel: attribute('rel') ?? '', href: attribute('href') ?? '', ...(attribute('type') && { type: attribute('type') }), ...(attribute('sizes') && { sizes: attribute('sizes') }) };
  });
}

const pngSize = (body: Buffer) => ({ png: body.subarray(1, 4).toString('latin1') === 'PNG', width: body.readUInt32BE(16), height: body.readUInt32BE(20) });

describe('icons and the web app manifest', () => {
  it.each(urls)('%s links the icons and the manifest in its head', async (url) => {
    const links = headLinks((await app.inject({ url })).body);
    expect(links).toEqual(
      expect.arrayContaining([
        { rel: 'icon', href: '/favicon.ico', sizes: '48x48' },
        { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
        { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
        { rel: 'manifest', href: '/manifest.webmanifest' },
      ]),
    );
  });

  it('sends each icon as what it is, at its size', async () => {
    const ico = await app.inject({ url: '/favicon.ico' });
    expect(ico.statusCode).toBe(200);
    expect(ico.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
    // An ICO header (reserved 0, type 1) with three images: 16, 32 and 48 px.
    expect([ico.rawPayload.readUInt16LE(0), ico.rawPayload.readUInt16LE(2), ico.rawPayload.readUInt16LE(4)]).toEqual([0, 1, 3]);
    expect([0, 1, 2].map((i) => ico.rawPayload.readUInt8(6 + 16 * i))).toEqual([16, 32, 48]);

    const svg = await app.inject({ url: '/favicon.svg' });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.body).toContain('<svg');

    const touch = await app.inject({ url: '/apple-touch-icon.png' });
    expect(touch.statusCode).toBe(200);
    expect(touch.headers['content-type']).toBe('image/png');
    expect(pngSize(touch.rawPayload)).toEqual({ png: true, width: 180, height: 180 });
  });

  it('sends a manifest that installs the site as Parlour, whose icons all exist at their stated sizes', async () => {
    const res = await app.inject({ url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = JSON.parse(res.body) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Parlour', short_name: 'Parlour', start_url: '/', display: 'standalone' });
    // The theme's colours: the rose of the theme-color meta and buttons, the blush page background.
    const theme = fs.readFileSync(path.resolve(import.meta.dirname, '../../client/styles/index.css'), 'utf8');
    expect(theme).toContain(`--color-primary: ${manifest.theme_color};`);
    expect(theme).toContain(`--color-base-100: ${manifest.background_color};`);
    // Android's install prompt needs a 192 and a 512 px icon.
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      const file = await app.inject({ url: icon.src });
      expect(file.statusCode, icon.src).toBe(200);
      expect(file.headers['content-type'], icon.src).toMatch(new RegExp(`^${icon.type.replace('+', '\\+')}`));
      if (icon.type === 'image/png') {
        const [width, height] = icon.sizes.split('x').map(Number);
        expect(pngSize(file.rawPayload), icon.src).toEqual({ png: true, width, height });
      }
    }
  });
});
