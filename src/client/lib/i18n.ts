import { createInstance, type i18n as I18n, type Resource } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { intlLocale, isLanguage, latinDigitsProcessor, type Language } from '@shared/i18n/language';

/**
 * The site's texts (docs/decisions/047-languages.md): one JSON catalogue per language and
 * namespace under src/shared/i18n/locales. In the browser each catalogue is its own chunk, fetched
 * when a page first needs it, so one language's texts are never in the other's bundle; the page the
 * server rendered carries the catalogues it was rendered with (PageData.i18n), so hydrating needs
 * no fetch.
 */
export const DEFAULT_NAMESPACE = 'common';

/** The catalogues a page was rendered with: by language, then namespace. */
export type I18nState = { language: Language; resources: Resource };

/** Fetches one catalogue (the browser's, lib/i18n-catalogues.ts). */
export type CatalogueLoader = (language: string, namespace: string) => Promise<Record<string, unknown>>;

/**
 * An i18next instance for one language. `resources` are the catalogues already at hand (those the
 * server rendered with, or all of them on the server and in tests); `load` fetches the rest.
 */
export function createI18n(language: Language, resources?: Resource, load?: CatalogueLoader, latinDigits = false): I18n {
  const instance = createInstance();
  if (load) instance.use(resourcesToBackend(load));
  instance.use(initReactI18next);
  // The catalogues write their own numbers in Bengali digits; with the salon's Latin digits every
  // text is passed through this (a text about the digits themselves opts out: applyPostProcessor).
  instance.use(latinDigitsProcessor);
  void instance.init({
    lng: language,
    // No fallback: a Bangla page would fetch the English catalogues too. The catalogue test keeps
    // the two languages' keys the same, so no key is ever missing.
    fallbackLng: false,
    supportedLngs: ['en', 'bn'],
    ns: [DEFAULT_NAMESPACE],
    defaultNS: DEFAULT_NAMESPACE,
    resources,
    partialBundledLanguages: true,
    // Given resources are used at once: the first render (server or hydration) needs no await.
    initAsync: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    returnNull: false,
    ...(latinDigits && language === 'bn' ? { postProcess: [latinDigitsProcessor.name] } : {}),
  });
  // i18next writes `{{count, number}}` with its own language code ('bn': Bengali digits always);
  // the page's locale follows the salon's choice of digits (useIntlLocale, docs/decisions/050).
  instance.services.formatter?.addCached('number', (lng: string | undefined, options: Intl.NumberFormatOptions) => {
    const format = new Intl.NumberFormat(intlLocale(isLanguage(lng) ? lng : language, latinDigits), options);
    return (value: number) => format.format(value);
  });
  return instance;
}

/**
 * The browser's instance, so that a page's catalogues are fetched with its code (app/router.tsx)
 * rather than one after another as its components first render: each such render suspends, and a
 * suspended page shows its fallback (a round trip each on a phone). The server has every catalogue
 * at hand and registers none.
 */
let pageTextSource: I18n | undefined;

export function setPageTextSource(instance: I18n): void {
  pageTextSource = instance;
}

/** Fetches the catalogues a page's components use, all at once (nothing to do where none is registered). */
export async function loadPageTexts(namespaces: readonly string[]): Promise<void> {
  await pageTextSource?.loadNamespaces([...namespaces]);
}

/** The catalogues `instance` used while rendering (react-i18next records them), for the page's data. */
export function usedResources(instance: I18n): I18nState {
  const language = instance.language as Language;
  const namespaces = instance.reportNamespaces?.getUsedNamespaces() ?? [DEFAULT_NAMESPACE];
  const resources: Resource = {};
  const bundles: Record<string, Record<string, unknown>> = {};
  for (const ns of namespaces) {
    const bundle = instance.getResourceBundle(language, ns) as Record<string, unknown> | undefined;
    if (bundle) bundles[ns] = bundle;
  }
  resources[language] = bundles;
  return { language, resources };
}

/**
 * The catalogues of an eager `import.meta.glob` over `locales/<language>/<namespace>.json`, as
 * i18next's resources (the server's renderer and the tests load them all at once).
 */
export function resourcesOf(modules: Record<string, Record<string, unknown>>): Resource {
  const resources: Resource = {};
  for (const [file, catalogue] of Object.entries(modules)) {
    const [, language = '', namespace = ''] = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
    (resources[language] ??= {})[namespace] = catalogue;
  }
  return resources;
}
