import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import sharp from 'sharp';
import { BANGLA_FONTS_MARK } from './src/shared/ssr.js';

const root = fileURLToPath(new URL('.', import.meta.url));

// The API listens on 3001 in development; the browser only ever talks to the Vite origin, so
// cookies stay first-party and no CORS setup is needed.
const apiProxy = {
  '/api': 'http://localhost:3001',
  '/uploads': 'http://localhost:3001',
};

/** Fonts the first screen draws with: preloaded, so they arrive with the CSS (index.css: 'optional'). */
const PRELOADED_FONTS = [/\/inter-latin-wght-normal-[\w-]+\.woff2$/, /\/playfair-display-latin-600-normal-[\w-]+\.woff2$/];
/**
 * A Bangla page's own text faces: preloaded on Bangla pages only (the server takes them out of
 * the template's BANGLA_FONTS_MARK comment, src/server/ssr/document.ts), so they are there at the
 * first paint and the text does not move when they swap in (a layout shift Lighthouse measured on
 * /bn/ before, 0.10). English pages, whose only Bengali is the switch's 'বাংলা', do not pay for them.
 */
const BANGLA_FONTS = [/\/noto-sans-bengali-bengali-400-normal-[\w-]+\.woff2$/, /\/noto-sans-bengali-bengali-600-normal-[\w-]+\.woff2$/];
const fontPreload = (href: string) => `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin="">`;
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|webmanifest)$/;

/**
 * What the production build adds for the first page load: font preloads in index.html, the
 * social-preview image (a JPEG: link previews do not show SVG), and brotli and gzip copies of
 * every text file, which the server sends as they are instead of compressing on each request.
 */
function firstLoad(): Plugin {
  let outDir = '';
  return {
    name: 'parlour-first-load',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const files = Object.keys(bundle ?? {}).map((file) => `/${file}`);
        const fonts = files.filter((file) => PRELOADED_FONTS.some((pattern) => pattern.test(file)));
        const banglaFonts = files.filter((file) => BANGLA_FONTS.some((pattern) => pattern.test(file)));
        if (banglaFonts.length !== BANGLA_FONTS.length) throw new Error(`the build has ${banglaFonts.length} of the ${BANGLA_FONTS.length} Bangla fonts to preload`);
        const taka = '/fonts/noto-sans-bengali-taka.woff2';
        return {
          // The page is whole and readable before any script runs: the first script is small and
          // fetched after the CSS, fonts and images of the first screen (boot.ts fetches the rest
          // once the page has loaded).
          html: html
            .replace(/<script type="module" crossorigin/g, '<script type="module" fetchpriority="low" crossorigin')
            .replace(/<link rel="modulepreload" crossorigin/g, '<link rel="modulepreload" fetchpriority="low" crossorigin')
            .replace('</head>', `  <!--${BANGLA_FONTS_MARK}${banglaFonts.map(fontPreload).join('')}-->\n  </head>`),
          tags: [...fonts, taka].map((href) => ({
            tag: 'link',
            attrs: { rel: 'preload', href, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head' as const,
          })),
        };
      },
    },
    async closeBundle() {
      await sharp(path.join(root, 'public/images/site/hero.svg'), { density: 144 })
        .resize(1200, 630, { fit: 'cover', position: 'left' })
        .jpeg({ quality: 82, mozjpeg: true })
        .toFile(path.join(outDir, 'images/site/og-image.jpg'));
      const files = (await fs.readdir(outDir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const body = await fs.readFile(full);
          if (body.length < 1024) return;
          const [br, gz] = await Promise.all([
            promisify(brotliCompress)(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
            promisify(gzip)(body, { level: 9 }),
          ]);
          await Promise.all([fs.writeFile(`${full}.br`, br), fs.writeFile(`${full}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root,
  publicDir: 'public',
  // tsconfig.json's `paths` (@/… is src/client, @shared/… is src/shared): one definition for the
  // type-checker, the build and the tests.
  resolve: { tsconfigPaths: true },
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [firstLoad()])],
  build: isSsrBuild
    ? {
        // The server's renderer of the public pages (src/client/entry-server.tsx); packages stay
        // in node_modules and are imported from there at run time.
        outDir: 'dist/ssr',
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: true,
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  // The framework changes far less often than our code: its own chunk stays cached
                  // across deploys. Only libraries the first page needs anyway belong here.
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+)[\\/]/,
                },
              ],
            },
          },
        },
      },
  server: {
    port: 3000,
    strictPort: true,
    proxy: apiProxy,
  },
  preview: {
    port: 3000,
    strictPort: true,
    proxy: apiProxy,
  },
}));
