import { randomUUID } from 'node:crypto';
import { inArray, isNull, and } from 'drizzle-orm';
import type { App } from '../types.js';
import { bookings, payments, services } from '../db/schema.js';
import { instantToZoned, zonedTimeToInstant } from '../../shared/calendar.js';
import type { SalonSettings } from '../../shared/salon-settings.js';
import { TestGateway } from '../payments/test-gateway.js';
import { SALON_CURRENCY } from '../../shared/money.js';

const DAY_MS = 86_400_000;

/** The demo customer's past visits: what she had, how many open days ago, at what salon time. */
const PAST_VISITS = [
  { title: 'Signature Glow Facial', openDaysAgo: 6, time: '11:00', status: 'completed' as const },
  { title: 'Classic Manicure', openDaysAgo: 1, time: '15:00', status: 'confirmed' as const },
];

/** The calendar date `count` open days before today in the salon's zone (closed days skipped). */
function openDayBefore(now: Date, count: number, settings: SalonSettings): string {
  let instant = now.getTime();
  let found = 0;
  for (;;) {
    instant -= DAY_MS;
    const local = instantToZoned(new Date(instant), settings.timeZone);
    if (settings.openingHours[local.weekday] && !settings.closedDates.includes(local.date)) found += 1;
    if (found === count) return local.date;
  }
}

/**
 * Gives the new demo customer a history, so a newcomer's admin pages are not empty: one paid visit
 * with a completed facial last week and a manicure yesterday that the admin can mark completed.
 * Written as the payment path would have left them (a succeeded charge in the test gateway's
 * ledger, a payment, one booking per item with its snapshot). Only with the test gateway: a real
 * processor would have no record of the charge, so it could never refund it.
 * Answers how many bookings it wrote.
 */
export async function seedDemoHistory(app: App, customerId: string): Promise<number> {
  const gateway = app.payments.gateway;
  if (!(gateway instanceof TestGateway)) return 0;
  const settings = await app.salonSettings.get();
  const now = new Date();
  const titles = PAST_VISITS.map((visit) => visit.title);
  const rows = await app.db.select().from(services).where(and(inArray(services.title, titles), isNull(services.deletedAt)));
  const visits = PAST_VISITS.flatMap((visit) => {
    const service = rows.find((row) => row.title === visit.title);
    const startsAt = zonedTimeToInstant(openDayBefore(now, visit.openDaysAgo, settings), visit.time, settings.timeZone);
    return service && startsAt ? [{ ...visit, service, startsAt, endsAt: new Date(startsAt.getTime() + service.durationMinutes * 60_000) }] : [];
  });
  if (visits.length === 0) return 0;

  const amountMinor = visits.reduce((sum, visit) => sum + visit.service.priceMinor, 0);
  const intent = await gateway.createIntent({ amountMinor, currency: SALON_CURRENCY, idempotencyKey: `demo-history:${customerId}` });
  const charged = await gateway.charge(intent.clientSecret, '4242424242424242');
  if (charged.kind !== 'charged' && charged.kind !== 'already-paid') return 0;

  // Paid a week before the first visit.
  const paidAt = new Date(Math.min(...visits.map((visit) => visit.startsAt.getTime())) - 7 * DAY_MS);
  await app.db.transaction(async (tx) => {
    const [payment] = await tx
      .insert(payments)
      .values({
        userId: customerId,
        amountMinor,
        currency: SALON_CURRENCY,
        gateway: gateway.name,
        gatewayRef: intent.ref,
        clientSecret: intent.clientSecret,
        cartFingerprint: `demo-history:${customerId}`,
        status: 'succeeded',
        createdAt: paidAt,
        updatedAt: paidAt,
        paidAt,
      })
      .onConflictDoNothing({ target: payments.gatewayRef })
      .returning({ id: payments.id });
    if (!payment) return;
    await tx.insert(bookings).values(
      visits.map((visit) => ({
        userId: customerId,
        paymentId: payment.id,
        cartItemId: randomUUID(),
        serviceId: visit.service.id,
        title: visit.service.title,
        priceMinor: visit.service.priceMinor,
        onlineMinor: visit.service.priceMinor,
        durationMinutes: visit.service.durationMinutes,
        imageUrl: visit.service.imageUrl,
        startsAt: visit.startsAt,
        endsAt: visit.endsAt,
        status: visit.status,
        createdAt: paidAt,
        // A completed visit was marked so when it ended.
        updatedAt: visit.status === 'completed' ? visit.endsAt : paidAt,
      })),
    );
  });
  return visits.length;
}
