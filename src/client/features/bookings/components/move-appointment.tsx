import { useId, useRef, useState, type ComponentType, type ReactNode, type RefObject } from 'react';
import { MoveRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Booking } from '@shared/payments';

/** What the time picker that moves a booking is given (the page supplies the picker: it is the booking list's). */
export interface MovePickerProps {
  booking: Booking;
  /** Saves the chosen time (and stylist, when another is picked); rejects with the server's refusal, which the picker shows. */
  onChoose: (startsAt: string, stylist?: { _id: string; name: string }) => Promise<void>;
  onCancel: () => void;
}

/** One booking's 'Move': whether its picker is open, and what choosing a time does. */
export interface MoveControl {
  open: boolean;
  toggle: (open: boolean) => void;
  MovePicker: ComponentType<MovePickerProps>;
  save: (startsAt: string, stylist?: { _id: string; name: string }) => Promise<void>;
}

/**
 * Which booking of a list has its time picker open (one at a time), and 'Move' for each booking
 * that may be moved. After a move the picker closes (not when she declined to confirm the time);
 * the action's own dialog then places focus.
 */
export function useMoveControls(
  MovePicker: ComponentType<MovePickerProps> | undefined,
  move: (booking: Booking, startsAt: string, stylist?: { _id: string; name: string }) => Promise<unknown>,
): (booking: Booking) => MoveControl | undefined {
  const [movingId, setMovingId] = useState<string | null>(null);
  return (booking) =>
    MovePicker && booking.canMove
      ? {
          open: movingId === booking._id,
          toggle: (open) => setMovingId(open ? booking._id : null),
          MovePicker,
          save: async (startsAt, stylist) => {
            // Undefined: she did not confirm the new time, and the picker stays open.
            if ((await move(booking, startsAt, stylist)) !== undefined) setMovingId(null);
          },
        }
      : undefined;
}

/**
 * A row's Move button and its picker panel share an id, and closing the picker returns focus to the
 * button ('Record payment' and its form use it the same way).
 */
export function useMoveDisclosure(control: Pick<MoveControl, 'toggle'> | undefined): MoveDisclosure {
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    control?.toggle(false);
    buttonRef.current?.focus();
  };
  return { panelId, buttonRef, close };
}

export interface MoveDisclosure {
  panelId: string;
  buttonRef: RefObject<HTMLButtonElement | null>;
  close: () => void;
}

export interface PanelButtonProps extends Omit<MoveDisclosure, 'close'> {
  control: { open: boolean; toggle: (open: boolean) => void };
  /** Which booking, for the button's name: 'Move Classic Manicure on Sat, 9 Mar 2030, 10:30'. */
  which: string;
  busy: boolean;
  describedBy?: string | undefined;
  /** Whether this layout shows the panel (the order list draws each booking twice, one layout hidden). */
  controlsPanel?: boolean;
}

/**
 * A booking's button that opens a panel under it (Move's time picker, Record payment's form): it
 * says whether the panel is open and points at it while the panel is in this layout.
 */
export function PanelButton({
  control,
  panelId,
  buttonRef,
  describedBy,
  controlsPanel = true,
  busy,
  name,
  className,
  children,
}: Omit<PanelButtonProps, 'which'> & { name: string; className: string; children: ReactNode }) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className={`btn rounded-full whitespace-nowrap btn-outline btn-sm ${className}`}
      disabled={busy}
      aria-label={name}
      aria-describedby={describedBy}
      aria-expanded={control.open}
      aria-controls={control.open && controlsPanel ? panelId : undefined}
      data-booking-action=""
      onClick={() => control.toggle(!control.open)}
    >
      {children}
    </button>
  );
}

export function MoveButton({ which, ...props }: PanelButtonProps & { control: MoveControl }) {
  const { t } = useTranslation('dashboard');
  return (
    <PanelButton {...props} name={t('visits.moveName', { which })} className="btn-primary">
      <MoveRight aria-hidden="true" className="size-4" />
      {t('visits.move')}
    </PanelButton>
  );
}

/** The open picker under its booking. */
export function MovePanel({ booking, control, panelId, close, className = '' }: { booking: Booking; control: MoveControl | undefined; className?: string } & Omit<MoveDisclosure, 'buttonRef'>) {
  if (!control?.open) return null;
  return (
    <div id={panelId} className={className}>
      <control.MovePicker booking={booking} onChoose={control.save} onCancel={close} />
    </div>
  );
}
