import { Fragment, useId, useRef, useState, type ReactNode } from 'react';
import { CalendarCheck, CalendarClock, Globe, ShoppingBag, Trash2 } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CartItem } from '@shared/cart';
import { responsiveImage } from '@shared/images';
import { fromMinorUnits, toMinorUnits } from '@shared/money';
import type { SalonSettings } from '@shared/salon-settings';
import type { Staff } from '@shared/staff';
import { QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { confirmDialog, showError, showSuccess } from '@/lib/dialogs';
import { useCart } from '../api/get-cart';
import { useRemoveFromCart } from '../api/remove-from-cart';
import { AppointmentStatus, hasLiveHold } from './appointment-status';
import { useNow } from '@/hooks/use-now';
import { useSalonTexts } from '@/hooks/use-language';
import { useSalonFormat } from '@/hooks/use-salon-format';
import { TimePicker, type FullDay, type TimePickerOutcome } from './time-picker';
import { TableScrollBox } from '@/components/ui/table-scroll-box';

const COLUMN_COUNT = 6;
/** The photo's width in the list, for the browser's choice of image size. */
const THUMB_SIZES = '3.5rem';

interface BookingListProps {
  email: string;
  settings: SalonSettings;
  /** The salon's active stylists (GET /api/staff); none: every item books a chair, as before stylists. */
  stylists?: readonly Staff[];
  /** What an empty list offers instead of the default link to the services. */
  emptyAction?: ReactNode;
  /** Offered in the time picker on a day with no free time (the waitlist's 'Join'). */
  whenFull?: ((day: FullDay) => ReactNode) | undefined;
}

/**
 * The booking list (spec section 2): No, service image, Name, price, Appointment and DELETE, the
 * total, and the way on to payment. Each item's appointment time is chosen in a picker that opens
 * under its row. Used by /dashboard/bookinglist and /dashboard/book.
 */
export function BookingList({ email, settings, stylists = [], emptyAction, whenFull }: BookingListProps) {
  // Holds lapse by the minute and other tabs change the list: ask again whenever it is shown.
  const cart = useCart(email, { staleTime: 0 });
  const { t } = useTranslation('booking');
  const format = useSalonFormat();
  // Each service's title as the salon wrote it for this page's language (marked English when it has no Bangla one).
  const salonText = useSalonTexts();
  const remove = useRemoveFromCart(email);
  const [pickingFor, setPickingFor] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState<ReactNode>('');
  const pickButtons = useRef(new Map<string, HTMLButtonElement>());
  const deleteButtons = useRef(new Map<string, HTMLButtonElement>());
  const captionId = useId();
  // One clock for the list: the hold countdowns tick, and a lapsed hold changes its row.
  const now = useNow(1000);

  const onDelete = async (item: CartItem, items: CartItem[]) => {
    // Once the row is gone, keyboard users carry on from the row that takes its place (or the one
    // before it); with no rows left, from the page's heading.
    const index = items.indexOf(item);
    const neighbour = items[index + 1] ?? items[index - 1];
    const focusAfter = () => (neighbour ? deleteButtons.current.get(neighbour._id) : null);
    const confirmed = await confirmDialog({
      title: t('list.deleteTitle'),
      text: t('list.deleteText'),
      icon: 'warning',
      confirmButtonText: t('list.deleteConfirm'),
    });
    if (!confirmed) return;
    remove.mutate(item._id, {
      onSuccess: ({ acknowledged }) => {
        if (acknowledged) {
          if (pickingFor === item._id) setPickingFor(null);
          void showSuccess({ title: t('list.removedTitle'), text: t('list.removedText', { title: salonText(item.title, item.title_bn).text }), focusAfter });
        }
      },
      onError: (error) =>
        void showError({ title: t('list.notRemoved'), text: error.message, focusAfter: () => deleteButtons.current.get(item._id) }),
    });
  };

  const onPickerClose = (outcome: TimePickerOutcome, item: CartItem) => {
    setPickingFor(null);
    if (outcome === 'held' && item.startsAt) {
      const when = format.dateTime(item.startsAt, settings.timeZone);
      const title = salonText(item.title, item.title_bn);
      const values = { title: title.text, when, name: item.staffName, count: settings.holdMinutes };
      // The service's name as the salon wrote it (lang="en" on a Bangla page without her Bangla title), inside a sentence of the page's language.
      const name = title.lang ? <span lang={title.lang} /> : <></>;
      setAnnouncement(<Trans t={t} i18nKey={item.staffName ? 'list.heldWith' : 'list.held'} values={values} count={values.count} components={{ service: name }} />);
    }
    // Back to the button that opened it, so keyboard users keep their place in the list.
    pickButtons.current.get(item._id)?.focus();
  };

  return (
    <QueryState
      query={cart}
      loading={{
        label: t('list.loading'),
        showLabel: true,
        rows: 3,
        row: (
          <>
            <div className="skeleton size-12 shrink-0 rounded-field" />
            <div className="skeleton h-4 flex-1" />
            <div className="skeleton h-8 w-32 rounded-full" />
          </>
        ),
      }}
      empty={{
        icon: ShoppingBag,
        title: t('list.emptyTitle'),
        message: t('list.emptyText'),
        action: emptyAction ?? (
          <Link to={paths.services} className="btn mt-2 rounded-full btn-primary">
            {t('list.browse')}
          </Link>
        ),
      }}
    >
      {(items) => {
        // Summed in minor units so 0.1 + 0.2 stays 0.3 (spec section 9: the sum of the item prices).
        const total = fromMinorUnits(items.reduce((sum, item) => sum + toMinorUnits(item.price), 0));
        const untimed = items.filter((item) => !hasLiveHold(item, now)).length;
        return (
          <div className="overflow-hidden rounded-box bg-base-100 shadow-soft ring-1 ring-base-300/70">
            <div className="flex flex-wrap items-center justify-between gap-2 border-b border-base-300/70 px-5 py-3 text-sm text-base-content/75">
              <p id={captionId}>
                {t('list.count', { count: items.length })}
              </p>
              <p className="flex items-center gap-1.5">
                <Globe aria-hidden="true" className="size-4" />
                {format.timesAreInZone(settings.timeZone)}
              </p>
            </div>
            <TableScrollBox label={t('list.tableLabel')}>
              <table className="table table-sm sm:table-md" aria-describedby={captionId}>
                <caption className="sr-only">{t('book.yourList')}</caption>
                <thead>
                  <tr className="text-xs tracking-wide text-base-content/75 uppercase">
                    {/* Below sm the number, photo and price give their room to the name, the time and Delete:
                        at 320 px the six columns cut Delete off. */}
                    <th scope="col" className="hidden w-12 sm:table-cell">
                      {t('list.no')}
                    </th>
                    <th scope="col" className="hidden sm:table-cell">
                      {t('list.service')}
                    </th>
                    <th scope="col">{t('list.name')}</th>
                    {/* On phones the price moves under the name, so the row fits without scrolling sideways. */}
                    <th scope="col" className="hidden sm:table-cell">
                      {t('list.price')}
                    </th>
                    <th scope="col">{t('list.appointment')}</th>
                    <th scope="col" className="text-right">
                      {t('list.action')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((item, index) => {
                    const isPicking = pickingFor === item._id;
                    const isRemoving = remove.isPending && remove.variables === item._id;
                    const title = salonText(item.title, item.title_bn);
                    return (
                      <Fragment key={item._id}>
                        <tr className="align-top hover:bg-base-200/50">
                          <td className="hidden text-base-content/70 sm:table-cell">{format.number(index + 1)}</td>
                          <td className="hidden sm:table-cell">
                            <img
                              src={item.image_url}
                              {...responsiveImage(item.image_url, THUMB_SIZES)}
                              alt={title.text}
                              width={56}
                              height={56}
                              loading="lazy"
                              decoding="async"
                              className="size-14 rounded-field object-cover ring-1 ring-base-300/70"
                            />
                          </td>
                          <td>
                            {/* break-word, not anywhere: a narrow table may not squeeze a word into pieces. */}
                            <p lang={title.lang} className="font-semibold [overflow-wrap:break-word]">
                              {title.text}
                            </p>
                            <p className="text-xs text-base-content/70">
                              {t('minutes', { count: item.duration })}
                              <span aria-hidden="true" className="sm:hidden">
                                {' · '}
                                {format.money(item.price)}
                              </span>
                            </p>
                          </td>
                          <td className="hidden whitespace-nowrap sm:table-cell">{format.money(item.price)}</td>
                          <td className="sm:min-w-48">
                            <AppointmentStatus
                              item={item}
                              timeZone={settings.timeZone}
                              now={now}
                              offersStylists={stylists.some((stylist) => stylist.serviceIds.includes(item.cartItemId))}
                              isPicking={isPicking}
                              buttonRef={(button) => {
                                if (button) pickButtons.current.set(item._id, button);
                                else pickButtons.current.delete(item._id);
                              }}
                              onPick={() => setPickingFor(isPicking ? null : item._id)}
                            />
                          </td>
                          <td className="text-right">
                            <button
                              type="button"
                              className="btn whitespace-nowrap btn-outline btn-sm btn-error max-sm:btn-circle sm:rounded-full"
                              ref={(button) => {
                                if (button) deleteButtons.current.set(item._id, button);
                                else deleteButtons.current.delete(item._id);
                              }}
                              aria-label={t('list.deleteLabel', { title: title.text })}
                              disabled={isRemoving}
                              onClick={() => void onDelete(item, items)}
                            >
                              {isRemoving ? (
                                <span aria-hidden="true" className="loading loading-xs loading-spinner" />
                              ) : (
                                <Trash2 aria-hidden="true" className="size-4" />
                              )}
                              {/* Phones show the bin alone; the button's name says what it deletes. */}
                              <span className="hidden sm:inline">{t('list.delete')}</span>
                            </button>
                          </td>
                        </tr>
                        {isPicking ? (
                          <tr>
                            <td colSpan={COLUMN_COUNT} className="bg-base-100">
                              <TimePicker item={item} email={email} settings={settings} stylists={stylists} onClose={onPickerClose} whenFull={whenFull} />
                            </td>
                          </tr>
                        ) : null}
                      </Fragment>
                    );
                  })}
                </tbody>
              </table>
            </TableScrollBox>
            <div className="flex flex-col gap-4 border-t border-base-300/70 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-lg">
                {t('list.total')} <span className="font-semibold text-primary">{format.money(total)}</span>
              </p>
              <div className="flex flex-col gap-2 sm:items-end">
                <p className="flex flex-wrap items-center gap-2">
                  <span>{t('list.payPrompt')}</span>
                  <Link to={paths.dashboard.appointment} className="btn rounded-full btn-sm btn-primary">
                    <CalendarCheck aria-hidden="true" className="size-4" />
                    {t('list.getAppointment')}
                  </Link>
                </p>
                {untimed > 0 ? (
                  <p className="flex items-center gap-1.5 text-sm text-base-content/75">
                    <CalendarClock aria-hidden="true" className="size-4" />
                    {untimed === items.length ? t('list.pickEach') : t('list.untimed', { count: untimed, total: items.length })}
                  </p>
                ) : null}
              </div>
            </div>
            <p role="status" className="sr-only">
              {announcement}
            </p>
          </div>
        );
      }}
    </QueryState>
  );
}
