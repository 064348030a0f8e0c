import { PageHeader } from '../../components/ui/page-header';
import { BackupsPanel } from '../../features/backups/components/backups-panel';
import { SalonSettingsBoundary } from '../../features/settings/components/salon-settings-boundary';
import { SalonSettingsForm } from '../../features/settings/components/salon-settings-form';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** /dashboard/settings (admin): opening hours, capacity and the other booking rules; the backups. */
export function SalonSettingsRoute() {
  useDocumentTitle('Salon settings | Parlour');
  return (
    <>
      <PageHeader eyebrow="Salon settings" title="Opening hours and bookings">
        When the salon is open, how many clients it serves at once and how far ahead they may book. Bookings already made keep
        their times.
      </PageHeader>
      <div className="mt-8">
        <SalonSettingsBoundary loadingLabel="Loading the settings">
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
