import { useTranslation } from 'react-i18next';
import { DEFAULT_SALON_SETTINGS } from '@shared/salon-settings';
import { DownloadCsvLink, csvHref } from '@/components/ui/download-csv-link';
import { ListFilters, useListFilters, type StatusOption } from '@/components/ui/list-filters';
import { PageHeader } from '@/components/ui/page-header';
import { useCurrentUser } from '@/features/auth/use-current-user';
import { paymentStatusKeys } from '@/features/payments/components/payment-status-badge';
import { PaymentsTable } from '@/features/payments/components/payments-table';
import { useSalonSettings } from '@/features/settings/api/get-settings';
import { useDocumentTitle } from '@/hooks/use-document-title';

const STATUSES = ['succeeded', 'failed', 'refunded', 'partially_refunded', 'pending', 'canceled'] as const;

/** /dashboard/paymentHistory: a customer's own payments; an admin's view of all, with filters. */
export function PaymentHistoryRoute() {
  const { t } = useTranslation('payment');
  useDocumentTitle(t('history.pageTitle'));
  const statusOptions: StatusOption[] = STATUSES.map((status) => ({ value: status, label: t(paymentStatusKeys[status]) }));
  const { isAdmin } = useCurrentUser();
  const { filters, setFilter, clear } = useListFilters(statusOptions);
  const settings = useSalonSettings();
  const timeZone = settings.data?.timeZone ?? DEFAULT_SALON_SETTINGS.timeZone;

  return (
    <>
      <PageHeader eyebrow={t('history.eyebrow')} title={isAdmin ? t('history.allTitle') : t('history.yourTitle')}>
        {isAdmin ? t('history.allIntro') : t('history.yourIntro')}
      </PageHeader>
      {isAdmin ? (
        <ListFilters label={t('history.filter')} statusOptions={statusOptions} filters={filters} onChange={setFilter} onClear={clear} />
      ) : null}
      <div className="mt-4 flex justify-end">
        <DownloadCsvLink href={csvHref('/api/payments', isAdmin ? { ...filters } : {})} />
      </div>
      {/* A customer has no filters: the URL's are ignored so she never sees a list she cannot widen. */}
      <PaymentsTable filters={isAdmin ? filters : {}} showCustomer={isAdmin} timeZone={timeZone} />
    </>
  );
}
