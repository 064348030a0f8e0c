import { bookingStatusSchema } from '../../../shared/payments';
import { DEFAULT_SALON_SETTINGS } from '../../../shared/salon-settings';
import { DownloadCsvLink, csvHref } from '../../components/ui/download-csv-link';
import { ListFilters, useListFilters, type StatusOption } from '../../components/ui/list-filters';
import { PageHeader } from '../../components/ui/page-header';
import { bookingStatusLabels } from '../../features/bookings/components/booking-status-badge';
import { OrdersTable } from '../../features/bookings/components/orders-table';
import { useSalonSettings } from '../../features/settings/api/get-settings';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { SalonMovePicker } from './move-time-picker';

const statusOptions: StatusOption[] = bookingStatusSchema.options.map((status) => ({ value: status, label: bookingStatusLabels[status] }));

/** /dashboard/orderlist (admin): every booking, filterable by day and status, with its actions. */
export function OrderListRoute() {
  useDocumentTitle('Order List | Parlour');
  const { filters, setFilter, clear } = useListFilters(statusOptions);
  const settings = useSalonSettings();
  const timeZone = settings.data?.timeZone ?? DEFAULT_SALON_SETTINGS.timeZone;

  return (
    <>
      <PageHeader eyebrow="Order List" title="All bookings">
        Every appointment customers have booked. Record money taken at the salon, move one to another time, cancel one to refund it, or once a visit has begun mark it completed or a no-show.
      </PageHeader>
      <ListFilters label="Filter bookings" statusOptions={statusOptions} filters={filters} onChange={setFilter} onClear={clear} />
      <div className="mt-4 flex justify-end">
        <DownloadCsvLink href={csvHref('/api/bookings', { ...filters, when: 'all' })} />
      </div>
      <OrdersTable filters={{ ...filters, when: 'all' }} timeZone={timeZone} MovePicker={SalonMovePicker} />
    </>
  );
}
