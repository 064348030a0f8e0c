import { z } from 'zod';
import { idSchema } from './ids.js';
import { calendarDateSchema } from './salon-settings.js';
import { payPlanSchema } from './deposits.js';

export const HOLD_TAKEN_MESSAGE = 'That time is no longer available';

/**
 * `POST /api/cart` keeps the original client's body. Only `cartItemId` (the service) is used: the
 * user comes from the session and the title, price and image from the catalogue.
 */
export const cartAddSchema = z.object({
  cartItemId: idSchema,
  email: z.string().optional(),
  title: z.string().optional(),
  price: z.number().optional(),
  image_url: z.string().optional(),
  /** 'Book again': the stylist she had last time (absent: any stylist). */
  staffId: idSchema.optional(),
});
export type CartAddInput = z.infer<typeof cartAddSchema>;

export const instantSchema = z.iso.datetime({ offset: true, error: 'Must be a date and time such as 2026-12-01T04:00:00Z' });

export const cartItemSchema = z.object({
  _id: idSchema,
  /** The service this item books (the original field name). */
  cartItemId: idSchema,
  email: z.string(),
  title: z.string(),
  /** The service's Bangla title (null: none; a Bangla page shows the English one). */
  title_bn: z.string().nullable(),
  price: z.number(),
  image_url: z.string(),
  duration: z.number().int(),
  /** The chosen appointment time (ISO instant), or null before one is picked. */
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** Until when the time is kept for this customer; a past value means the hold lapsed. */
  holdExpiresAt: z.string().nullable(),
  /**
   * The stylist: the one she asked for, or (for 'any stylist') the one her held time was given to;
   * null when she asked for any and holds no time, or the salon has no stylists.
   */
  staffId: idSchema.nullable(),
  staffName: z.string().nullable(),
  /** Whether she asked for any stylist (the salon assigns one when the time is held). */
  anyStylist: z.boolean(),
  /** How it is paid (the service's policy, else the salon's) and what of it is paid online now. */
  plan: payPlanSchema,
  payNow: z.number(),
});
export const cartListSchema = z.array(cartItemSchema);
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartQuerySchema = z.object({ email: z.string().optional() });

/**
 * `PATCH /api/cart/:id`: a time from the availability list, or null to let it go; with the stylist
 * she wants (absent or null: any stylist who performs the service and is free then).
 */
export const cartTimeSchema = z.object({ startsAt: instantSchema.nullable(), staffId: idSchema.nullable().optional() });

export const availabilityQuerySchema = z.object({
  serviceId: idSchema,
  date: calendarDateSchema,
  /** When re-timing an item, its own hold does not count against the times offered. */
  cartItemId: idSchema.optional(),
  /** When moving a booking (one the caller may see), its own place and length are its own. */
  bookingId: idSchema.optional(),
  /** Only the times this stylist is free (and performs the service). */
  staffId: idSchema.optional(),
  /**
   * The front desk asks for this customer (admin only): her own appointments are left out, and the
   * salon's rules apply (no minimum notice: she may be at the counter).
   */
  customerId: idSchema.optional(),
});

export const availabilitySchema = z.object({
  timeZone: z.string(),
  /**
   * Each start with the stylists free for the whole visit then (in the Team page's order); empty
   * when the salon has no stylists and books chairs alone.
   */
  slots: z.array(z.object({ startsAt: z.string(), staff: z.array(idSchema) })),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** Past this many items the list is refused: a salon visit, not a warehouse order. */
export const MAX_CART_ITEMS = 20;
