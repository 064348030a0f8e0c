import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight, Globe, X } from 'lucide-react';
import type { CartItem } from '../../../../shared/cart';
import { isCalendarDate, type SalonSettings } from '../../../../shared/salon-settings';
import { addCalendarDays, bookableDates, firstOpenDate, formatCalendarDate, formatSalonTime, isOpenDate, salonDateOf, timesAreInZone } from '../../../../shared/calendar';
import { useAvailability } from '../api/get-availability';
import { useSetCartTime } from '../api/set-cart-time';

export type TimePickerOutcome = 'held' | 'cancelled';

interface TimePickerProps {
  item: CartItem;
  /** Whose booking list the item is in (the cart query key). */
  email: string;
  settings: SalonSettings;
  /** After a time was held, or when she closes the picker without choosing. */
  onClose: (outcome: TimePickerOutcome, item: CartItem) => void;
}

/** The booking list's picker: choosing holds the time for the item while she pays. */
export function TimePicker({ item, email, settings, onClose }: TimePickerProps) {
  const setTime = useSetCartTime(email);
  return (
    <TimeChooser
      title={item.title}
      serviceId={item.cartItemId}
      startsAt={item.startsAt}
      own={{ cartItemId: item._id }}
      settings={settings}
      note={`We hold the time you pick for ${settings.holdMinutes} minutes while you pay.`}
      // A 409 reads 'That time is no longer available'; the hook has asked for fresh times.
      onChoose={async (startsAt) => onClose('held', await setTime.mutateAsync({ item, startsAt }))}
      onCancel={() => onClose('cancelled', item)}
    />
  );
}

export interface TimeChooserProps {
  /** The service, named in the heading. */
  title: string;
  serviceId: string;
  /** The time it has now, shown as chosen; null before one is picked. */
  startsAt: string | null;
  /** Whose own place the free times leave out: the list item being re-timed, or the booking being moved. */
  own: { cartItemId?: string; bookingId?: string };
  settings: SalonSettings;
  /** What choosing a time does, said under the heading. */
  note: string;
  /** Saves the chosen time; the message of a rejection is shown in the picker. */
  onChoose: (startsAt: string) => Promise<void>;
  /** She closes the picker without choosing. */
  onCancel: () => void;
}

/**
 * Chooses an appointment time: a date (only bookable ones), then one of the free start times the
 * server offers for the service, all in the salon's time zone. If someone took the time meanwhile,
 * the refusal is shown and the list of times is asked for again. Serves the booking list (holding
 * an item's time) and the user home (moving a booking).
 *
 * An inline panel rather than a modal: it sits under the item it belongs to, so the list stays in
 * view, and it needs no focus trap. Focus moves to the date on opening; Escape closes it.
 */
export function TimeChooser({ title, serviceId, startsAt: current, own, settings, note, onChoose, onCancel }: TimeChooserProps) {
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
  const availability = useAvailability({ serviceId, date, ...own }, { enabled: dateIsValid });

  useEffect(() => {
    dateInputRef.current?.focus();
  }, []);

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
        setRefusal(error instanceof Error ? error.message : 'That time could not be saved.');
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
            Choose a time for {title}
          </h3>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-base-content/75">
            <Globe aria-hidden="true" className="size-4 shrink-0" />
            {timesAreInZone(settings.timeZone)}. {note}
          </p>
        </div>
        <button
          type="button"
          className="btn btn-circle btn-ghost btn-sm"
          aria-label="Close the time picker"
          onClick={onCancel}
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>

      <div className="mt-4">
        <label htmlFor={dateId} className="mb-1.5 block text-sm font-medium">
          Date
        </label>
        <div className="flex items-center gap-2">
          <button
            type="button"
            className="btn btn-square btn-ghost btn-sm"
            aria-label="Previous day"
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
            aria-label="Next day"
            disabled={!dateIsValid || date >= range.max}
            onClick={() => changeDate(addCalendarDays(date, 1))}
          >
            <ChevronRight aria-hidden="true" className="size-4" />
          </button>
        </div>
        {dateIsValid ? (
          <p id={dateHintId} className="mt-1.5 text-xs text-base-content/70">
            {formatCalendarDate(date)}. You can book from {formatCalendarDate(range.min)} to {formatCalendarDate(range.max)}.
          </p>
        ) : (
          <p id={dateErrorId} className="mt-1.5 text-sm font-medium text-error">
            Pick a date from {formatCalendarDate(range.min)} to {formatCalendarDate(range.max)}.
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
            Free times on {formatCalendarDate(date)}
          </p>
          {availability.isPending ? (
            <p role="status" className="text-sm text-base-content/75">
              <span aria-hidden="true" className="mr-2 loading loading-xs loading-spinner" />
              Loading free times…
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
                Try again
              </button>
            </div>
          ) : availability.data.slots.length === 0 ? (
            <div className="text-sm">
              <p className="font-medium">No free times that day</p>
              <p className="mt-1 text-base-content/75">
                {isOpenDate(settings, date) ? 'Please try another date.' : 'The salon is closed that day. Please try another date.'}
              </p>
            </div>
          ) : (
            <div role="group" aria-labelledby={slotsLabelId} aria-busy={availability.isFetching} className="flex flex-wrap gap-2">
              {availability.data.slots.map((slot) => {
                const isChosen = chosenAt !== null && Date.parse(slot.startsAt) === chosenAt;
                const isPending = pendingStart === slot.startsAt;
                return (
                  <button
                      key={slot.startsAt}
                      type="button"
                      className={`btn min-w-20 rounded-full btn-sm ${isChosen ? 'btn-primary' : 'btn-outline btn-primary'}`}
                      aria-pressed={isChosen}
                      disabled={pendingStart !== null}
                      onClick={() => choose(slot.startsAt)}
                    >
                      {isPending ? <span aria-hidden="true" className="loading loading-xs loading-spinner" /> : null}
                      {formatSalonTime(slot.startsAt, availability.data.timeZone)}
                    </button>
                );
              })}
            </div>
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
