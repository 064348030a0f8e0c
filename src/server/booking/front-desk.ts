import type { Db } from '../db/client.js';
import type { TeamRosterSource } from '../repositories/staff.js';
import type { PaymentService } from '../payments/payment-service.js';
import type { SalonSettings } from '../../shared/salon-settings.js';
import type { DeskBookingInput, DeskBookingResult } from '../../shared/front-desk.js';
import { fromMinorUnits } from '../../shared/money.js';
import { HttpError, notFound } from '../http-error.js';
import { addDeskItems, findDeskCustomer, removeDeskItems } from '../repositories/front-desk.js';
import { holdTime } from './holds.js';
import { asHers } from './refusals.js';
import { englishMessage } from '../../shared/i18n/message-templates.js';

/**
 * Books visits for a customer at the front desk (docs/decisions/046). Each visit is placed on a
 * list item of the desk's (never her online list) and held with holdTime, exactly as her own hold
 * would be (capacity, the stylist, her other appointments, under the cells' locks), with the salon's
 * rules rather than a customer's: no minimum notice (she is standing at the counter). Then the items
 * are booked as one order paid at the salon (PaymentService.bookAtDesk) and, when she pays now,
 * the price of each visit is recorded at the counter.
 *
 * A time refused on the way (someone took it while the desk filled the form) books nothing: the
 * items held so far are removed and the refusal names the visit. Each hold commits on its own, as
 * a customer's do; a booking is all of them or none (a refusal of the confirmation itself, which the
 * holds make all but impossible, cancels its bookings as online).
 */
export async function bookAtFrontDesk(
  deps: { db: Db; payments: PaymentService; settings: SalonSettings; team: TeamRosterSource },
  adminId: string,
  input: DeskBookingInput,
): Promise<DeskBookingResult> {
  const { db, payments, settings, team } = deps;
  const customer = await findDeskCustomer(db, input.customerId);
  if (!customer) throw notFound('Customer');
  const itemIds = await addDeskItems(db, customer._id, input.items);
  if (!itemIds) throw new HttpError(400, 'One of the services is no longer offered.', [{ path: 'items', message: 'Choose the services again' }]);

  const rules: SalonSettings = { ...settings, minNoticeMinutes: 0 };
  let booked = false;
  try {
    for (const [index, item] of input.items.entries()) {
      try {
        await holdTime(db, { userId: customer._id, itemId: itemIds[index]!, startsAt: new Date(item.startsAt), staffId: item.staffId, settings: rules, team });
      } catch (error) {
        throw error instanceof HttpError ? forVisit(error, index) : error;
      }
    }
    const { paymentId, confirmed } = await payments.bookAtDesk(customer._id, itemIds, adminId);
    booked = true;
    if (confirmed.length === 0) throw new HttpError(409, 'The times were taken while booking. Nothing was booked: choose other times.');
    if (input.payment.when === 'now') {
      for (const booking of confirmed) {
        await payments.recordCounterPayment(booking.id, { amountMinor: booking.priceMinor, method: input.payment.method }, adminId);
      }
    }
    // After the counter payments, so that her e-mail says she has paid (a walk-in without an
    // address is skipped by the mail job: shared/account.ts receivesEmail).
    await payments.queueConfirmation(paymentId);
    if (confirmed.length !== itemIds.length) {
      // The holds make this all but impossible: a time lost between its hold and the booking.
      const only = { count: confirmed.length, titles: confirmed.map((b) => b.title).join(', ') };
      throw new HttpError(
        409,
        englishMessage(
          {
            one: 'A time was taken while booking: only {{titles}} was booked. Check her appointments.',
            other: 'A time was taken while booking: only {{titles}} were booked. Check her appointments.',
          },
          only,
        ),
      );
    }
    return {
      customer,
      bookings: confirmed.map((b) => ({
        _id: b.id,
        title: b.title,
        title_bn: b.titleBn,
        startsAt: b.startsAt.toISOString(),
        endsAt: b.endsAt.toISOString(),
        staffName: b.staffName,
        price: fromMinorUnits(b.priceMinor),
        paid: input.payment.when === 'now' ? fromMinorUnits(b.priceMinor) : 0,
      })),
      // A walk-in who gave no e-mail has none (her placeholder receives nothing: shared/account.ts).
      emailed: customer.email !== null,
    };
  } finally {
    // Booked items were cleared by the booking; a refused request leaves nothing held.
    if (!booked) await removeDeskItems(db, customer._id, itemIds);
  }
}

/** A hold's refusal, said of the visit it refused (the desk books several at once) and of her. */
function forVisit(error: HttpError, index: number): HttpError {
  const message = asHers(error.message);
  const field = error.issues?.[0]?.path === 'staffId' ? 'staffId' : 'startsAt';
  return new HttpError(error.statusCode, message, [{ path: `items.${index}.${field}`, message }], error.banglaValues);
}
