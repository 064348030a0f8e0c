import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MovePickerProps } from '@/features/bookings/components/move-appointment';
import { TimeChooser } from '@/features/cart/components/time-picker';
import { StylistLead } from '@/features/cart/components/stylist-choice';
import { useSalonSettings } from '@/features/settings/api/get-settings';
import { useStaff } from '@/features/staff/api/get-staff';

/**
 * 'Move' opens the booking list's time picker (the bookings feature does not reach into the cart's,
 * so the pages hand it over): the same free times, leaving out the booking's own place. A booking
 * with a stylist keeps her unless another who performs the service is picked (the times are then
 * hers); a booking from before the salon had stylists moves as it was booked.
 */
function MoveTimePicker({ booking, onChoose, onCancel, note }: MovePickerProps & { note: string }) {
  const { t } = useTranslation('booking');
  const settings = useSalonSettings();
  const staff = useStaff();
  const [stylistId, setStylistId] = useState(booking.staffId);
  if (!settings.data) return null;
  const performers = (staff.data ?? []).filter((stylist) => stylist.serviceIds.includes(booking.serviceId) || stylist._id === booking.staffId);
  const offersStylists = booking.staffId !== null && performers.length > 1;
  const chosen = performers.find((stylist) => stylist._id === stylistId);
  return (
    <TimeChooser
      title={booking.title}
      titleBn={booking.title_bn}
      serviceId={booking.serviceId}
      // Her current time is shown as hers only among her own stylist's times.
      startsAt={stylistId === booking.staffId ? booking.startsAt : null}
      own={{ bookingId: booking._id }}
      // Unnamed, the server offers the booking's own stylist's times.
      staffId={stylistId !== booking.staffId ? (stylistId ?? undefined) : undefined}
      settings={settings.data}
      note={note}
      lead={
        offersStylists ? (
          <StylistLead
            // 'Any' is for a new booking; a booked visit has a person, kept or changed.
            stylists={performers}
            value={stylistId}
            onChange={(next) => setStylistId(next ?? booking.staffId)}
            withAny={false}
            note={booking.staffName ? t('move.keepsStylist', { name: booking.staffName }) : t('move.keepsHerStylist')}
          />
        ) : null
      }
      onChoose={(startsAt) => onChoose(startsAt, chosen && chosen._id !== booking.staffId ? { _id: chosen._id, name: chosen.name } : undefined)}
      onCancel={onCancel}
    />
  );
}

/** On her user home: she moves her own visit. */
export function CustomerMovePicker(props: MovePickerProps) {
  const { t } = useTranslation('booking');
  return <MoveTimePicker {...props} note={t('move.customerNote')} />;
}

/** In the order list and the admin home: the salon moves a customer's visit, and she is told by e-mail. */
export function SalonMovePicker(props: MovePickerProps) {
  const { t } = useTranslation('booking');
  return <MoveTimePicker {...props} note={t('move.salonNote', { name: props.booking.customer.name })} />;
}
