import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Staff } from '@shared/staff';
import { useAvailability } from '../api/get-availability';
import { useSalonTexts } from '@/hooks/use-language';
import { useSalonFormat } from '@/hooks/use-salon-format';

const SHOWN = 6;

interface NextFreeTimesProps {
  /** The services to ask about; the first is asked first. */
  services: { _id: string; title: string; title_bn: string | null }[];
  date: string;
  timeZone: string;
  /** The salon's active stylists: with any who perform the service, her times can be asked for. */
  stylists?: readonly Staff[];
}

/**
 * The next start times still free today for a service, as a customer would be offered them: what
 * the owner tells someone who rings or walks in ('is Mim free this afternoon?': her times alone).
 */
export function NextFreeTimes({ services, date, timeZone, stylists = [] }: NextFreeTimesProps) {
  const { t } = useTranslation('booking');
  const format = useSalonFormat();
  const salonText = useSalonTexts();
  const id = useId();
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [chosenStylist, setChosenStylist] = useState('');
  const serviceId = chosen ?? services[0]?._id;
  const performers = stylists.filter((stylist) => serviceId !== undefined && stylist.serviceIds.includes(serviceId));
  // A stylist who does not perform the newly chosen service falls back to any.
  const staffId = performers.some((stylist) => stylist._id === chosenStylist) ? chosenStylist : undefined;
  const availability = useAvailability({ serviceId: serviceId ?? '', date, staffId }, { enabled: Boolean(serviceId) });
  if (!serviceId) return null;

  return (
    <div className="rounded-box bg-base-100 p-4 shadow-soft ring-1 ring-base-300/70">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id={`${id}-heading`} className="font-display text-lg font-semibold">
          {t('nextFree.heading')}
        </h3>
        <div className="flex w-full flex-wrap gap-3 sm:w-auto">
          <label className="form-control w-full sm:w-64">
            <span className="mb-1 block text-sm font-medium">{t('nextFree.service')}</span>
            {/* Each title as the salon wrote it for this page's language; only an English one on a Bangla page is marked. */}
            <select className="select select-sm w-full rounded-full" value={serviceId} onChange={(event) => setChosen(event.target.value)}>
              {services.map((service) => {
                const title = salonText(service.title, service.title_bn);
                return (
                  <option key={service._id} value={service._id} lang={title.lang}>
                    {title.text}
                  </option>
                );
              })}
            </select>
          </label>
          {performers.length > 0 ? (
            <label className="form-control w-full sm:w-48">
              <span className="mb-1 block text-sm font-medium">{t('stylist')}</span>
              <select className="select select-sm w-full rounded-full" value={staffId ?? ''} onChange={(event) => setChosenStylist(event.target.value)}>
                <option value="">{t('anyStylist')}</option>
                {performers.map((stylist) => (
                  <option key={stylist._id} value={stylist._id} translate="no">
                    {stylist.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </div>
      </div>
      <div className="mt-3" aria-live="polite" aria-busy={availability.isFetching}>
        {availability.isPending ? (
          <p className="text-sm text-base-content/75">{t('nextFree.looking')}</p>
        ) : availability.isError ? (
          <p className="text-sm text-base-content/75">
            {t('nextFree.loadError')}{' '}
            <button type="button" className="link link-primary" onClick={() => void availability.refetch()}>
              {t('tryAgain')}
            </button>
          </p>
        ) : availability.data.slots.length === 0 ? (
          <p className="text-sm text-base-content/75">
            {staffId ? t('nextFree.noneWithStylist') : t('nextFree.none')}
          </p>
        ) : (
          <ul aria-labelledby={`${id}-heading`} className="flex flex-wrap gap-2">
            {availability.data.slots.slice(0, SHOWN).map((slot) => (
              <li key={slot.startsAt} className="badge badge-lg border-primary/30 bg-blush font-semibold tabular-nums">
                <time dateTime={slot.startsAt}>{format.time(slot.startsAt, timeZone)}</time>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
