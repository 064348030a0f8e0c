import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight, Globe, X } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import type { CartItem } from '@shared/cart';
import { isCalendarDate, type SalonSettings } from '@shared/salon-settings';
import { addCalendarDays, bookableDates, firstOpenDate, isOpenDate, salonDateOf } from '@shared/calendar';
import type { Staff } from '@shared/staff';
import { useAvailability } from '../api/get-availability';
import { useContentLang } from '@/hooks/use-language';
import { useSalonFormat } from '@/hooks/use-salon-format';
import { useSetCartTime } from '../api/set-cart-time';
import { StylistLead } from './stylist-choice';

export type TimePickerOutcome = 'held' | 'cancelled';

/** A day with no free time for the item: what she could wait for instead (the waitlist). */
export interface FullDay {
  serviceId: string;
  title: string;
  /** Its Bangla title (null: none). */
  title_bn: string | null;
  date: string;
  /** The stylist she chose; null: any. */
  staffId: string | null;
  staffName: string | null;
}

interface TimePickerProps {
  item: CartItem;
  /** Whose booking list the item is in (the cart query key). */
  email: string;
  settings: SalonSettings;
  /** The salon's active stylists; those who perform the item's service are offered. */
  stylists: readonly Staff[];
  /** After a time was held, or when she closes the picker without choosing. */
  onClose: (outcome: TimePickerOutcome, item: CartItem) => void;
  /** Offered under 'No free times that day' (the route passes the waitlist's 'Join'). */
  whenFull?: ((day: FullDay) => ReactNode) | undefined;
}

/**
 * The booking list's picker: choosing holds the time for the item while she pays. When stylists
 * perform the service she first chooses one (or any), and the times offered are that stylist's.
 */
export function TimePicker({ item, email, settings, stylists, onClose, whenFull }: TimePickerProps) {
  const { t } = useTranslation('booking');
  const format = useSalonFormat();
  const setTime = useSetCartTime(email);
  const performers = stylists.filter((stylist) => stylist.serviceIds.includes(item.cartItemId));
  const offersStylists = performers.length > 0;
  // Her recorded choice; a stylist who no longer performs the service (or left) reads as any.
  const recorded = !item.anyStylist && performers.some((stylist) => stylist._id === item.staffId) ? item.staffId : null;
  // What she picked here, until the server's answer records it (then the item says the same).
  const [picked, setPicked] = useState<{ staffId: string | null } | null>(null);
  const choice = picked ? picked.staffId : recorded;
  const [stylistRefusal, setStylistRefusal] = useState<string | null>(null);
  /** The time a change of stylist let go, said until she picks another. */
  const [letGo, setLetGo] = useState<string | null>(null);
  const nameOf = (staffId: string | null) => performers.find((stylist) => stylist._id === staffId)?.name ?? null;
  const heldWith = item.startsAt
    ? item.staffName
      ? t('picker.whenWith', { when: format.dateTime(item.startsAt, settings.timeZone), name: item.staffName })
      : format.dateTime(item.startsAt, settings.timeZone)
    : null;
  const chosenName = nameOf(choice);

  // Recorded at once ({startsAt: null, staffId}), so the choice outlives a reload; a held time
  // belongs to the stylist it was held with, so it is let go, as the note above the choice says.
  const chooseStylist = (next: string | null) => {
    const picking = { staffId: next };
    setPicked(picking);
    setStylistRefusal(null);
    // Only the last of several quick changes (arrowing through) settles what is shown.
    const isLatest = (current: typeof picked) => (current === picking ? null : current);
    setTime.mutateAsync({ item, startsAt: null, staffId: next }).then(
      () => {
        setPicked(isLatest);
        if (heldWith) setLetGo(heldWith);
      },
      (error: unknown) => {
        setPicked(isLatest);
        setStylistRefusal(error instanceof Error ? error.message : t('picker.stylistNotSaved'));
      },
    );
  };

  return (
    <TimeChooser
      title={item.title}
      serviceId={item.cartItemId}
      // The time is shown as hers only among the times of the stylist it is held with.
      startsAt={choice === recorded ? item.startsAt : null}
      own={{ cartItemId: item._id }}
      staffId={offersStylists ? (choice ?? undefined) : undefined}
      settings={settings}
      note={t('picker.holdNote', { count: settings.holdMinutes })}
      lead={
        offersStylists ? (
          <StylistLead
            stylists={performers}
            value={choice}
            onChange={chooseStylist}
            note={heldWith ? t('picker.letGoNote', { time: heldWith }) : undefined}
          >
            {stylistRefusal ? (
              <p role="alert" className="mt-2 text-sm font-medium text-error">
                {stylistRefusal}
              </p>
            ) : null}
            <p role="status" className={letGo ? 'mt-2 text-sm font-medium' : 'sr-only'}>
              {letGo ? (chosenName ? t('picker.letGo', { time: letGo, name: chosenName }) : t('picker.letGoAny', { time: letGo })) : null}
            </p>
          </StylistLead>
        ) : null
      }
      // A 409 reads 'That time is no longer available'; the hook has asked for fresh times.
      onChoose={async (startsAt) =>
        onClose('held', await setTime.mutateAsync({ item, startsAt, ...(offersStylists ? { staffId: choice } : {}) }))
      }
      onCancel={() => onClose('cancelled', item)}
      whenFull={
        whenFull
          ? (date) =>
              whenFull({ serviceId: item.cartItemId, title: item.title, title_bn: item.title_bn, date, staffId: offersStylists ? choice : null, staffName: offersStylists && choice ? (nameOf(choice) ?? null) : null })
          : undefined
      }
    />
  );
}

export interface TimeChooserProps {
  /** The service, named in the heading. */
  title: string;
  serviceId: string;
  /** The time it has now, shown as chosen; null before one is picked. */
  startsAt: string | null;
  /**
   * Whose own place the free times leave out: the list item being re-timed, the booking being moved,
   * or (the front desk) the customer being booked for.
   */
  own: { cartItemId?: string; bookingId?: string; customerId?: string };
  /** Only this stylist's free times; absent: the salon's (any stylist who performs it). */
  staffId?: string | undefined;
  settings: SalonSettings;
  /** What choosing a time does, said under the heading. */
  note: string;
  /** Saves the chosen time; the message of a rejection is shown in the picker. */
  onChoose: (startsAt: string) => Promise<void>;
  /** She closes the picker without choosing. */
  onCancel: () => void;
  /** Asked before the date (the choice of stylist, StylistLead), which then takes the focus on opening. */
  lead?: ReactNode;
  /** Shown on an open day with no free time (the booking list: join the waitlist for it). */
  whenFull?: ((date: string) => ReactNode) | undefined;
}

/**
 * Chooses an appointment time: a date (only bookable ones), then one of the free start times the
 * server offers for the service, all in the salon's time zone. If someone took the time meanwhile,
 * the refusal is shown and the list of times is asked for again. Serves the booking list (holding
 * an item's time) and the user home (moving a booking).
 *
 * An inline panel rather than a modal: it sits under the item it belongs to, so the list stays in
 * view, and it needs no focus trap. Focus moves to the date on opening (or to `lead`, the choice of
 * stylist, when that is asked first); Escape closes it.
 */
export function TimeChooser({
  title,
  serviceId,
  startsAt: current,
  own,
  staffId,
  settings,
  note,
  onChoose,
  onCancel,
  lead = null,
  whenFull,
}: TimeChooserProps) {
  const { t } = useTranslation('booking');
  const format = useSalonFormat();
  const contentLang = useContentLang();
  const headingId = useId();
  const dateId = useId();
  const dateHintId = useId();
  const dateErrorId = useId();
  const slotsLabelId = useId();
  const dateInputRef = useRef<HTMLInputElement>(null);

  // "Now" as of opening: the offered range should not shift under her while she looks.
  const [openedAt] = useState(() => Date.now());
  const range = bookableDates(settings, openedAt);
  const [date, setDate] = useState(() => initialDate(current, settings, openedAt));
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pendingStart, setPendingStart] = useState<string | null>(null);

  const dateIsValid = isCalendarDate(date) && date >= range.min && date <= range.max;
  const availability = useAvailability({ serviceId, date, staffId, ...own }, { enabled: dateIsValid });

  // Only on opening: the chooser's first question takes the focus (the lead focuses itself).
  const [focusDate] = useState(lead === null);
  useEffect(() => {
    if (focusDate) dateInputRef.current?.focus();
  }, [focusDate]);

  const changeDate = (next: string) => {
    setDate(next);
    setRefusal(null);
  };

  const choose = (startsAt: string) => {
    setRefusal(null);
    setPendingStart(startsAt);
    onChoose(startsAt).then(
      () => setPendingStart(null),
      (error: unknown) => {
        setPendingStart(null);
        setRefusal(error instanceof Error ? error.message : t('picker.notSaved'));
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCancel();
    }
  };

  const chosenAt = current ? Date.parse(current) : null;

  return (
    <section
      aria-labelledby={headingId}
      onKeyDown={onKeyDown}
      className="rounded-box border border-primary/20 bg-blush/40 p-4 sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="text-lg font-semibold">
            <Trans t={t} i18nKey="picker.heading" values={{ title }} components={{ service: contentLang ? <span lang={contentLang} /> : <></> }} />
          </h3>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-base-content/75">
            <Globe aria-hidden="true" className="size-4 shrink-0" />
            {t('picker.zoneAndNote', { zone: format.timesAreInZone(settings.timeZone), note })}
          </p>
        </div>
        <button
          type="button"
          className="btn btn-circle btn-ghost btn-sm"
          aria-label={t('picker.close')}
          onClick={onCancel}
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>

      {lead}

      <div className="mt-4">
        <label htmlFor={dateId} className="mb-1.5 block text-sm font-medium">
          {t('picker.date')}
        </label>
        <div className="flex items-center gap-2">
          <button
            type="button"
            className="btn btn-square btn-ghost btn-sm"
            aria-label={t('picker.previousDay')}
            disabled={!dateIsValid || date <= range.min}
            onClick={() => changeDate(addCalendarDays(date, -1))}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
          </button>
          <input
            ref={dateInputRef}
            id={dateId}
            type="date"
            className={`input w-auto ${dateIsValid ? '' : 'input-error'}`}
            value={date}
            min={range.min}
            max={range.max}
            aria-invalid={dateIsValid ? undefined : true}
            aria-describedby={dateIsValid ? dateHintId : dateErrorId}
            onChange={(event) => changeDate(event.target.value)}
          />
          <button
            type="button"
            className="btn btn-square btn-ghost btn-sm"
            aria-label={t('picker.nextDay')}
            disabled={!dateIsValid || date >= range.max}
            onClick={() => changeDate(addCalendarDays(date, 1))}
          >
            <ChevronRight aria-hidden="true" className="size-4" />
          </button>
        </div>
        {dateIsValid ? (
          <p id={dateHintId} className="mt-1.5 text-xs text-base-content/70">
            {t('picker.dateHint', { date: format.calendarDate(date), from: format.calendarDate(range.min), to: format.calendarDate(range.max) })}
          </p>
        ) : (
          <p id={dateErrorId} className="mt-1.5 text-sm font-medium text-error">
            {t('picker.dateError', { from: format.calendarDate(range.min), to: format.calendarDate(range.max) })}
          </p>
        )}
      </div>

      {refusal ? (
        <p role="alert" className="mt-4 rounded-field border border-error/30 bg-error/5 px-4 py-3 text-sm font-medium text-error">
          {refusal}
        </p>
      ) : null}

      {dateIsValid ? (
        <div className="mt-4">
          <p id={slotsLabelId} className="mb-2 text-sm font-medium">
            {t('picker.freeTimesOn', { date: format.calendarDate(date) })}
          </p>
          {availability.isPending ? (
            <p role="status" className="text-sm text-base-content/75">
              <span aria-hidden="true" className="mr-2 loading loading-xs loading-spinner" />
              {t('picker.loading')}
            </p>
          ) : availability.isError ? (
            <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
              <span className="text-error">{availability.error.message}</span>
              <button
                type="button"
                className="btn rounded-full btn-outline btn-xs btn-primary"
                disabled={availability.isFetching}
                onClick={() => void availability.refetch()}
              >
                {t('tryAgain')}
              </button>
            </div>
          ) : availability.data.slots.length === 0 ? (
            <div className="text-sm">
              <p className="font-medium">{t('picker.noneThatDay')}</p>
              <p className="mt-1 text-base-content/75">
                {isOpenDate(settings, date) ? t('picker.tryAnother') : t('picker.closed')}
              </p>
              {isOpenDate(settings, date) ? whenFull?.(date) : null}
            </div>
          ) : (
            <FreeTimes
              key={`${date} ${staffId ?? ''}`}
              slots={availability.data.slots}
              timeZone={availability.data.timeZone}
              labelledBy={slotsLabelId}
              busy={availability.isFetching}
              chosenAt={chosenAt}
              pendingStart={pendingStart}
              onChoose={choose}
            />
          )}
        </div>
      ) : null}
    </section>
  );
}

/** The date already chosen when re-timing (if still bookable), else the first open day. */
function initialDate(startsAt: string | null, settings: SalonSettings, now: number): string {
  const range = bookableDates(settings, now);
  if (startsAt) {
    const chosen = salonDateOf(startsAt, settings.timeZone);
    if (chosen >= range.min && chosen <= range.max) return chosen;
  }
  return firstOpenDate(settings, now) ?? range.min;
}

interface FreeTimesProps {
  slots: readonly { startsAt: string }[];
  timeZone: string;
  labelledBy: string;
  busy: boolean;
  /** The time the item or booking has now (checked), if any. */
  chosenAt: number | null;
  /** The time being saved, if any: every time is locked meanwhile. */
  pendingStart: string | null;
  onChoose: (startsAt: string) => void;
}

/**
 * The free start times as one radio group, so a day of up to 37 times is one Tab stop, not 37:
 * Tab lands on the checked time (or the first), the arrow keys (and Home, End) move among them,
 * and Enter or Space chooses the focused one. The arrows only move focus: choosing holds or moves
 * an appointment, which is not something to do on the way past.
 */
function FreeTimes({ slots, timeZone, labelledBy, busy, chosenAt, pendingStart, onChoose }: FreeTimesProps) {
  const format = useSalonFormat();
  const groupRef = useRef<HTMLDivElement>(null);
  const checkedIndex = slots.findIndex((slot) => chosenAt !== null && Date.parse(slot.startsAt) === chosenAt);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  // The roving stop: the time last focused while it is still offered, else the checked one, else the first.
  const stop = focusIndex !== null && focusIndex < slots.length ? focusIndex : Math.max(checkedIndex, 0);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = slots.length - 1;
    const next: Record<string, number> = {
      ArrowRight: stop >= last ? 0 : stop + 1,
      ArrowDown: stop >= last ? 0 : stop + 1,
      ArrowLeft: stop <= 0 ? last : stop - 1,
      ArrowUp: stop <= 0 ? last : stop - 1,
      Home: 0,
      End: last,
    };
    const to = next[event.key];
    if (to === undefined) return;
    event.preventDefault();
    setFocusIndex(to);
    groupRef.current?.querySelectorAll<HTMLElement>('[role="radio"]')[to]?.focus();
  };

  return (
    <div ref={groupRef} role="radiogroup" aria-labelledby={labelledBy} aria-busy={busy} className="flex flex-wrap gap-2" onKeyDown={onKeyDown}>
      {slots.map((slot, index) => {
        const isChosen = index === checkedIndex;
        return (
          <button
            key={slot.startsAt}
            type="button"
            role="radio"
            aria-checked={isChosen}
            tabIndex={index === stop ? 0 : -1}
            className={`btn min-w-20 rounded-full btn-sm ${isChosen ? 'btn-primary' : 'btn-outline btn-primary'}`}
            disabled={pendingStart !== null}
            onFocus={() => setFocusIndex(index)}
            onClick={() => onChoose(slot.startsAt)}
          >
            {pendingStart === slot.startsAt ? <span aria-hidden="true" className="loading loading-xs loading-spinner" /> : null}
            {format.time(slot.startsAt, timeZone)}
          </button>
        );
      })}
    </div>
  );
}
