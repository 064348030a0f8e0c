import { useState } from 'react';
import { Plus, Save, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { weekdayName } from '@shared/opening-hours';
import { MAX_SPANS_PER_DAY, weeklyHoursSchema, type ConflictingBooking, type WeeklyHours } from '@shared/staff';
import { FormActions } from '@/components/ui/form-actions';
import { useErrorText } from '@/hooks/use-error-text';
import { useIntlLocale } from '@/hooks/use-language';
import { BookingsInTheWay, bookingsInTheWay } from './bookings-in-the-way';

interface HoursEditorProps {
  hours: WeeklyHours;
  timeZone: string;
  onSave: (hours: WeeklyHours) => Promise<void>;
}

/** Her week, a row per weekday with its spans; the gaps between spans are her breaks. */
export function HoursEditor({ hours, timeZone, onSave }: HoursEditorProps) {
  const { t } = useTranslation('staff');
  const errorText = useErrorText();
  const locale = useIntlLocale();
  const [days, setDays] = useState(hours.days);
  const [issues, setIssues] = useState<Map<string, string>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // New hours that would leave bookings of hers outside: the server names them.
  const [conflicts, setConflicts] = useState<ConflictingBooking[]>([]);

  const change = (day: number, next: WeeklyHours['days'][number]) => setDays(days.map((spans, d) => (d === day ? next : spans)));

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setNotice(null);
    setError(null);
    setConflicts([]);
    const parsed = weeklyHoursSchema.safeParse({ days });
    if (!parsed.success) {
      setIssues(new Map(parsed.error.issues.map((issue) => [issue.path.slice(1).join('.'), issue.message])));
      setError(t('hours.needFixing'));
      return;
    }
    setIssues(new Map());
    setSaving(true);
    try {
      await onSave(parsed.data);
      setNotice(t('hours.saved'));
    } catch (err) {
      setConflicts(bookingsInTheWay(err));
      setError(err instanceof Error ? err.message : t('hours.notSaved'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void save(e)} aria-label={t('hours.formLabel')} className="space-y-3">
      {days.map((spans, day) => (
        <fieldset key={day} className="rounded-box p-3 ring-1 ring-base-300">
          <legend className="px-1 text-sm font-semibold">{weekdayName(day, locale)}</legend>
          {spans.length === 0 && <p className="text-sm text-base-content/70">{t('hours.dayOff')}</p>}
          <ul className="space-y-2">
            {spans.map((hoursSpan, index) => {
              const problem = issues.get(`${day}.${index}.start`) ?? issues.get(`${day}.${index}.end`);
              const span = t('hours.span', { day: weekdayName(day, locale), number: index + 1 });
              return (
                <li key={index}>
                  <div className="flex flex-wrap items-center gap-2">
                    <input
                      type="time"
                      step={900}
                      aria-label={t('hours.starts', { span })}
                      value={hoursSpan.start}
                      aria-invalid={problem ? true : undefined}
                      onChange={(e) => change(day, spans.map((s, i) => (i === index ? { ...s, start: e.target.value } : s)))}
                      className="input input-sm w-28"
                    />
                    <span aria-hidden="true">–</span>
                    <input
                      type="time"
                      step={900}
                      aria-label={t('hours.ends', { span })}
                      value={hoursSpan.end}
                      aria-invalid={problem ? true : undefined}
                      onChange={(e) => change(day, spans.map((s, i) => (i === index ? { ...s, end: e.target.value } : s)))}
                      className="input input-sm w-28"
                    />
                    <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label={t('hours.remove', { span })} onClick={() => change(day, spans.filter((_, i) => i !== index))}>
                      <X aria-hidden="true" className="size-4" />
                    </button>
                  </div>
                  {problem && <p className="mt-1 text-sm font-medium text-error">{errorText(problem)}</p>}
                </li>
              );
            })}
          </ul>
          {spans.length < MAX_SPANS_PER_DAY && (
            <button
              type="button"
              className="btn btn-ghost btn-sm mt-2"
              aria-label={t('hours.addOn', { day: weekdayName(day, locale) })}
              onClick={() => {
                const last = spans.at(-1);
                change(day, [...spans, last ? { start: last.end, end: last.end } : { start: '10:00', end: '18:00' }]);
              }}
            >
              <Plus aria-hidden="true" className="size-4" /> {t('hours.add')}
            </button>
          )}
        </fieldset>
      ))}
      <BookingsInTheWay bookings={conflicts} timeZone={timeZone} />
      <FormActions label={t('hours.save')} icon={Save} pending={saving} error={error} success={notice} className="w-full sm:w-auto" />
    </form>
  );
}
