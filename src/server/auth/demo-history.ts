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
  // Paid a week before the first visit.
  const paidAt = new Date(Math.min(...visits.map((visit) => visit.startsAt.getTime())) - 7 * DAY_MS);
  return (await recordPaidVisits(app, { customerId, key: `demo-history:${customerId}`, paidAt, visits })) ? visits.length : 0;
}

/** One visit as the payment path leaves it: the service's snapshot, the time, and the stylist when one does it. */
export interface DemoVisit {
  service: { id: string; title: string; titleBn: string | null; priceMinor: number; durationMinutes: number; imageUrl: string };
  startsAt: Date;
  endsAt: Date;
  status: 'confirmed' | 'completed';
  stylist?: { staffId: string; staffFreeAt: Date };
}

/**
 * Writes demo visits as one paid checkout: a succeeded charge in the test gateway's ledger (so the
 * admin can refund it), a payment, and a booking per visit. `key` makes it happen once: written
 * again with the same key (a restart), the gateway answers the same intent and the payment is
 * already there, so nothing is added. False when nothing was written (not the test gateway, or
 * written before).
 */
export async function recordPaidVisits(app: App, { customerId, key, paidAt, visits }: { customerId: string; key: string; paidAt: Date; visits: readonly DemoVisit[] }): Promise<boolean> {
  const gateway = app.payments.gateway;
  if (!(gateway instanceof TestGateway) || visits.length === 0) return false;
  const amountMinor = visits.reduce((sum, visit) => sum + visit.service.priceMinor, 0);
  const intent = await gateway.createIntent({ amountMinor, currency: SALON_CURRENCY, idempotencyKey: key });
  const charged = await gateway.charge(intent.clientSecret, '4242424242424242');
  if (charged.kind !== 'charged' && charged.kind !== 'already-paid') return false;

  return app.db.transaction(async (tx) => {
    const [payment] = await tx
      .insert(payments)
      .values({
        userId: customerId,
        amountMinor,
        currency: SALON_CURRENCY,
        gateway: gateway.name,
        gatewayRef: intent.ref,
        clientSecret: intent.clientSecret,
        cartFingerprint: key,
        status: 'succeeded',
        createdAt: paidAt,
        updatedAt: paidAt,
        paidAt,
      })
      .onConflictDoNothing({ target: payments.gatewayRef })
      .returning({ id: payments.id });
    if (!payment) return false;
    await tx.insert(bookings).values(
      visits.map((visit) => ({
        userId: customerId,
        paymentId: payment.id,
        cartItemId: randomUUID(),
        serviceId: visit.service.id,
        title: visit.service.title,
        // The booking's snapshot of the Bangla title too, as a checkout writes it (decision 050).
        titleBn: visit.service.titleBn,
        priceMinor: visit.service.priceMinor,
        onlineMinor: visit.service.priceMinor,
        durationMinutes: Math.round((visit.endsAt.getTime() - visit.startsAt.getTime()) / 60_000),
        imageUrl: visit.service.imageUrl,
        startsAt: visit.startsAt,
        endsAt: visit.endsAt,
        status: visit.status,
        createdAt: paidAt,
        // A completed visit was marked so when it ended.
        updatedAt: visit.status === 'completed' ? visit.endsAt : paidAt,
        ...(visit.stylist ?? {}),
      })),
    );
    return true;
  });
}
