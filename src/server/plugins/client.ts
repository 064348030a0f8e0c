import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { languageFromCookie, negotiateLanguage, pathIn, type Language } from '../../shared/i18n/language.js';
import { languageOf } from '../repositories/languages.js';
import { AUTH_COOKIE_PREFIX } from '../auth/auth.js';
import { builtRendererPath, loadBuiltPages, Pages, type PagesSource } from '../ssr/pages.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The built single-page app: dist/client next to dist/server, or beside src when run by tsx. */
export function findClientDir(): string | undefined {
  const candidates = [path.resolve(here, '../../client'), path.resolve(here, '../../../dist/client')];
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'index.html')));
}

export type ClientPluginOptions = {
  clientDir: string | undefined;
  /** The page renderer and template; by default the ones built beside clientDir (tests pass their own). */
  pages?: PagesSource | undefined;
};

/**
 * Serves the built site. Hashed bundles are cached for a year, shipped images and fonts for a day,
 * each sent as the brotli or gzip copy the build made when the browser takes it. Pages are
 * rendered on the server (ssr/pages.ts) and revalidated on every visit, so a change or a deploy
 * is picked up at once.
 */
export const clientPlugin = fp(async (app: FastifyInstance, opts: ClientPluginOptions) => {
  const { clientDir } = opts;
  if (clientDir) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The template of every page; a page is only ever sent through the renderer below.
      globIgnore: ['index.html'],
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'public, max-age=86400');
        }
      },
    });
  }

  // Loaded while the server starts; the first page waits for it if it must.
  const rendererFile = clientDir ? builtRendererPath(clientDir) : undefined;
  const pagesSource: Promise<PagesSource | undefined> = opts.pages
    ? Promise.resolve(opts.pages)
    : clientDir && rendererFile
      ? loadBuiltPages(clientDir, rendererFile)
      : Promise.resolve(undefined);
  const pages = pagesSource.then((source) => (source ? new Pages(app, source) : undefined));
  pages.catch((err: unknown) => app.log.error({ err }, 'could not load the page renderer; pages are rendered in the browser'));
  if (clientDir && !rendererFile && !opts.pages) app.log.warn('dist/ssr is missing: pages are rendered in the browser (run npm run build)');

  /**
   * A signed-in customer's saved language, when this browser has no choice of its own yet (she
   * signed in on a new phone). Asked only then, so '/' costs no session lookup for anyone else.
   */
  const savedLanguage = async (request: FastifyRequest): Promise<Language | null> => {
    if (!request.headers.cookie?.includes(`${AUTH_COOKIE_PREFIX}.session_token=`)) return null;
    const user = await request.sessionUser().catch(() => null);
    return user ? languageOf(app.db, user.id) : null;
  };

  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const renderer = await pages.catch(() => undefined);
    if (renderer) return renderer.serve(request, reply);
    // An old build without the renderer: the browser renders every page from the template.
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
  };

  if (clientDir || opts.pages) {
    // The home address follows the visitor's language: the one she chose (the switch's cookie),
    // else the first of ours her browser asks for; Bangla lives at /bn/ (decision 047).
    app.get('/', { schema: { hide: true } }, async (request, reply) => {
      reply.header('vary', 'cookie, accept-language');
      const language =
        languageFromCookie(request.headers.cookie) ?? (await savedLanguage(request)) ?? negotiateLanguage(request.headers['accept-language']);
      if (language === 'bn') return reply.header('cache-control', 'no-cache').redirect(pathIn('bn', request.url), 302);
      return servePage(request, reply);
    });
    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
      const renderer = await pages;
      if (!renderer) return reply.callNotFound();
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(renderer.robotsTxt());
    });
    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
      const renderer = await pages;
      if (!renderer) return reply.callNotFound();
      return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(renderer.sitemapXml());
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api');
    if (wantsPage && (clientDir || opts.pages) && !path.extname(pathname)) {
      // Every other page address: the page, or the site's own 404 page.
      return servePage(request, reply);
    }
    return reply.status(404).send({
      statusCode: 404,
      error: 'Not Found',
      message: `Route ${request.method} ${pathname} not found`,
    });
  });
});
