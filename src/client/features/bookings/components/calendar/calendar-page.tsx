import { useId, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { addCalendarDays } from '@shared/calendar';
import { isCalendarDate, type SalonSettings } from '@shared/salon-settings';
import { QueryState } from '@/components/ui/query-state';

/** A placeholder row shaped like the grid's: the time, then a block. */
export const calendarLoadingRow = (
  <>
    <div className="skeleton h-4 w-12" />
    <div className="skeleton h-16 flex-1" />
  </>
);

interface SettingsGateProps {
  /** The page's header, shown whatever the settings' state. */
  header: ReactNode;
  settings: UseQueryResult<SalonSettings>;
  loadingLabel: string;
  children: (settings: SalonSettings) => ReactNode;
}

/** A calendar page needs the salon's hours and zone before it can draw a day: their error with a retry, or a placeholder, until then. */
export function SettingsGate({ header, settings, loadingLabel, children }: SettingsGateProps) {
  return (
    <>
      {header}
      <QueryState query={settings} className="mt-6" loading={{ label: loadingLabel, rows: 1, row: <div className="skeleton h-56 w-full" /> }}>
        {children}
      </QueryState>
    </>
  );
}

interface DayStepperProps {
  /** The day shown (the first of a week). */
  date: string;
  today: string;
  unit: 'day' | 'week';
  onShow: (date: string) => void;
  /** More controls on the same row (the admin's choice of day or week). */
  children?: ReactNode;
}

/** Previous, Today and Next, and a date to type or pick: the same on the admin's calendar and a stylist's day. */
export function DayStepper({ date, today, unit, onShow, children }: DayStepperProps) {
  const { t } = useTranslation('calendar');
  const dateId = useId();
  const step = unit === 'week' ? 7 : 1;
  return (
    <div className="mt-6 flex flex-wrap items-end gap-x-4 gap-y-3">
      <div className="flex items-center gap-1">
        <button type="button" className="btn btn-square btn-ghost" aria-label={unit === 'week' ? t('stepper.previousWeek') : t('stepper.previousDay')} onClick={() => onShow(addCalendarDays(date, -step))}>
          <ChevronLeft aria-hidden="true" className="size-5" />
        </button>
        <button type="button" className="btn rounded-full btn-outline btn-sm btn-primary" onClick={() => onShow(today)}>
          {t('stepper.today')}
        </button>
        <button type="button" className="btn btn-square btn-ghost" aria-label={unit === 'week' ? t('stepper.nextWeek') : t('stepper.nextDay')} onClick={() => onShow(addCalendarDays(date, step))}>
          <ChevronRight aria-hidden="true" className="size-5" />
        </button>
      </div>
      <div>
        <label htmlFor={dateId} className="mb-1.5 block text-sm font-medium">
          {unit === 'week' ? t('stepper.firstDay') : t('stepper.date')}
        </label>
        <input
          id={dateId}
          type="date"
          className="input w-auto"
          value={date}
          // A date typed half-way is not a date yet: the calendar waits for a whole one.
          onChange={(event) => {
            if (isCalendarDate(event.target.value)) onShow(event.target.value);
          }}
        />
      </div>
      {children}
    </div>
  );
}

/** The day (or week) in view, announced as it changes, so stepping through the days is heard as well as seen. */
export function CalendarHeading({ children }: { children: ReactNode }) {
  return (
    <h2 aria-live="polite" className="mt-6 mb-3 font-display text-2xl font-semibold">
      {children}
    </h2>
  );
}
