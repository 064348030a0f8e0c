import type { CatalogueLoader } from './i18n';

/** Every catalogue as a chunk of its own, fetched when a page first needs it (see i18n.ts). */
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>('../../shared/i18n/locales/*/*.json');

export const loadCatalogue: CatalogueLoader = (language, namespace) => {
  const load = catalogues[`../../shared/i18n/locales/${language}/${namespace}.json`];
  if (!load) return Promise.reject(new Error(`No ${language} catalogue named ${namespace}`));
  return load().then((module) => module.default);
};
