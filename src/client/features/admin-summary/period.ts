import { adminSummaryQuerySchema } from '@shared/admin-summary';
import { addCalendarDays } from '@shared/calendar';

/** The periods the admin's summary offers (their words are in the `admin` catalogue). */
export const PERIOD_PRESETS = [{ value: 'today' }, { value: '7d' }, { value: '30d' }, { value: 'month' }, { value: 'custom' }] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number]['value'];
export const DEFAULT_PRESET: PeriodPreset = '7d';

export type Period =
  | { preset: PeriodPreset; from: string; to: string; valid: true }
  | { preset: 'custom'; from: string; to: string; valid: false; message: string };

function isPreset(value: string | null): value is PeriodPreset {
  return PERIOD_PRESETS.some((preset) => preset.value === value);
}

/**
 * The period the URL asks for (?period=7d, or ?period=custom&from=&to=), on the salon's calendar.
 * Custom dates are checked with the same schema the server uses, so a bad range is explained here
 * rather than sent.
 */
export function periodFromSearch(search: URLSearchParams, today: string): Period {
  const asked = search.get('period');
  const preset: PeriodPreset = isPreset(asked) ? asked : DEFAULT_PRESET;
  switch (preset) {
    case 'today':
      return { preset, from: today, to: today, valid: true };
    case '7d':
      return { preset, from: addCalendarDays(today, -6), to: today, valid: true };
    case '30d':
      return { preset, from: addCalendarDays(today, -29), to: today, valid: true };
    case 'month':
      return { preset, from: `${today.slice(0, 8)}01`, to: today, valid: true };
    case 'custom': {
      const from = search.get('from') ?? addCalendarDays(today, -6);
      const to = search.get('to') ?? today;
      const checked = adminSummaryQuerySchema.safeParse({ from, to });
      if (checked.success) return { preset, from, to, valid: true };
      return { preset, from, to, valid: false, message: checked.error.issues[0]?.message ?? 'Choose a valid period' };
    }
  }
}
