import { DEFAULT_SALON_SETTINGS } from '../../../shared/salon-settings';
import { DownloadCsvLink, csvHref } from '../../components/ui/download-csv-link';
import { ListFilters, useListFilters, type StatusOption } from '../../components/ui/list-filters';
import { PageHeader } from '../../components/ui/page-header';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { paymentStatusLabels } from '../../features/payments/components/payment-status-badge';
import { PaymentsTable } from '../../features/payments/components/payments-table';
import { useSalonSettings } from '../../features/settings/api/get-settings';
import { useDocumentTitle } from '../../hooks/use-document-title';

const statusOptions: StatusOption[] = (['succeeded', 'failed', 'refunded', 'partially_refunded', 'pending', 'canceled'] as const).map(
  (status) => ({ value: status, label: paymentStatusLabels[status] }),
);

/** /dashboard/paymentHistory: a customer's own payments; an admin's view of all, with filters. */
export function PaymentHistoryRoute() {
  useDocumentTitle('Payment History | Parlour');
  const { isAdmin } = useCurrentUser();
  const { filters, setFilter, clear } = useListFilters(statusOptions);
  const settings = useSalonSettings();
  const timeZone = settings.data?.timeZone ?? DEFAULT_SALON_SETTINGS.timeZone;

  return (
    <>
      <PageHeader eyebrow="Payment History" title={isAdmin ? 'All payments' : 'Your payments'}>
        {isAdmin
          ? 'Every payment the salon has taken, with refunds and failed attempts.'
          : 'Every payment you have made, with any refunds for cancelled appointments.'}
      </PageHeader>
      {isAdmin ? (
        <ListFilters label="Filter payments" statusOptions={statusOptions} filters={filters} onChange={setFilter} onClear={clear} />
      ) : null}
      <div className="mt-4 flex justify-end">
        <DownloadCsvLink href={csvHref('/api/payments', isAdmin ? { ...filters } : {})} />
      </div>
      {/* A customer has no filters: the URL's are ignored so she never sees a list she cannot widen. */}
      <PaymentsTable filters={isAdmin ? filters : {}} showCustomer={isAdmin} timeZone={timeZone} />
    </>
  );
}
