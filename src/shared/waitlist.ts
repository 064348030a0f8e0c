import { z } from 'zod';
import { idSchema } from './ids.js';
import { instantSchema } from './cart.js';
import { calendarDateSchema, isWallClockTime, minutesOfDay, wallClockMessage } from './salon-settings.js';

/**
 * The waitlist: a customer's wish for a service on a salon-local day (a stylist or any, optionally
 * within a time range), and the offers the salon makes when a place frees (docs/decisions/045).
 */

/**
 * waiting: in the queue; offered: a time is held on her booking list for her; booked: she booked
 * the service that day (through the offer); lapsed: an offer went unanswered and passed on; left:
 * she left the queue.
 */
export const WISH_STATUSES = ['waiting', 'offered', 'booked', 'lapsed', 'left'] as const;
export const wishStatusSchema = z.enum(WISH_STATUSES);
export type WishStatus = z.infer<typeof wishStatusSchema>;

/** A wish still in the queue (one per customer, service and day). */
export const OPEN_WISH_STATUSES: readonly WishStatus[] = ['waiting', 'offered'];

const optionalTime = (label: string) =>
  z
    .string()
    .refine(isWallClockTime, wallClockMessage(label))
    .nullable()
    .optional();

export const joinWaitlistInputSchema = z
  .object({
    serviceId: idSchema,
    date: calendarDateSchema,
    /** Null or absent: any stylist who performs the service. */
    staffId: idSchema.nullable().optional(),
    /** The earliest start she can come, salon-local HH:MM. */
    from: optionalTime('From'),
    /** When she must be done by, salon-local HH:MM. */
    to: optionalTime('To'),
  })
  .refine(
    (wish) => !wish.from || !wish.to || !isWallClockTime(wish.from) || !isWallClockTime(wish.to) || minutesOfDay(wish.to) > minutesOfDay(wish.from),
    { message: 'To must be after From', path: ['to'] },
  );
export type JoinWaitlistInput = z.infer<typeof joinWaitlistInputSchema>;

export const wishSchema = z.object({
  _id: idSchema,
  serviceId: idSchema,
  serviceTitle: z.string(),
  /** The service's Bangla title in today's catalogue (null: none; a Bangla page shows the English one). */
  serviceTitle_bn: z.string().nullable(),
  date: z.string(),
  staffId: idSchema.nullable(),
  staffName: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  status: wishStatusSchema,
  /** Her place among the open wishes for that service and day (1 = next); null once closed. */
  place: z.number().int().nullable(),
  /** The offered time, held on her booking list until offerExpiresAt. */
  offerStartsAt: instantSchema.nullable(),
  offerExpiresAt: instantSchema.nullable(),
  createdAt: instantSchema,
});
export type Wish = z.infer<typeof wishSchema>;

export const myWishesSchema = z.object({ timeZone: z.string(), wishes: z.array(wishSchema) });
export type MyWishes = z.infer<typeof myWishesSchema>;

/** A wish as the salon sees it: whose it is. */
export const adminWishSchema = wishSchema.extend({ customerName: z.string(), customerEmail: z.string() });
export type AdminWish = z.infer<typeof adminWishSchema>;

export const adminWaitlistQuerySchema = z.object({ date: calendarDateSchema });
export const adminWaitlistSchema = z.object({ timeZone: z.string(), wishes: z.array(adminWishSchema) });
export type AdminWaitlist = z.infer<typeof adminWaitlistSchema>;

/** The salon offers a wish a time by hand: the same hold as the automatic offer. */
export const offerByHandInputSchema = z.object({ startsAt: instantSchema });
export type OfferByHandInput = z.infer<typeof offerByHandInputSchema>;

/** '1st in line', '2nd in line', '23rd in line'. */
export function placeInLine(place: number): string {
  const tens = place % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][place % 10] ?? 'th');
  return `${place}${suffix} in line`;
}

/** Whether a visit of `minutes` starting at salon-local `startMinutes` fits a wish's range. */
export function fitsRange(range: { from: string | null; to: string | null }, startMinutes: number, minutes: number): boolean {
  if (range.from && startMinutes < minutesOfDay(range.from)) return false;
  if (range.to && startMinutes + minutes > minutesOfDay(range.to)) return false;
  return true;
}
