import { useState } from 'react';
import { Plus, Save, X } from 'lucide-react';
import { WEEKDAY_NAMES } from '../../../../shared/salon-settings';
import { MAX_SPANS_PER_DAY, weeklyHoursSchema, type ConflictingBooking, type WeeklyHours } from '../../../../shared/staff';
import { FormActions } from '../../../components/ui/form-actions';
import { BookingsInTheWay, bookingsInTheWay } from './bookings-in-the-way';

interface HoursEditorProps {
  hours: WeeklyHours;
  timeZone: string;
  onSave: (hours: WeeklyHours) => Promise<void>;
}

/** Her week, a row per weekday with its spans; the gaps between spans are her breaks. */
export function HoursEditor({ hours, timeZone, onSave }: HoursEditorProps) {
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
      setError('Some hours need fixing.');
      return;
    }
    setIssues(new Map());
    setSaving(true);
    try {
      await onSave(parsed.data);
      setNotice('Her hours are saved.');
    } catch (err) {
      setConflicts(bookingsInTheWay(err));
      setError(err instanceof Error ? err.message : 'Her hours were not saved.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void save(e)} aria-label="Weekly hours" className="space-y-3">
      {days.map((spans, day) => (
        <fieldset key={WEEKDAY_NAMES[day]} className="rounded-box p-3 ring-1 ring-base-300">
          <legend className="px-1 text-sm font-semibold">{WEEKDAY_NAMES[day]}</legend>
          {spans.length === 0 && <p className="text-sm text-base-content/70">Day off</p>}
          <ul className="space-y-2">
            {spans.map((span, index) => {
              const problem = issues.get(`${day}.${index}.start`) ?? issues.get(`${day}.${index}.end`);
              const label = `${WEEKDAY_NAMES[day]} span ${index + 1}`;
              return (
                <li key={index}>
                  <div className="flex flex-wrap items-center gap-2">
                    <input
                      type="time"
                      step={900}
                      aria-label={`${label} starts`}
                      value={span.start}
                      aria-invalid={problem ? true : undefined}
                      onChange={(e) => change(day, spans.map((s, i) => (i === index ? { ...s, start: e.target.value } : s)))}
                      className="input input-sm w-28"
                    />
                    <span aria-hidden="true">–</span>
                    <input
                      type="time"
                      step={900}
                      aria-label={`${label} ends`}
                      value={span.end}
                      aria-invalid={problem ? true : undefined}
                      onChange={(e) => change(day, spans.map((s, i) => (i === index ? { ...s, end: e.target.value } : s)))}
                      className="input input-sm w-28"
                    />
                    <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label={`Remove ${label}`} onClick={() => change(day, spans.filter((_, i) => i !== index))}>
                      <X aria-hidden="true" className="size-4" />
                    </button>
                  </div>
                  {problem && <p className="mt-1 text-sm font-medium text-error">{problem}</p>}
                </li>
              );
            })}
          </ul>
          {spans.length < MAX_SPANS_PER_DAY && (
            <button
              type="button"
              className="btn btn-ghost btn-sm mt-2"
              aria-label={`Add hours on ${WEEKDAY_NAMES[day]}`}
              onClick={() => {
                const last = spans.at(-1);
                change(day, [...spans, last ? { start: last.end, end: last.end } : { start: '10:00', end: '18:00' }]);
              }}
            >
              <Plus aria-hidden="true" className="size-4" /> Add hours
            </button>
          )}
        </fieldset>
      ))}
      <BookingsInTheWay bookings={conflicts} timeZone={timeZone} />
      <FormActions label="Save hours" icon={Save} pending={saving} error={error} success={notice} className="w-full sm:w-auto" />
    </form>
  );
}
