import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { account, cartItems, contactMessages, outbox, services, session, user } from '../db/schema.js';
import { EXPORT_ROW_LIMIT, listBookings, listPayments } from '../repositories/bookings.js';
import { listReviewsOf } from '../repositories/reviews.js';
import { outboxStatusSchema } from '../../shared/outbox.js';
import { MY_DATA_FORMAT, type MyData } from '../../shared/account.js';
import { readMyPhone } from '../repositories/phones.js';
import { smsOfUser } from '../repositories/sms.js';
import { wishesOfUser } from '../repositories/waitlist.js';
import type { SalonSettings } from '../../shared/salon-settings.js';

/**
 * Everything the salon keeps about one customer. Each part is read by her own id, or by her own
 * e-mail address for what is filed by address (contact messages, e-mails sent); the appointment and
 * payment parts are the lists her own pages show (a customer's view, even for an admin), so they
 * hold nothing of anyone else.
 */
export async function exportMyData(db: Db, userId: string, settings: SalonSettings, now: Date): Promise<MyData> {
  const [me] = await db.select().from(user).where(eq(user.id, userId));
  if (!me) throw new Error('the signed-in user has no row');
  const email = me.email.toLowerCase();
  const asCustomer = { id: userId, role: 'user' as const };

  const [methods, sessions, listItems, bookings, payments, reviews, messages, mails, mobile, texts, wishes] = await Promise.all([
    db.select({ providerId: account.providerId }).from(account).where(eq(account.userId, userId)).orderBy(asc(account.createdAt)),
    db.select().from(session).where(eq(session.userId, userId)).orderBy(asc(session.createdAt)),
    db
      .select({ item: cartItems, title: services.title })
      .from(cartItems)
      .innerJoin(services, eq(services.id, cartItems.serviceId))
      .where(eq(cartItems.userId, userId))
      .orderBy(asc(cartItems.createdAt)),
    listBookings(db, asCustomer, { when: 'all' }, settings, now, EXPORT_ROW_LIMIT),
    listPayments(db, asCustomer, {}, settings, EXPORT_ROW_LIMIT),
    listReviewsOf(db, userId),
    db.select().from(contactMessages).where(eq(sql`lower(${contactMessages.email})`, email)).orderBy(asc(contactMessages.createdAt)),
    db.select().from(outbox).where(eq(sql`lower(${outbox.to})`, email)).orderBy(asc(outbox.createdAt)),
    readMyPhone(db, userId),
    smsOfUser(db, userId),
    wishesOfUser(db, userId),
  ]);

  return {
    format: MY_DATA_FORMAT,
    exportedAt: now.toISOString(),
    profile: {
      id: me.id,
      name: me.name,
      email: me.email,
      image: me.image,
      role: me.role === 'admin' ? 'admin' : 'user',
      createdAt: me.createdAt.toISOString(),
      signInMethods: [...new Set(methods.map((m) => m.providerId))],
    },
    sessions: sessions.map((s) => ({ createdAt: s.createdAt.toISOString(), expiresAt: s.expiresAt.toISOString(), ipAddress: s.ipAddress, userAgent: s.userAgent })),
    bookingList: listItems.map(({ item, title }) => ({
      id: item.id,
      serviceId: item.serviceId,
      title,
      startsAt: item.startsAt?.toISOString() ?? null,
      holdExpiresAt: item.holdExpiresAt?.toISOString() ?? null,
      addedAt: item.createdAt.toISOString(),
    })),
    bookings,
    payments,
    reviews,
    contactMessages: messages.map((m) => ({
      id: m.id,
      firstName: m.firstName,
      lastName: m.lastName,
      email: m.email,
      phone: m.phone,
      message: m.message,
      sentAt: m.createdAt.toISOString(),
    })),
    emails: mails.map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, status: outboxStatusSchema.parse(m.status), sentAt: m.createdAt.toISOString() })),
    mobile: { phone: mobile.phone, verified: mobile.verified, smsOptOut: mobile.smsOptOut },
    texts: texts.map(({ _id, createdAt, ...text }) => ({ id: _id, ...text, sentAt: createdAt })),
    waitlist: wishes,
  };
}
