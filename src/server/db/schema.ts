import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
  customType,
} from 'drizzle-orm/pg-core';

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
    // Integer minor units (poisha): money is never a float in the database.
    priceMinor: integer('price_minor').notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(60),
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
  },
  (t) => [check('reviews_rating_range', sql`${t.rating} between 1 and 5`)],
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
});

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
  createdAt: createdAt(),
});

// better-auth's tables, as its schema generator wrote them (npm run auth:generate).
export * from './auth-schema.js';
