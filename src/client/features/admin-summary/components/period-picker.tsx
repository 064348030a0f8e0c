import { useId } from 'react';
import { PERIOD_PRESETS, type Period, type PeriodPreset } from '../period';

interface PeriodPickerProps {
  period: Period;
  onPreset: (preset: PeriodPreset) => void;
  onDates: (dates: { from: string; to: string }) => void;
}

/** Which days the figures cover: a preset, or two dates of the admin's choosing. */
export function PeriodPicker({ period, onPreset, onDates }: PeriodPickerProps) {
  const id = useId();
  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">Period</legend>
      <label className="form-control w-full sm:w-auto">
        <span className="mb-1 block text-sm font-medium">Period</span>
        <select className="select w-full rounded-full sm:w-48" value={period.preset} onChange={(event) => onPreset(event.target.value as PeriodPreset)}>
          {PERIOD_PRESETS.map((preset) => (
            <option key={preset.value} value={preset.value}>
              {preset.label}
            </option>
          ))}
        </select>
      </label>
      {period.preset === 'custom' ? (
        <>
          <label className="form-control min-w-0 flex-1 sm:flex-none">
            <span className="mb-1 block text-sm font-medium">From</span>
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
            <span className="mb-1 block text-sm font-medium">To</span>
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
          {period.message}
        </p>
      )}
    </fieldset>
  );
}
