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
} from 'drizzle-orm/pg-core';

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
