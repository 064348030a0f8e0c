import { salon } from '../../shared/salon.js';
import type { Language } from '../../shared/i18n/language.js';
import { BANGLA_FONTS_MARK, PAGE_DATA_ELEMENT_ID, type PageHead } from '../../shared/ssr.js';

const HEAD_MARK = /<!--parlour-head[^>]*-->/;
const APP_MARK = '<!--parlour-app-->';
const DATA_MARK = '<!--parlour-data-->';

/**
 * The built index.html cut where a page's head, markup and data go, and what only Bangla pages'
 * heads hold (their fonts' preloads; empty in a template the build did not write).
 */
export type Template = { beforeHead: string; beforeApp: string; beforeData: string; rest: string; banglaHead: string };

const BANGLA_FONTS = new RegExp(`[ \\t]*<!--${BANGLA_FONTS_MARK}(.*?)-->\\n?`, 's');

export function parseTemplate(built: string): Template {
  const bangla = BANGLA_FONTS.exec(built);
  const html = bangla ? built.replace(bangla[0], '') : built;
  const head = HEAD_MARK.exec(html);
  const app = html.indexOf(APP_MARK);
  const data = html.indexOf(DATA_MARK);
  if (!head || app < 0 || data < 0 || !(head.index < app && app < data)) {
    throw new Error('index.html lacks the <!--parlour-head-->, <!--parlour-app--> and <!--parlour-data--> marks, in that order');
  }
  return {
    beforeHead: html.slice(0, head.index),
    beforeApp: html.slice(head.index + head[0].length, app),
    beforeData: html.slice(app + APP_MARK.length, data),
    rest: html.slice(data + DATA_MARK.length),
    banglaHead: bangla?.[1] ?? '',
  };
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Title, description, canonical URL and Open Graph tags; a page without a canonical path is kept out of search results. */
export function headTags(head: PageHead, publicUrl: string): string {
  const title = escapeAttribute(head.title);
  const description = escapeAttribute(head.description);
  const tags = [`<title>${title}</title>`, `<meta name="description" content="${description}" />`];
  // The page in every language, itself included, and English for any other reader (x-default).
  for (const alternate of head.alternates) {
    tags.push(`<link rel="alternate" hreflang="${alternate.language}" href="${escapeAttribute(`${publicUrl}${alternate.path}`)}" />`);
  }
  const fallback = head.alternates.find((alternate) => alternate.language === 'en');
  if (fallback) tags.push(`<link rel="alternate" hreflang="x-default" href="${escapeAttribute(`${publicUrl}${fallback.path}`)}" />`);
  if (head.canonicalPath === null) {
    tags.push('<meta name="robots" content="noindex" />');
  } else {
    const url = escapeAttribute(`${publicUrl}${head.canonicalPath}`);
    tags.push(
      `<link rel="canonical" href="${url}" />`,
      '<meta property="og:type" content="website" />',
      `<meta property="og:site_name" content="${escapeAttribute(salon.name)}" />`,
      `<meta property="og:title" content="${title}" />`,
      `<meta property="og:description" content="${description}" />`,
      `<meta property="og:url" content="${url}" />`,
      `<meta property="og:locale" content="${head.language === 'bn' ? 'bn_BD' : 'en_GB'}" />`,
      `<meta property="og:image" content="${escapeAttribute(`${publicUrl}/images/site/og-image.jpg`)}" />`,
      '<meta property="og:image:width" content="1200" />',
      '<meta property="og:image:height" content="630" />',
      '<meta name="twitter:card" content="summary_large_image" />',
    );
  }
  return tags.join('\n    ');
}

const HTML_LANG = /<html lang="[^"]*"/;

/**
 * The whole page: the template (its <html lang> set to the page's language) with the head tags
 * (and a Bangla page's font preloads), the rendered markup and the page's data.
 */
export function composeDocument(template: Template, page: { language: Language; head: string; appHtml: string; pageDataJson: string }): string {
  if (!HTML_LANG.test(template.beforeHead)) throw new Error('index.html must open with <html lang="…">');
  return (
    template.beforeHead.replace(HTML_LANG, `<html lang="${page.language}"`) +
    page.head +
    (page.language === 'bn' && template.banglaHead ? `\n    ${template.banglaHead}` : '') +
    template.beforeApp +
    page.appHtml +
    template.beforeData +
    `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${page.pageDataJson}</script>` +
    template.rest
  );
}
