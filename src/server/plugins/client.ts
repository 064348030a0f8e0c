import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The built single-page app: dist/client next to dist/server, or beside src when run by tsx. */
export function findClientDir(): string | undefined {
  const candidates = [path.resolve(here, '../../client'), path.resolve(here, '../../../dist/client')];
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'index.html')));
}

/**
 * Serves the built site. Hashed bundles are cached for a year; index.html is revalidated every
 * time so a deploy is picked up at once; shipped images for a day.
 */
export const clientPlugin = fp(async (app: FastifyInstance, opts: { clientDir: string | undefined }) => {
  const { clientDir } = opts;
  if (clientDir) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (filePath.endsWith('.html')) {
          res.header('cache-control', 'no-cache');
        } else {
          res.header('cache-control', 'public, max-age=86400');
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api');
    if (wantsPage && clientDir && !path.extname(pathname)) {
      // Client-side routes (and the client's own 404 page) all start from index.html.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({
      statusCode: 404,
      error: 'Not Found',
      message: `Route ${request.method} ${pathname} not found`,
    });
  });
});
