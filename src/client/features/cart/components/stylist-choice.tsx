import { useId, type ReactNode } from 'react';
import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Staff } from '@shared/staff';
import { UserAvatar } from '@/components/ui/user-avatar';

interface StylistChoiceProps {
  /** The stylists who perform the service, in the Team page's order. */
  stylists: readonly Staff[];
  /** The chosen stylist's id; null for any stylist. */
  value: string | null;
  onChange: (staffId: string | null) => void;
  /** Said under the legend and read with the group: what a change does to a held time. */
  note?: string | undefined;
  /** Puts the focus on the chosen option when it first appears (the picker's first question). */
  autoFocus?: boolean;
  /** Whether 'Any stylist' is offered (a new booking); a booked visit moves with a person. */
  withAny?: boolean;
}

const optionClass =
  'flex min-h-11 max-w-full cursor-pointer items-center gap-2 rounded-full border border-base-300 bg-base-100 py-1 pr-3 pl-1.5 text-sm ' +
  'has-checked:border-primary has-checked:bg-primary/10 has-checked:font-semibold ' +
  'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary';

/**
 * 'Any stylist' or one who performs the service, as real radio buttons in a fieldset: the browser
 * gives them the group's keyboard (Tab in, arrows to move and choose) and its name from the legend.
 * Each option is a pill with her photo (or initials) and name that wraps onto the next line rather
 * than pushing the page sideways on a narrow phone.
 */
export function StylistChoice({ stylists, value, onChange, note, autoFocus = false, withAny = true }: StylistChoiceProps) {
  const { t } = useTranslation('booking');
  const name = useId();
  const noteId = useId();
  const options: { id: string | null; label: string; photo: string | null }[] = [
    ...(withAny ? [{ id: null, label: t('anyStylist'), photo: null }] : []),
    ...stylists.map((stylist) => ({ id: stylist._id, label: stylist.name, photo: stylist.photo_url })),
  ];

  return (
    <fieldset aria-describedby={note ? noteId : undefined}>
      <legend className="mb-1.5 text-sm font-medium">{t('stylist')}</legend>
      {note ? (
        <p id={noteId} className="mb-2 text-xs text-base-content/75">
          {note}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label key={option.id ?? 'any'} className={optionClass}>
            <input
              type="radio"
              name={name}
              className="sr-only"
              checked={option.id === value}
              // Only the checked option takes the focus: the group is one Tab stop.
              autoFocus={autoFocus && option.id === value}
              onChange={() => onChange(option.id)}
            />
            {/* The name beside it says who she is; the picture is decoration here. */}
            <span aria-hidden="true" className="flex shrink-0">
              {option.id === null ? (
                <span className="grid size-8 shrink-0 place-items-center rounded-full bg-base-200 text-base-content/75">
                  <Users className="size-4" />
                </span>
              ) : (
                <UserAvatar name={option.label} image={option.photo} size={32} ring="none" />
              )}
            </span>
            {/* A stylist's name is hers, not translated. */}
            <span translate={option.id === null ? undefined : 'no'} className="min-w-0 [overflow-wrap:break-word]">
              {option.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The choice of stylist as a time picker's first question (its `lead`): it takes the focus when
 * the picker opens; what the picker says about the choice (a refusal, a time let go) goes under it.
 */
export function StylistLead({ children, ...choice }: Omit<StylistChoiceProps, 'autoFocus'> & { children?: ReactNode }) {
  return (
    <div className="mt-4">
      <StylistChoice {...choice} autoFocus />
      {children}
    </div>
  );
}
