import type { RefObject } from 'react';
import type { Booking } from '@shared/payments';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { cancellationWords, type CancellationKey, type CancellationSay } from './booking-money';
import { useLanguage } from '@/hooks/use-language';
import { useSalonFormat } from '@/hooks/use-salon-format';
import { confirmDialog, showError, showSuccess, toast, undoToast } from '@/lib/dialogs';
import { useChangeBookingStatus } from './api/change-booking-status';
import { useMoveBooking } from './api/move-booking';
import { useRecordCounterPayment, type CounterPaymentInput } from './api/record-counter-payment';
import { useHandBackCounterMoney } from './api/hand-back-counter-money';
import { focusTarget, keepFocusInPlace, rememberPlace } from './focus-after-action';

export interface BookingList {
  /** The element holding the list's bookings, where focus looks for the next action. */
  scope: RefObject<HTMLElement | null>;
  /** Where focus goes when no booking in the list has an action left. */
  heading: RefObject<HTMLElement | null>;
  timeZone: string;
  /** The salon's cancellation notice, so the cancel dialog says whether her deposit is kept. */
  cancelNoticeHours?: number | undefined;
}

/**
 * Cancel, move, mark completed and mark a no-show, each asked first in a dialog that names the
 * visit ('Move Classic Manicure to Sat 28 Nov 11:30?'), as the user home, the order list and the
 * admin's today list show them. A mark can be taken back: a toast offers 'Undo' for a few seconds.
 * `audience` only changes who the messages speak to. When a dialog closes, focus goes to the
 * booking's next action, or a neighbour's, or the list's heading (never <body>: the next Tab would
 * restart at the top).
 */
export function useBookingActions(audience: 'customer' | 'admin', list: BookingList) {
  const change = useChangeBookingStatus();
  const moving = useMoveBooking();
  const recording = useRecordCounterPayment();
  const handingBack = useHandBackCounterMoney();
  const { t } = useTranslation('booking-actions');
  const language = useLanguage();
  const format = useSalonFormat();
  const placeOf = (booking: Booking) => rememberPlace(list.scope.current, booking._id, list.heading.current);
  const when = (instant: string) => format.shortDateTime(instant, list.timeZone);
  // English keeps cancellationWords' own sentences; another language says them from its catalogue.
  const say: CancellationSay | undefined = language === 'en' ? undefined : (key, values) => sayIn(t, format.money, key, values);
  const methodName = (method: CounterPaymentInput['method']) =>
    ({ cash: t('method.cash'), card: t('method.card'), bkash: t('method.bkash'), nagad: t('method.nagad') })[method];

  const cancel = async (booking: Booking) => {
    const words = cancellationWords(booking, audience, list.cancelNoticeHours, undefined, say);
    const confirmed = await confirmDialog({
      title: t('cancel.title', { title: booking.title, when: when(booking.startsAt) }),
      text: words.warning,
      icon: 'warning',
      confirmButtonText: t('cancel.confirm'),
      cancelButtonText: t('cancel.keep'),
    });
    if (!confirmed) return;
    const place = placeOf(booking);
    change.mutate(
      { booking, action: 'cancel' },
      {
        onSuccess: () =>
          void showSuccess({
            title: t('cancel.done'),
            text: words.done,
            focusAfter: () => focusTarget(place),
          }),
        onError: (error) => void showError({ title: t('cancel.failed'), text: error.message, focusAfter: () => focusTarget(place) }),
      },
    );
  };

  /**
   * Saves a new time chosen in the time picker once she confirms it; rejects with the server's
   * refusal, which the picker shows. Answers undefined when she thought better of it (the picker
   * stays open).
   */
  const move = async (booking: Booking, startsAt: string, stylist?: { _id: string; name: string }) => {
    const another = stylist && stylist._id !== booking.staffId ? stylist : undefined;
    const confirmed = await confirmDialog({
      title: another
        ? t('move.titleWith', { title: booking.title, when: when(startsAt), name: another.name })
        : t('move.title', { title: booking.title, when: when(startsAt) }),
      text: audience === 'customer' ? undefined : t('move.emailed', { name: booking.customer.name }),
      icon: 'question',
      confirmButtonText: t('move.confirm'),
      cancelButtonText: t('move.keep'),
    });
    if (!confirmed) return undefined;
    const place = placeOf(booking);
    const moved = await moving.mutateAsync({ booking, startsAt, staffId: another?._id });
    void showSuccess({
      title: t('move.done'),
      text:
        another && moved.staffName
          ? t('move.nowOnWith', { title: moved.title, when: format.dateTime(moved.startsAt, list.timeZone), name: moved.staffName })
          : t('move.nowOn', { title: moved.title, when: format.dateTime(moved.startsAt, list.timeZone) }),
      focusAfter: () => focusTarget(place),
    });
    return moved;
  };

  /** 'Undo' after a mark: back to confirmed (the server allows it for 24 hours). */
  const reopen = (booking: Booking, place: ReturnType<typeof placeOf>) =>
    change.mutate(
      { booking, action: 'reopen' },
      {
        onSuccess: () => {
          void toast({ title: t('mark.reopened', { title: booking.title }) });
          keepFocusInPlace(place);
        },
        onError: (error) => void showError({ title: t('mark.undoFailed'), text: error.message, focusAfter: () => focusTarget(place) }),
      },
    );

  const mark = async (booking: Booking, action: 'complete' | 'no-show') => {
    const confirmed = await confirmDialog({
      title: t(action === 'complete' ? 'mark.completeTitle' : 'mark.noShowTitle', { title: booking.title, name: booking.customer.name, when: when(booking.startsAt) }),
      icon: 'question',
      confirmButtonText: action === 'complete' ? t('mark.completeConfirm') : t('mark.noShowConfirm'),
      cancelButtonText: t('mark.notYet'),
    });
    if (!confirmed) return;
    const place = placeOf(booking);
    change.mutate(
      { booking, action },
      {
        onSuccess: () => {
          void undoToast({ title: t(action === 'complete' ? 'mark.completed' : 'mark.noShow', { title: booking.title }), focusAfter: () => focusTarget(place) }).then((undo) => {
            if (undo) reopen(booking, place);
          });
          keepFocusInPlace(place);
        },
        onError: (error) =>
          void showError({ title: t(action === 'complete' ? 'mark.completeFailed' : 'mark.noShowFailed'), text: error.message, focusAfter: () => focusTarget(place) }),
      },
    );
  };

  /**
   * Money taken at the counter (admin): saved, then a toast says so. Rejects with the server's
   * refusal, which the form shows under the amount. Focus stays in the list: on the booking's
   * next action when 'Record payment' has gone (the visit is paid in full).
   */
  const record = async (booking: Booking, input: CounterPaymentInput) => {
    const place = placeOf(booking);
    const recorded = await recording.mutateAsync({ booking, input });
    void toast({ title: t('record.done', { money: format.money(input.amount), method: methodName(input.method), name: booking.customer.name }) });
    keepFocusInPlace(place);
    return recorded;
  };

  /**
   * The admin records that the counter money of a visit she cancelled online went back to her,
   * once she confirms (it cannot be undone); a toast says so. Refused (another desk recorded it
   * first): the error says why, and the refetched list shows it given back.
   */
  const handBack = async (booking: Booking) => {
    const money = format.money(booking.money.handBackDue);
    const confirmed = await confirmDialog({
      title: t('handBack.title', { money, name: booking.customer.name }),
      text: t('handBack.text', { title: booking.title, when: when(booking.startsAt) }),
      icon: 'question',
      confirmButtonText: t('handBack.confirm'),
      cancelButtonText: t('handBack.keep'),
    });
    if (!confirmed) return;
    const place = placeOf(booking);
    handingBack.mutate(
      { booking },
      {
        onSuccess: () => {
          void toast({ title: t('handBack.done', { money, name: booking.customer.name }) });
          keepFocusInPlace(place);
        },
        onError: (error) => void showError({ title: t('handBack.failed'), text: error.message, focusAfter: () => focusTarget(place) }),
      },
    );
  };

  return {
    cancel,
    record,
    handBack,
    move,
    complete: (booking: Booking) => void mark(booking, 'complete'),
    noShow: (booking: Booking) => void mark(booking, 'no-show'),
    busyId: change.isPending
      ? change.variables.booking._id
      : moving.isPending
        ? moving.variables.booking._id
        : recording.isPending
          ? recording.variables.booking._id
          : handingBack.isPending
            ? handingBack.variables.booking._id
            : null,
  };
}

/** cancellationWords' sentences from the `booking-actions` catalogue (every key written out: the catalogue check looks for them). */
function sayIn(t: TFunction<'booking-actions'>, money: (amount: number) => string, key: CancellationKey, values: Parameters<CancellationSay>[1]): string {
  const { amount = 0, name = '', where = '', method } = values;
  const options = { money: money(amount), name, where };
  if (key === 'whereYou' || key === 'whereHer') {
    const you = key === 'whereYou';
    const places: Record<string, string> = {
      card: you ? t('cancel.whereYou.card') : t('cancel.whereHer.card'),
      bkash: you ? t('cancel.whereYou.bkash') : t('cancel.whereHer.bkash'),
      nagad: you ? t('cancel.whereYou.nagad') : t('cancel.whereHer.nagad'),
      rocket: you ? t('cancel.whereYou.rocket') : t('cancel.whereHer.rocket'),
      bank: you ? t('cancel.whereYou.bank') : t('cancel.whereHer.bank'),
    };
    return places[method ?? ''] ?? (you ? t('cancel.whereYou.unknown') : t('cancel.whereHer.unknown'));
  }
  const sentences: Record<Exclude<CancellationKey, 'whereYou' | 'whereHer'>, () => string> = {
    counterYou: () => t('cancel.counterYou', options),
    counterWarning: () => t('cancel.counterWarning', options),
    counterDone: () => t('cancel.counterDone', options),
    keepsDeposit: () => t('cancel.keepsDeposit', options),
    keepsDepositDone: () => t('cancel.keepsDepositDone'),
    nothingPaid: () => t('cancel.nothingPaid'),
    nothingCharged: () => t('cancel.nothingCharged'),
    refundOnWayYou: () => t('cancel.refundOnWayYou'),
    refundOnWayHer: () => t('cancel.refundOnWayHer', options),
    depositRefundYou: () => t('cancel.depositRefundYou', options),
    depositRefundHer: () => t('cancel.depositRefundHer', options),
    refund: () => t('cancel.refund', options),
  };
  return sentences[key]();
}
