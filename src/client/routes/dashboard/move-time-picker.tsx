import type { MovePickerProps } from '../../features/bookings/components/move-appointment';
import { TimeChooser } from '../../features/cart/components/time-picker';
import { useSalonSettings } from '../../features/settings/api/get-settings';

/**
 * 'Move' opens the booking list's time picker (the bookings feature does not reach into the cart's,
 * so the pages hand it over): the same free times, leaving out the booking's own place.
 */
function MoveTimePicker({ booking, onChoose, onCancel, note }: MovePickerProps & { note: string }) {
  const settings = useSalonSettings();
  if (!settings.data) return null;
  return (
    <TimeChooser
      title={booking.title}
      serviceId={booking.serviceId}
      startsAt={booking.startsAt}
      own={{ bookingId: booking._id }}
      settings={settings.data}
      note={note}
      onChoose={onChoose}
      onCancel={onCancel}
    />
  );
}

/** On her user home: she moves her own visit. */
export function CustomerMovePicker(props: MovePickerProps) {
  return <MoveTimePicker {...props} note="Your appointment moves as soon as you pick a new time." />;
}

/** In the order list and the admin home: the salon moves a customer's visit, and she is told by e-mail. */
export function SalonMovePicker(props: MovePickerProps) {
  return <MoveTimePicker {...props} note={`The appointment moves as soon as you pick a new time, and ${props.booking.customer.name} gets an e-mail with it.`} />;
}
