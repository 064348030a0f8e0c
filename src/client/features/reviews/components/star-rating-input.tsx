import { useId } from 'react';
import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/hooks/use-error-text';

interface StarRatingInputProps {
  /** The group's visible name. */
  label: string;
  value: number | undefined;
  onChange: (rating: number) => void;
  onBlur?: () => void;
  name: string;
  error?: string | undefined;
}

const RATINGS = [1, 2, 3, 4, 5] as const;

/**
 * A rating from 1 to 5 as five real radio buttons drawn as stars: the browser gives them the
 * radio group's keyboard (Tab into the group, arrows to move and choose) and screen readers read
 * '4 stars, radio, 4 of 5'. The focused star gets a visible ring.
 */
export function StarRatingInput({ label, value, onChange, onBlur, name, error }: StarRatingInputProps) {
  const { t } = useTranslation('reviews');
  const errorText = useErrorText();
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  return (
    <div>
      <p id={labelId} className="mb-1.5 block text-sm font-medium text-base-content">
        {label}
      </p>
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
        className="flex flex-wrap items-center gap-1"
      >
        {RATINGS.map((rating) => {
          const lit = value !== undefined && rating <= value;
          return (
            <label
              key={rating}
              className="grid size-11 cursor-pointer place-items-center rounded-full transition-colors hover:bg-blush has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary"
            >
              <input
                type="radio"
                name={name}
                value={rating}
                checked={value === rating}
                onChange={() => onChange(rating)}
                onBlur={onBlur}
                aria-label={t('stars.name', { count: rating })}
                className="sr-only"
              />
              <Star aria-hidden="true" className={`size-8 ${lit ? 'fill-accent text-accent' : 'fill-transparent text-base-content/45'}`} />
            </label>
          );
        })}
        <span aria-hidden="true" className="ml-2 text-sm text-base-content/75">
          {value === undefined ? t('stars.none') : t('stars.value', { value, max: RATINGS.length })}
        </span>
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-error">
          {errorText(error)}
        </p>
      ) : null}
    </div>
  );
}
