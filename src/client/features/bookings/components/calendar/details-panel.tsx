import { useId, type ReactNode, type RefObject } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { salonDateOf } from '@shared/calendar';
import { useSalonText } from '@/hooks/use-language';
import { useSalonFormat } from '@/hooks/use-salon-format';
import type { CalendarEntry } from '@/features/bookings/calendar-layout';
import { BookingStatusBadge } from '../booking-status-badge';
import { useBlockName } from './use-block-name';

interface DetailsPanelProps {
  entry: CalendarEntry;
  /** Her column's name: the stylist, or 'No stylist'. */
  columnName: string;
  timeZone: string;
  /** The panel and its heading, for the actions that put the focus back after a dialog. */
  scope?: RefObject<HTMLElement | null>;
  heading?: RefObject<HTMLHeadingElement | null>;
  /** Facts only some readers may see (the admin's e-mail and money), after the customer's name. */
  moreFacts?: ReactNode;
  /** The actions the reader may take now; given the customer's name's id, which describes them. */
  actions: (customerId: string) => ReactNode;
  onClose: () => void;
}

/**
 * One visit opened from a calendar grid: its facts, and below them the actions the reader may
 * take. A panel above the grid, not a modal: the confirmation dialogs the actions ask open over
 * the page, which a modal would lock. The admin's calendar and a stylist's own day both open it.
 */
export function DetailsPanel({ entry, columnName, timeZone, scope, heading, moreFacts, actions, onClose }: DetailsPanelProps) {
  const { t } = useTranslation('calendar');
  const format = useSalonFormat();
  const { range } = useBlockName();
  const title = useSalonText(entry.title, entry.title_bn);
  const headingId = useId();
  const customerId = useId();
  const minutes = Math.round((Date.parse(entry.endsAt) - Date.parse(entry.startsAt)) / 60_000);
  const buffer = entry.staffFreeAt ? Math.round((Date.parse(entry.staffFreeAt) - Date.parse(entry.endsAt)) / 60_000) : 0;

  return (
    <section
      ref={scope}
      aria-labelledby={headingId}
      data-calendar-details=""
      data-booking-id={entry._id}
      className="mt-4 rounded-box bg-base-100 p-4 shadow-soft ring-1 ring-primary/30 sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <h3 ref={heading} id={headingId} tabIndex={-1} data-details-heading="" className="min-w-0 text-lg font-semibold">
          <Trans
            t={t}
            i18nKey="details.heading"
            values={{ title: title.text, name: entry.customer.name }}
            components={{ service: <span lang={title.lang} />, name: <span translate="no" /> }}
          />
        </h3>
        <button type="button" className="btn btn-circle btn-ghost btn-sm" aria-label={t('details.close')} onClick={onClose}>
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        <dt className="text-base-content/75">{t('details.stylist')}</dt>
        <dd>{columnName}</dd>
        <dt className="text-base-content/75">{t('details.when')}</dt>
        <dd>
          <time dateTime={entry.startsAt}>{format.calendarDate(salonDateOf(entry.startsAt, timeZone))}</time>,{' '}
          <span className="whitespace-nowrap tabular-nums">{range(entry, timeZone)}</span> ({t('details.minutes', { count: minutes })})
        </dd>
        {buffer > 0 && entry.staffFreeAt ? (
          <>
            <dt className="text-base-content/75">{t('details.stylistFree')}</dt>
            <dd>
              <Trans
                t={t}
                i18nKey="details.freeFrom"
                values={{ time: format.time(entry.staffFreeAt, timeZone), minutes: t('details.minutes', { count: buffer }) }}
                components={{ time: <span className="tabular-nums" /> }}
              />
            </dd>
          </>
        ) : null}
        <dt className="text-base-content/75">{t('details.status')}</dt>
        <dd>
          <BookingStatusBadge status={entry.status} />
          {entry.status === 'pending' ? <span className="ml-2">{t('details.pending')}</span> : null}
        </dd>
        <dt className="text-base-content/75">{t('details.customer')}</dt>
        <dd id={customerId} className="font-semibold" translate="no">
          {entry.customer.name}
        </dd>
        {moreFacts}
      </dl>
      {actions(customerId)}
    </section>
  );
}
