import { useTranslation } from 'react-i18next';

/** Shown while a page's code is still on its way. */
export function PageLoader() {
  // `common` is loaded before any page: this never waits for a catalogue itself.
  const { t } = useTranslation();
  return (
    <div role="status" className="grid min-h-dvh place-items-center bg-base-100">
      <div className="flex flex-col items-center gap-3 text-base-content/75">
        <span aria-hidden="true" className="loading loading-lg loading-spinner text-primary" />
        <span>{t('loading')}</span>
      </div>
    </div>
  );
}
