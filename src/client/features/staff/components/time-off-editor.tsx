import { useState } from 'react';
import { CalendarX, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { addCalendarDays, zonedTimeToInstant } from '@shared/calendar';
import { languageOfText } from '@shared/i18n/language';
import { isCalendarDate } from '@shared/salon-settings';
import { timeOffCreateSchema, type ConflictingBooking, type TimeOff, type TimeOffCreateInput } from '@shared/staff';
import { FormActions } from '@/components/ui/form-actions';
import { useSalonFormat } from '@/hooks/use-salon-format';
import { BookingsInTheWay, bookingsInTheWay } from './bookings-in-the-way';

interface TimeOffEditorProps {
  timeOff: TimeOff[];
  timeZone: string;
  onAdd: (range: TimeOffCreateInput) => Promise<void>;
  onRemove: (timeOffId: string) => Promise<void>;
}

/**
 * Her time off: whole days (from the first day's start to the end of the last) or, with times, a
 * stretch of one or more days, on the salon's clock.
 */
export function TimeOffEditor({ timeOff, timeZone, onAdd, onRemove }: TimeOffEditorProps) {
  const { t } = useTranslation('staff');
  const format = useSalonFormat();
  const [from, setFrom] = useState('');
  const [fromTime, setFromTime] = useState('');
  const [to, setTo] = useState('');
  const [toTime, setToTime] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [conflicts, setConflicts] = useState<ConflictingBooking[]>([]);
  const [saving, setSaving] = useState(false);

  async function add(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    setNotice(null);
    setConflicts([]);
    const lastDay = to || from;
    if (!isCalendarDate(from) || !isCalendarDate(lastDay)) {
      setError(t('timeOff.chooseDays'));
      return;
    }
    const startsAt = zonedTimeToInstant(from, fromTime || '00:00', timeZone);
    // Without an end time she is away the whole last day: until the next midnight.
    const endDay = toTime ? lastDay : addCalendarDays(lastDay, 1);
    const endsAt = zonedTimeToInstant(endDay, toTime || '00:00', timeZone);
    const parsed = timeOffCreateSchema.safeParse({ startsAt: startsAt?.toISOString(), endsAt: endsAt?.toISOString(), note });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('timeOff.checkDates'));
      return;
    }
    setSaving(true);
    try {
      await onAdd(parsed.data);
      setNotice(t('timeOff.added'));
      setFrom('');
      setFromTime('');
      setTo('');
      setToTime('');
      setNote('');
    } catch (err) {
      setConflicts(bookingsInTheWay(err));
      setError(err instanceof Error ? err.message : t('timeOff.notAdded'));
    } finally {
      setSaving(false);
    }
  }

  async function remove(timeOffId: string) {
    setError(null);
    setNotice(null);
    try {
      await onRemove(timeOffId);
      setNotice(t('timeOff.removed'));
    } catch (err) {
      setError(err instanceof Error ? err.message : t('timeOff.notRemoved'));
    }
  }

  return (
    <div className="space-y-4">
      {timeOff.length === 0 ? (
        <p className="text-sm text-base-content/70">{t('timeOff.none')}</p>
      ) : (
        <ul className="divide-y divide-base-300 rounded-box ring-1 ring-base-300">
          {timeOff.map((item) => (
            <li key={item._id} className="flex items-start gap-3 p-3">
              <CalendarX aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium">
                  {format.shortDateTime(item.startsAt, timeZone)} – {format.shortDateTime(item.endsAt, timeZone)}
                </p>
                {item.note && (
                  <p className="break-words text-base-content/75" lang={languageOfText(item.note)}>
                    {item.note}
                  </p>
                )}
              </div>
              <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label={t('timeOff.removeFrom', { when: format.shortDateTime(item.startsAt, timeZone) })} onClick={() => void remove(item._id)}>
                <Trash2 aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <form noValidate onSubmit={(e) => void add(e)} aria-label={t('timeOff.formLabel')} className="grid gap-3 sm:grid-cols-2">
        <label className="text-sm">
          <span className="mb-1 block font-medium">{t('timeOff.firstDay')}</span>
          <input type="date" className="input w-full" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium">{t('timeOff.from')}</span>
          <input type="time" step={900} className="input w-full" value={fromTime} onChange={(e) => setFromTime(e.target.value)} />
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium">{t('timeOff.lastDay')}</span>
          <input type="date" className="input w-full" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium">{t('timeOff.until')}</span>
          <input type="time" step={900} className="input w-full" value={toTime} onChange={(e) => setToTime(e.target.value)} />
        </label>
        <label className="text-sm sm:col-span-2">
          <span className="mb-1 block font-medium">{t('timeOff.note')}</span>
          <input type="text" className="input w-full" maxLength={200} value={note} onChange={(e) => setNote(e.target.value)} />
        </label>
        <BookingsInTheWay bookings={conflicts} timeZone={timeZone} className="sm:col-span-2" />
        <div className="sm:col-span-2">
          <FormActions label={t('timeOff.add')} icon={CalendarX} pending={saving} error={error} success={notice} className="w-full sm:w-auto" />
        </div>
      </form>
    </div>
  );
}

