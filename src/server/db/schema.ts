import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  uniqueIndex,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
  customType,
} from 'drizzle-orm/pg-core';

import { user } from './auth-schema.js';
import type { PaymentPolicy } from '../../shared/deposits.js';
import { WISH_STATUSES } from '../../shared/waitlist.js';

// better-auth's tables, as its schema generator wrote them (npm run auth:generate).
export * from './auth-schema.js';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Small key/value facts about this database, e.g. when the demo data was seeded. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** The admin's Bangla title and description (docs/decisions/050); null: the English one is shown. */
    titleBn: text('title_bn'),
    descriptionBn: text('description_bn'),
    // Integer minor units (poisha): money is never a float in the database.
    priceMinor: integer('price_minor').notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(60),
    /** Minutes after the visit that still block the stylist (cleaning up, colour setting), not the chair. */
    bufferMinutes: integer('buffer_minutes').notNull().default(0),
    /** What is paid online when booking it (shared/deposits.ts); null: the salon's policy. */
    paymentPolicy: jsonb('payment_policy').$type<PaymentPolicy>(),
    category: text('category'),
    imageUrl: text('image_url').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Soft delete: bookings made before a deletion keep pointing at a real row.
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('services_price_positive', sql`${t.priceMinor} > 0`),
    check('services_duration_range', sql`${t.durationMinutes} between 15 and 480`),
    check('services_buffer_range', sql`${t.bufferMinutes} between 0 and 120`),
    index('services_listing_idx').on(t.createdAt).where(sql`${t.deletedAt} is null`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    role: text('role').notNull().default(''),
    feedback: text('feedback').notNull(),
    rating: smallint('rating').notNull(),
    imageUrl: text('image_url').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: createdAt(),
    // A customer's review of one of her visits; the seeded testimonials have neither.
    userId: uuid('user_id').references(() => user.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id').references(() => bookings.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // The salon's public answer, shown under the review.
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    // One review per visit: a second one is a conflict, not a duplicate testimonial.
    uniqueIndex('reviews_booking_uq').on(t.bookingId),
    index('reviews_user_idx').on(t.userId, t.createdAt),
    index('reviews_published_idx').on(t.createdAt).where(sql`${t.hidden} = false`),
  ],
);

/**
 * What a customer's account keeps beside better-auth's user row: her mobile number (E.164,
 * shared/phone.ts), proven by a code sent to it (phone_verified_at) before anything is sent there.
 * The front desk records a number for a walk-in unproven. One proven owner per number.
 */
export const userProfiles = pgTable(
  'user_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    phone: text('phone'),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    /** The language she chose with the switch (docs/decisions/047); null: never chose. */
    language: text('language'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('user_profiles_language', sql`${t.language} is null or ${t.language} in ('en', 'bn')`),
    check('user_profiles_phone_e164', sql`${t.phone} is null or ${t.phone} ~ '^[+][1-9][0-9]{7,14}$'`),
    check('user_profiles_verified_has_phone', sql`${t.phoneVerifiedAt} is null or ${t.phone} is not null`),
    uniqueIndex('user_profiles_verified_phone_uq').on(t.phone).where(sql`${t.phoneVerifiedAt} is not null`),
    index('user_profiles_phone_idx').on(t.phone),
  ],
);

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
  readAt: timestamp('read_at', { withTimezone: true }),
  // The admin answered it (or decided it needs no answer): it leaves the unread count.
  handledAt: timestamp('handled_at', { withTimezone: true }),
});

/**
 * Her SMS choice, beside her number: a customer who opted out gets no appointment texts (a code
 * she asks for still goes). Its own table keeps the front desk's profile rows (migration 0018)
 * untouched and a missing row means "not opted out".
 */
export const smsPreferences = pgTable('sms_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  optOut: boolean('opt_out').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The one-time code that proves a number: one live code per account, for the number it was sent
 * to. Only a hash is kept (a database reader cannot prove someone else's number with it); tries
 * counts the wrong answers, and a new code starts it again.
 */
export const phoneCodes = pgTable('phone_codes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  tries: integer('tries').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/**
 * Every text the app sends (or tried to), kept for the admin's 'Sent SMS' page and the monthly
 * count. A notice's text has a notice_key (kind, booking, time): unique, so a notice queued twice
 * (two instances, a retried request) is sent once; a verification code has none.
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => user.id, { onDelete: 'set null' }),
    to: text('to').notNull(),
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    encoding: text('encoding').notNull(),
    segments: integer('segments').notNull(),
    // 'sending' (claimed, being handed over), 'logged' (local sender), 'sent' (gateway took it), 'failed'
    status: text('status').notNull(),
    error: text('error'),
    /** The gateway's id for it (SSL Wireless reference_id), for its delivery reports. */
    reference: text('reference'),
    noticeKey: text('notice_key'),
    attempts: integer('attempts').notNull().default(0),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sms_messages_notice_key_uq').on(t.noticeKey),
    index('sms_messages_created_idx').on(t.createdAt),
    index('sms_messages_user_idx').on(t.userId),
  ],
);

/** Every e-mail the app sends, kept for the admin (and the only copy when SMTP is not set). */
export const outbox = pgTable('outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  // 'logged' (no SMTP configured), 'sent', or 'failed'
  status: text('status').notNull(),
  error: text('error'),
  /** The names of the files sent with it (a booking's calendar file); the files themselves are not kept. */
  attachments: text('attachments').array().notNull().default(sql`'{}'::text[]`),
  createdAt: createdAt(),
});

/**
 * Fixed-window counters shared by every app instance (sign-in per e-mail, uploads per IP): a row
 * per key, bumped atomically with an upsert.
 */
export const throttles = pgTable('throttles', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

/** Uploaded images live in the database so every app instance can serve them. */
export const uploads = pgTable('uploads', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: text('key').notNull().unique(),
  contentType: text('content_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: bytea('bytes').notNull(),
  // Smaller copies (the sizes the pages need) point at their full-size original, so the cleanup
  // removes an image and its copies together.
  originalKey: text('original_key'),
  createdAt: createdAt(),
}, (t) => [index('uploads_original_idx').on(t.originalKey)]);

/** The salon's one row of booking rules (opening hours, capacity, ...), checked by salonSettingsSchema. */
export const salonSettings = pgTable(
  'salon_settings',
  {
    id: smallint('id').primaryKey().default(1),
    settings: jsonb('settings').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('salon_settings_single_row', sql`${t.id} = 1`)],
);

/**
 * A stylist. Retiring her hides her from the public list and keeps the row, because her bookings
 * point at it. She may also be a user of the site (a later 'staff' role), at most once.
 */
export const staff = pgTable(
  'staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    // An upload or a shipped image, as a service's image; none draws her initials.
    photoUrl: text('photo_url'),
    bio: text('bio').notNull().default(''),
    userId: uuid('user_id').unique().references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [index('staff_active_idx').on(t.createdAt).where(sql`${t.retiredAt} is null`)],
);

/** The services a stylist performs, with her own duration when it differs from the service's. */
export const staffServices = pgTable(
  'staff_services',
  {
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id),
    durationMinutes: integer('duration_minutes'),
  },
  (t) => [
    primaryKey({ columns: [t.staffId, t.serviceId] }),
    check('staff_services_duration_range', sql`${t.durationMinutes} is null or ${t.durationMinutes} between 15 and 480`),
    index('staff_services_service_idx').on(t.serviceId),
  ],
);

/**
 * Her weekly hours: several spans a day (the gaps are her breaks). Times are wall-clock minutes
 * since midnight in the salon's zone. The week is replaced whole (PUT), checked by the shared
 * schema to have no overlapping spans; an exclusion constraint would need btree_gist, which the
 * embedded PostgreSQL does not promise.
 */
export const staffHours = pgTable(
  'staff_hours',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    startMinute: smallint('start_minute').notNull(),
    endMinute: smallint('end_minute').notNull(),
  },
  (t) => [
    check('staff_hours_weekday', sql`${t.weekday} between 0 and 6`),
    check('staff_hours_span', sql`${t.startMinute} >= 0 and ${t.endMinute} <= 1440 and ${t.endMinute} > ${t.startMinute} and ${t.startMinute} % 15 = 0 and ${t.endMinute} % 15 = 0`),
    index('staff_hours_staff_idx').on(t.staffId, t.weekday, t.startMinute),
  ],
);

/** A stretch of time she does not work (a holiday, an appointment of her own). */
export const staffTimeOff = pgTable(
  'staff_time_off',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    check('staff_time_off_times', sql`${t.endsAt} > ${t.startsAt}`),
    index('staff_time_off_staff_idx').on(t.staffId, t.startsAt),
  ],
);

/**
 * A customer's booking list. An item with a time holds its place until `hold_expires_at`: a live
 * hold counts against the salon's capacity, an expired one simply stops counting.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    /**
     * The stylist: the one she asked for, or (any_stylist) the one her held time was given to, with
     * staff_free_at when that stylist is free again (ends_at plus the service's buffer).
     */
    staffId: uuid('staff_id').references(() => staff.id),
    anyStylist: boolean('any_stylist').notNull().default(true),
    staffFreeAt: timestamp('staff_free_at', { withTimezone: true }),
    /**
     * Placed by the front desk for her (routes/front-desk.ts), only for the length of the desk's own
     * request: it holds a time like any item, but is never part of her online booking list.
     */
    desk: boolean('desk').notNull().default(false),
  },
  (t) => [
    check('cart_items_time_pair', sql`(${t.startsAt} is null) = (${t.endsAt} is null) and (${t.endsAt} is null or ${t.endsAt} > ${t.startsAt})`),
    index('cart_items_user_idx').on(t.userId, t.createdAt),
    index('cart_items_hold_idx').on(t.startsAt, t.endsAt).where(sql`${t.holdExpiresAt} is not null`),
  ],
);

/**
 * One row per 15-minute cell of time (UTC-aligned), created on demand and locked `for update` by
 * every transaction that places a hold or a booking touching that cell. Two intervals that overlap
 * always share a cell, so they can never be checked against capacity at the same time.
 */
export const slotCells = pgTable('slot_cells', {
  cellStart: timestamp('cell_start', { withTimezone: true }).primaryKey(),
});

export const PAYMENT_METHODS = ['card', 'bkash', 'nagad', 'rocket', 'bank'] as const;
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'canceled', 'partially_refunded', 'refunded'] as const;

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id),
    amountMinor: integer('amount_minor').notNull(),
    refundedMinor: integer('refunded_minor').notNull().default(0),
    currency: text('currency').notNull(),
    gateway: text('gateway').notNull(),
    // The gateway's id for this charge (a Stripe PaymentIntent id, or the test gateway's own).
    gatewayRef: text('gateway_ref').notNull().unique(),
    // How she paid, as the processor reported it (a card, or a wallet: bKash, Nagad, Rocket);
    // null until a charge succeeds, or when the processor does not say.
    method: text('method', { enum: PAYMENT_METHODS }),
    clientSecret: text('client_secret').notNull(),
    // What the customer's booking list was when the intent was made: a retry of the same list
    // gets the same intent back (two tabs, double clicks).
    cartFingerprint: text('cart_fingerprint').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The admin who booked it at the front desk for a customer who called or walked in; null: she booked online. */
    bookedBy: uuid('booked_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('payments_status', sql`${t.status} in ('pending','succeeded','failed','canceled','partially_refunded','refunded')`),
    check('payments_method', sql`${t.method} is null or ${t.method} in ('card','bkash','nagad','rocket','bank')`),
    // 0: a list with nothing to pay online (gateway 'salon'): the visits are paid at the salon.
    check('payments_amounts', sql`${t.amountMinor} >= 0 and ${t.refundedMinor} between 0 and ${t.amountMinor}`),
    index('payments_user_idx').on(t.userId, t.createdAt),
    index('payments_created_idx').on(t.createdAt),
    // Her payments still open to a retry (pending, or declined and tried again): the checkout
    // looks for the one for this very list and cancels the others on every intent. Through
    // payments_user_idx both read her whole payment history, which only grows.
    index('payments_open_idx')
      .on(t.userId, t.cartFingerprint)
      .where(sql`${t.status} in ('pending', 'failed')`),
  ],
);

export const PAY_PLANS = ['full', 'deposit', 'at-salon'] as const;
export const BOOKING_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled', 'no-show'] as const;

/**
 * An appointment. It keeps its own snapshot of what was booked (title, price, duration, image),
 * so editing or deleting the service later never rewrites history.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    cartItemId: uuid('cart_item_id').notNull(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id),
    title: text('title').notNull(),
    /** The Bangla title the service had when booked (null: it had none), part of the snapshot. */
    titleBn: text('title_bn'),
    priceMinor: integer('price_minor').notNull(),
    /**
     * The part of the price asked online when she booked (the price, a deposit, or 0), under the
     * plan of the policy then; the rest is paid at the salon (counter_payments).
     */
    onlineMinor: integer('online_minor').notNull(),
    payPlan: text('pay_plan', { enum: PAY_PLANS }).notNull().default('full'),
    durationMinutes: integer('duration_minutes').notNull(),
    imageUrl: text('image_url').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('pending'),
    refundedMinor: integer('refunded_minor').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The iCalendar SEQUENCE: raised each time the appointment moves or is cancelled. */
    sequence: integer('sequence').notNull().default(0),
    /** When the reminder for the current start time went out; cleared when the booking moves. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /**
     * Set when a cancellation is decided, before its refund is asked of the processor: from then on
     * a move, a completion or a no-show is refused, so a refund once made is always recorded as a
     * cancellation (by the request, or by the reconciler if the request dies). Who asked decides
     * the e-mail's wording.
     */
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    cancelRequestedBy: text('cancel_requested_by', { enum: ['customer', 'salon'] }),
    /** What the decided cancellation refunds: all paid online, or nothing when a deposit is kept. */
    cancelRefundMinor: integer('cancel_refund_minor'),
    /**
     * When she was first asked to review this visit (it was marked completed). A completion undone
     * and marked again asks nobody twice.
     */
    reviewRequestedAt: timestamp('review_requested_at', { withTimezone: true }),
    /** The stylist doing it (null: booked before the salon had stylists), busy until staff_free_at. */
    staffId: uuid('staff_id').references(() => staff.id),
    staffFreeAt: timestamp('staff_free_at', { withTimezone: true }),
  },
  (t) => [
    check('bookings_cancel_requested', sql`(${t.cancelRequestedAt} is null) = (${t.cancelRequestedBy} is null) and ${t.cancelRequestedBy} in ('customer','salon')`),
    check('bookings_status', sql`${t.status} in ('pending','confirmed','completed','cancelled','no-show')`),
    check('bookings_times', sql`${t.endsAt} > ${t.startsAt}`),
    check('bookings_money', sql`${t.onlineMinor} between 0 and ${t.priceMinor} and ${t.refundedMinor} between 0 and ${t.onlineMinor}`),
    check('bookings_pay_plan', sql`${t.payPlan} in ('full','deposit','at-salon')`),
    // One booking per booking-list item per payment: a replayed confirmation cannot add a second.
    uniqueIndex('bookings_payment_item_uq').on(t.paymentId, t.cartItemId),
    index('bookings_user_idx').on(t.userId, t.startsAt),
    // Capacity counts a hold only while its item has no confirmed booking (booking/capacity.ts).
    index('bookings_cart_item_idx').on(t.cartItemId),
    // The reconciler's look for cancellations whose request died between the refund and its record.
    index('bookings_cancelling_idx').on(t.cancelRequestedAt).where(sql`${t.status} = 'confirmed' and ${t.cancelRequestedAt} is not null`),
    index('bookings_staff_idx').on(t.staffId, t.startsAt).where(sql`${t.staffId} is not null`),
    index('bookings_time_idx').on(t.startsAt, t.endsAt).where(sql`${t.status} in ('confirmed','completed')`),
  ],
);

export const COUNTER_METHODS = ['cash', 'card', 'bkash', 'nagad'] as const;

/**
 * Money taken at the salon for a visit (the rest after a deposit, or all of a pay-at-salon visit),
 * recorded by the admin or the visit's stylist. Never more than the visit still owes: checked
 * under the booking's row lock (booking-service.ts).
 */
export const counterPayments = pgTable(
  'counter_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    amountMinor: integer('amount_minor').notNull(),
    method: text('method', { enum: COUNTER_METHODS }).notNull(),
    recordedBy: uuid('recorded_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('counter_payments_amount', sql`${t.amountMinor} > 0`),
    check('counter_payments_method', sql`${t.method} in ('cash','card','bkash','nagad')`),
    index('counter_payments_booking_idx').on(t.bookingId),
    index('counter_payments_created_idx').on(t.createdAt),
  ],
);

/**
 * Money taken at the counter that goes back to her when the visit is cancelled (docs/decisions/048):
 * the refund of the counter's part, as bookings.refunded_minor is of the online part. One per
 * booking (a cancellation is decided once), of everything its counter payments took, written
 * under the booking's row lock in the transaction that decides the cancellation, so no counter
 * payment can come between the sum and the record. `handed_back_at` is when the cash left the
 * desk: at once when the admin cancels, and null after her own cancellation online until the desk
 * records giving it back (one conditional update: recorded once however many desks press).
 * `handed_back_by` is the admin at the counter.
 */
export const counterRefunds = pgTable(
  'counter_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    amountMinor: integer('amount_minor').notNull(),
    handedBackBy: uuid('handed_back_by').references(() => user.id, { onDelete: 'set null' }),
    handedBackAt: timestamp('handed_back_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check('counter_refunds_amount', sql`${t.amountMinor} > 0`), uniqueIndex('counter_refunds_booking_idx').on(t.bookingId)],
);

/**
 * Gateway events already applied: a replayed webhook finds its id here and changes nothing. Each
 * declined card attempt is its own event, so the payment keeps a record of every decline even
 * after a later card succeeds (shown under it as earlier attempts).
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id),
    message: text('message'),
    receivedAt: createdAt(),
  },
  (t) => [index('payment_events_payment_idx').on(t.paymentId, t.receivedAt)],
);



/**
 * The built-in test gateway's own ledger: what a card processor would keep on its side. Keys make
 * creating an intent and refunding idempotent, as Stripe's idempotency keys do.
 */
export const testGatewayIntents = pgTable('test_gateway_intents', {
  ref: text('ref').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  clientSecret: text('client_secret').notNull().unique(),
  amountMinor: integer('amount_minor').notNull(),
  currency: text('currency').notNull(),
  // 'requires_payment_method' (new, or after a failed attempt), 'succeeded', 'canceled'
  status: text('status').notNull(),
  // What paid it, set by the charge itself: a second request that finds it paid (another tab, the
  // reconciler) reports the method that really paid, not its own.
  method: text('method', { enum: PAYMENT_METHODS }),
  refundedMinor: integer('refunded_minor').notNull().default(0),
  createdAt: createdAt(),
});

export const TEST_WALLETS = ['bkash', 'nagad'] as const;

/**
 * The test gateway's wallet payments in progress: her wallet number, the one-time code 'sent' to
 * it, the wrong codes typed so far. An attempt ends with three wrong codes, with a charge that did
 * not go through, or at expiry (the database clock), and she starts again.
 */
export const testGatewayWalletAttempts = pgTable(
  'test_gateway_wallet_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ref: text('ref')
      .notNull()
      .references(() => testGatewayIntents.ref),
    wallet: text('wallet', { enum: TEST_WALLETS }).notNull(),
    // 11 digits, 01XXXXXXXXX, as her wallet knows it (spaces and +880 taken off).
    number: text('number').notNull(),
    wrongCodes: integer('wrong_codes').notNull().default(0),
    // Null while she may still type the code: 'wrong-codes', 'declined' or 'no-answer' after.
    endedBy: text('ended_by'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('test_gateway_wallet_attempts_wallet', sql`${t.wallet} in ('bkash','nagad')`),
    check('test_gateway_wallet_attempts_ended', sql`${t.endedBy} is null or ${t.endedBy} in ('wrong-codes','declined','no-answer')`),
  ],
);

/**
 * The refunds Parlour asked SSLCommerz for, by our idempotency key: its API has no idempotency and
 * no list of refunds, so this ledger is what keeps a key to one refund and what the refund
 * reconciler reads (kept up to date from SSLCommerz's refund query).
 */
export const sslcommerzRefunds = pgTable(
  'sslcommerz_refunds',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    // Our tran_id (the payment's gateway_ref).
    tranId: text('tran_id').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    // SSLCommerz's reference for the refund; null while the request is on its way.
    refundRefId: text('refund_ref_id'),
    // 'requested' (asked, no answer yet), 'processing', 'refunded', 'cancelled', 'failed'
    status: text('status').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sslcommerz_refunds_status', sql`${t.status} in ('requested','processing','refunded','cancelled','failed')`),
    index('sslcommerz_refunds_tran_idx').on(t.tranId),
    index('sslcommerz_refunds_created_idx').on(t.createdAt),
  ],
);

export const testGatewayRefunds = pgTable('test_gateway_refunds', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  ref: text('ref')
    .notNull()
    .references(() => testGatewayIntents.ref),
  amountMinor: integer('amount_minor').notNull(),
  createdAt: createdAt(),
});

/**
 * The waitlist (docs/decisions/045): a customer's wish for a service on a salon-local day, with a
 * stylist or any (null), optionally within a range of wall-clock minutes. An offer is an item on
 * her booking list holding one time (offer_item_id), until offer_expires_at; the offer's start is
 * kept to tell it after the item is paid or gone.
 */
export const waitlistWishes = pgTable(
  'waitlist_wishes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    staffId: uuid('staff_id').references(() => staff.id),
    fromMinutes: smallint('from_minutes'),
    toMinutes: smallint('to_minutes'),
    status: text('status', { enum: WISH_STATUSES }).notNull().default('waiting'),
    offerItemId: uuid('offer_item_id'),
    offerStartsAt: timestamp('offer_starts_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    offersMade: integer('offers_made').notNull().default(0),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    check('waitlist_wishes_status', sql`${t.status} in ('waiting', 'offered', 'booked', 'lapsed', 'left')`),
    check('waitlist_wishes_range', sql`${t.fromMinutes} is null or ${t.toMinutes} is null or ${t.toMinutes} > ${t.fromMinutes}`),
    // One open wish per customer, service and day: a second 'Join' is a conflict, not a second place.
    uniqueIndex('waitlist_wishes_open_uq').on(t.userId, t.serviceId, t.date).where(sql`${t.status} in ('waiting', 'offered')`),
    // The queue of a day, first come first served.
    index('waitlist_wishes_day_idx').on(t.date, t.createdAt).where(sql`${t.status} in ('waiting', 'offered')`),
  ],
);

/**
 * One row per salon day with a waitlist, locked by whoever offers that day's places (the sweep on
 * any instance, or the salon by hand): offers of one day are decided one at a time, in the queue's
 * order, whichever instance runs them.
 */
export const waitlistDays = pgTable('waitlist_days', {
  date: text('date').primaryKey(),
});
