import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthProviders } from '../../shared/user.js';
import type { Language } from '../../shared/i18n/language.js';
import type { PageInputs, PageRenderer, SiteInfo } from '../../shared/ssr.js';
import { composeDocument, headTags, parseTemplate, type Template } from './document.js';

/** The renderer of the public pages and the built index.html it fills (docs/decisions/024). */
export type PagesSource = { renderer: PageRenderer; templateHtml: string };

/** The renderer Vite built beside the site (dist/ssr next to dist/client), if it was built. */
export function builtRendererPath(clientDir: string): string | undefined {
  const file = path.resolve(clientDir, '../ssr/entry-server.js');
  return fs.existsSync(file) ? file : undefined;
}

export async function loadBuiltPages(clientDir: string, rendererFile: string): Promise<PagesSource> {
  const module = (await import(pathToFileURL(rendererFile).href)) as { renderer: PageRenderer };
  return { renderer: module.renderer, templateHtml: await fs.promises.readFile(path.join(clientDir, 'index.html'), 'utf8') };
}

type Inputs = PageInputs & { year: number };

type CachedPage = { status: number; etag: string; html: Buffer; br: Buffer; gzip: Buffer };

/** At most this many addresses' pages are kept (the public pages and a few of their ?error= variants). */
const MAX_CACHED_PAGES = 64;

const yearFormats = new Map<string, Intl.DateTimeFormat>();
function yearIn(timeZone: string, now: number): number {
  let format = yearFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' });
    yearFormats.set(timeZone, format);
  }
  return Number(format.format(now));
}

const sameInputs = (a: Inputs, b: Inputs) =>
  a.servicesJson === b.servicesJson &&
  a.reviewsJson === b.reviewsJson &&
  a.staffJson === b.staffJson &&
  a.settings === b.settings &&
  a.authProviders === b.authProviders &&
  a.year === b.year;

async function compressed(status: number, document: string): Promise<CachedPage> {
  const html = Buffer.from(document, 'utf8');
  const [br, gz] = await Promise.all([
    promisify(brotliCompress)(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length } }),
    promisify(gzip)(html, { level: 9 }),
  ]);
  const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
  return { status, etag, html, br, gzip: gz };
}

function preferredEncoding(accept: string | undefined): 'br' | 'gzip' | undefined {
  if (!accept) return undefined;
  // q=0 refusals are rare enough to honour simply: a coding listed with q=0 is not used.
  const offered = new Map(
    accept.split(',').map((part) => {
      const [name = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return [name.trim(), q ? Number(q.slice(2)) : 1] as const;
    }),
  );
  const allows = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return undefined;
}

function send(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
  reply
    .status(page.status)
    .header('content-type', 'text/html; charset=utf-8')
    // Revalidated on every visit (a change to the catalogue shows at once); the ETag makes that cheap.
    .header('cache-control', 'no-cache')
    // Added to what the route already varies on ('/' also follows the visitor's language).
    .header('vary', [reply.getHeader('vary'), 'accept-encoding'].filter(Boolean).join(', '))
    .header('etag', page.etag);
  if (page.status === 200 && request.headers['if-none-match'] === page.etag) return reply.status(304).send();
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html);
}

/**
 * The HTML of every page. Public pages are rendered on the server from the cached catalogue,
 * reviews and settings, and kept, compressed, until one of those changes (the same ChangeCache
 * notifications that clear the JSON): a visit costs a map lookup. Pages the browser renders (the
 * dashboards) get the bare template with the site's data.
 */
export class Pages {
  private readonly template: Template;
  private readonly rendered = new Map<string, { inputs: Inputs; page: Promise<CachedPage> }>();
  private readonly shells = new Map<Language, { key: string; page: Promise<CachedPage> }>();
  private authProviders: Promise<AuthProviders> | undefined;

  constructor(
    private readonly app: FastifyInstance,
    private readonly source: PagesSource,
  ) {
    this.template = parseTemplate(source.templateHtml);
  }

  private site(inputs: Pick<Inputs, 'year' | 'settings'>): SiteInfo {
    return { publicUrl: this.app.config.publicUrl, year: inputs.year, latinDigits: inputs.settings.latinDigits };
  }

  /** Which sign-in buttons the log-in page shows: known once the app is up, fixed until a restart. */
  private providers(): Promise<AuthProviders> {
    this.authProviders ??= this.app.inject({ url: '/api/config/auth' }).then((res) => {
      if (res.statusCode !== 200) throw new Error(`GET /api/config/auth answered ${res.statusCode}`);
      return res.json<AuthProviders>();
    });
    this.authProviders.catch(() => (this.authProviders = undefined));
    return this.authProviders;
  }

  private async inputs(): Promise<Inputs> {
    const [servicesJson, reviewsJson, staffJson, settings, authProviders] = await Promise.all([
      this.app.catalogue.get(),
      this.app.publishedReviews.get(),
      this.app.team.get(),
      this.app.salonSettings.get(),
      this.providers(),
    ]);
    return { servicesJson, reviewsJson, staffJson, settings, authProviders, year: yearIn(settings.timeZone, Date.now()) };
  }

  async serve(request: FastifyRequest, reply: FastifyReply) {
    const inputs = await this.inputs();
    const key = this.source.renderer.cacheKey(request.url);
    const language = this.source.renderer.languageOf(request.url);
    if (key === null) return send(request, reply, await this.shellPage(inputs, language));
    let entry = this.rendered.get(key);
    if (!entry || !sameInputs(entry.inputs, inputs)) {
      entry = { inputs, page: this.render(key, inputs) };
      this.rendered.delete(key);
      this.rendered.set(key, entry);
      if (this.rendered.size > MAX_CACHED_PAGES) this.rendered.delete(this.rendered.keys().next().value!);
      const settled = entry;
      settled.page.catch(() => {
        if (this.rendered.get(key) === settled) this.rendered.delete(key);
      });
    }
    try {
      return send(request, reply, await entry.page);
    } catch (err) {
      // The browser can still render the page itself; the visitor gets it, a little later.
      request.log.error({ err, url: key }, 'could not render the page on the server; sent it to be rendered in the browser');
      return send(request, reply, await this.shellPage(inputs, language));
    }
  }

  private async render(key: string, inputs: Inputs): Promise<CachedPage> {
    const site = this.site(inputs);
    const page = await this.source.renderer.render(key, inputs, site);
    const document = composeDocument(this.template, {
      language: page.head.language,
      head: `${headTags(page.head, site.publicUrl)}\n    ${page.preloadHtml}`,
      appHtml: page.appHtml,
      pageDataJson: page.pageDataJson,
    });
    return compressed(page.status, document);
  }

  private shellPage(inputs: Inputs, language: Language): Promise<CachedPage> {
    let shell = this.shells.get(language);
    // The shell carries the year and the salon's choice of digits: a new one when either changes.
    const key = `${inputs.year}|${inputs.settings.latinDigits}`;
    if (shell?.key !== key) {
      const site = this.site(inputs);
      const { renderer } = this.source;
      const head = renderer.shellHead(language);
      shell = {
        key,
        page: compressed(
          200,
          composeDocument(this.template, { language, head: headTags(head, site.publicUrl), appHtml: '', pageDataJson: renderer.shellDataJson(site) }),
        ),
      };
      this.shells.set(language, shell);
    }
    return shell.page;
  }

  robotsTxt(): string {
    return ['User-agent: *', 'Disallow: /dashboard', 'Disallow: /bn/dashboard', 'Disallow: /api/', '', `Sitemap: ${this.app.config.publicUrl}/sitemap.xml`, ''].join('\n');
  }

  sitemapXml(): string {
    const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    const urls = this.source.renderer.indexablePaths.map((p) => `  <url><loc>${escape(`${this.app.config.publicUrl}${p}`)}</loc></url>`);
    return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
  }
}
