import { useTranslation } from 'react-i18next';
import { bookingStatusSchema, type BookingStatus } from '@shared/payments';
import { DEFAULT_SALON_SETTINGS } from '@shared/salon-settings';
import { DownloadCsvLink, csvHref } from '@/components/ui/download-csv-link';
import { ListFilters, useListFilters, type StatusOption } from '@/components/ui/list-filters';
import { PageHeader } from '@/components/ui/page-header';
import { OrdersTable } from '@/features/bookings/components/orders-table';
import { useSalonSettings } from '@/features/settings/api/get-settings';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { SalonMovePicker } from './move-time-picker';

/** /dashboard/orderlist (admin): every booking, filterable by day and status, with its actions. */
export function OrderListRoute() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('orderList.documentTitle'));
  // Each status by its code, from the catalogue.
  const statusLabels: Record<BookingStatus, string> = {
    pending: t('status.pending'),
    confirmed: t('status.confirmed'),
    completed: t('status.completed'),
    'no-show': t('status.no-show'),
    cancelled: t('status.cancelled'),
  };
  const statusOptions: StatusOption[] = bookingStatusSchema.options.map((status) => ({ value: status, label: statusLabels[status] }));
  const { filters, setFilter, clear } = useListFilters(statusOptions);
  const settings = useSalonSettings();
  const timeZone = settings.data?.timeZone ?? DEFAULT_SALON_SETTINGS.timeZone;

  return (
    <>
      <PageHeader eyebrow={t('orderList.eyebrow')} title={t('orderList.title')}>
        {t('orderList.intro')}
      </PageHeader>
      <ListFilters label={t('orderList.filters')} statusOptions={statusOptions} filters={filters} onChange={setFilter} onClear={clear} />
      <div className="mt-4 flex justify-end">
        <DownloadCsvLink href={csvHref('/api/bookings', { ...filters, when: 'all' })} />
      </div>
      <OrdersTable filters={{ ...filters, when: 'all' }} timeZone={timeZone} MovePicker={SalonMovePicker} />
    </>
  );
}
