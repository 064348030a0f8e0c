import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/hooks/use-error-text';
import { PERIOD_PRESETS, type Period, type PeriodPreset } from '../period';

interface PeriodPickerProps {
  period: Period;
  onPreset: (preset: PeriodPreset) => void;
  onDates: (dates: { from: string; to: string }) => void;
}

/** Which days the figures cover: a preset, or two dates of the admin's choosing. */
export function PeriodPicker({ period, onPreset, onDates }: PeriodPickerProps) {
  const id = useId();
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  // Every preset's name, literally, for the catalogue's check that each key is used.
  const presetLabels: Record<PeriodPreset, string> = {
    today: t('period.today'),
    '7d': t('period.7d'),
    '30d': t('period.30d'),
    month: t('period.month'),
    custom: t('period.custom'),
  };
  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">{t('period.label')}</legend>
      <label className="form-control w-full sm:w-auto">
        <span className="mb-1 block text-sm font-medium">{t('period.label')}</span>
        <select className="select w-full rounded-full sm:w-48" value={period.preset} onChange={(event) => onPreset(event.target.value as PeriodPreset)}>
          {PERIOD_PRESETS.map((preset) => (
            <option key={preset.value} value={preset.value}>
              {presetLabels[preset.value]}
            </option>
          ))}
        </select>
      </label>
      {period.preset === 'custom' ? (
        <>
          <label className="form-control min-w-0 flex-1 sm:flex-none">
            <span className="mb-1 block text-sm font-medium">{t('period.from')}</span>
            <input
              type="date"
              className="input w-full rounded-full"
              value={period.from}
              aria-invalid={!period.valid || undefined}
              aria-describedby={period.valid ? undefined : `${id}-error`}
              onChange={(event) => event.target.value && onDates({ from: event.target.value, to: period.to })}
            />
          </label>
          <label className="form-control min-w-0 flex-1 sm:flex-none">
            <span className="mb-1 block text-sm font-medium">{t('period.to')}</span>
            <input
              type="date"
              className="input w-full rounded-full"
              value={period.to}
              aria-invalid={!period.valid || undefined}
              aria-describedby={period.valid ? undefined : `${id}-error`}
              onChange={(event) => event.target.value && onDates({ from: period.from, to: event.target.value })}
            />
          </label>
        </>
      ) : null}
      {period.valid ? null : (
        <p id={`${id}-error`} role="alert" className="w-full text-sm font-medium text-error">
          {errorText(period.message)}
        </p>
      )}
    </fieldset>
  );
}
