import { useId, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isCalendarDate } from '@shared/salon-settings';

export interface ListFilterValues {
  /** Salon-calendar days, YYYY-MM-DD, inclusive. */
  from: string | undefined;
  to: string | undefined;
  status: string | undefined;
}

export interface StatusOption {
  value: string;
  label: string;
}

type FilterName = keyof ListFilterValues;

/**
 * Date-range and status filters kept in the URL's search params, so a filtered list can be
 * bookmarked, shared and survives a reload. Anything malformed in the URL is ignored rather than
 * sent to the server (which would refuse it).
 */
export function useListFilters(statusOptions: readonly StatusOption[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const date = (name: 'from' | 'to') => {
    const value = searchParams.get(name);
    return value && isCalendarDate(value) ? value : undefined;
  };
  const status = searchParams.get('status');
  const filters: ListFilterValues = {
    from: date('from'),
    to: date('to'),
    status: status && statusOptions.some((option) => option.value === status) ? status : undefined,
  };

  const setFilter = (name: FilterName, value: string) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      // Each change replaces the entry: Back leaves the page instead of undoing one filter at a time.
      { replace: true },
    );
  };
  const clear = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of ['from', 'to', 'status']) next.delete(name);
        return next;
      },
      { replace: true },
    );

  return { filters, setFilter, clear, isFiltered: Boolean(filters.from || filters.to || filters.status) };
}

interface FilterSelectProps {
  label: string;
  value: string | undefined;
  options: readonly StatusOption[];
  onChange: (value: string) => void;
}

/** One choice of a filter bar, 'All' (no filter) first. */
export function FilterSelect({ label, value, options, onChange }: FilterSelectProps) {
  const { t } = useTranslation('ui');
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
        {label}
      </label>
      <select id={id} className="select select-sm" value={value ?? ''} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('filters.all')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

interface FilterBarProps {
  label: string;
  isFiltered: boolean;
  onClear: () => void;
  children: ReactNode;
}

/** The frame of a list's filters: a search landmark, its filters, and 'Clear filters' while any is set. */
export function FilterBar({ label, isFiltered, onClear, children }: FilterBarProps) {
  const { t } = useTranslation('ui');
  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={(event) => event.preventDefault()}
      className="mt-8 flex flex-wrap items-end gap-4 rounded-box bg-base-100 p-4 shadow-soft ring-1 ring-base-300/70"
    >
      {children}
      {isFiltered ? (
        <button type="button" className="btn rounded-full btn-ghost btn-sm" onClick={onClear}>
          <X aria-hidden="true" className="size-4" />
          {t('filters.clear')}
        </button>
      ) : null}
    </form>
  );
}

interface ListFiltersProps {
  label: string;
  statusOptions: readonly StatusOption[];
  filters: ListFilterValues;
  onChange: (name: FilterName, value: string) => void;
  onClear: () => void;
}

/** The filter bar above the order list and the admin's payment history. */
export function ListFilters({ label, statusOptions, filters, onChange, onClear }: ListFiltersProps) {
  const { t } = useTranslation('ui');
  const id = useId();
  return (
    <FilterBar label={label} isFiltered={Boolean(filters.from || filters.to || filters.status)} onClear={onClear}>
      <div>
        <label htmlFor={`${id}-from`} className="mb-1.5 block text-sm font-medium">
          {t('filters.from')}
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className="input input-sm"
          value={filters.from ?? ''}
          max={filters.to}
          onChange={(event) => onChange('from', event.target.value)}
        />
      </div>
      <div>
        <label htmlFor={`${id}-to`} className="mb-1.5 block text-sm font-medium">
          {t('filters.to')}
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className="input input-sm"
          value={filters.to ?? ''}
          min={filters.from}
          onChange={(event) => onChange('to', event.target.value)}
        />
      </div>
      <FilterSelect label={t('filters.status')} value={filters.status} options={statusOptions} onChange={(value) => onChange('status', value)} />
    </FilterBar>
  );
}
