import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { BackupsPanel } from '@/features/backups/components/backups-panel';
import { SalonSettingsBoundary } from '@/features/settings/components/salon-settings-boundary';
import { SalonSettingsForm } from '@/features/settings/components/salon-settings-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /dashboard/settings (admin): opening hours, capacity and the other booking rules; the backups. */
export function SalonSettingsRoute() {
  // The backups' texts too, loaded with the page's: the panel below does not wait for its own.
  const { t } = useTranslation(['settings', 'admin-tools']);
  useDocumentTitle(t('documentTitle'));
  return (
    <>
      <PageHeader eyebrow={t('eyebrow')} title={t('title')}>
        {t('intro')}
      </PageHeader>
      <div className="mt-8">
        <SalonSettingsBoundary loadingLabel={t('loading')}>
          {(settings) => (
            <div className="space-y-6">
              <SalonSettingsForm initial={settings} />
              <BackupsPanel settings={settings} />
            </div>
          )}
        </SalonSettingsBoundary>
      </div>
    </>
  );
}
