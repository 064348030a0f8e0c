import { z } from 'zod';
import { idSchema } from './ids.js';
import { imageUrlSchema } from './images.js';
import { hasAtMostTwoDecimals, toMinorUnits } from './money.js';
import { paymentPolicySchema } from './deposits.js';
import { englishMessage } from './i18n/message-templates.js';

export const serviceSchema = z.object({
  _id: idSchema,
  title: z.string(),
  description: z.string(),
  /** The salon's Bangla title and description; null: none written, the English one is shown. */
  title_bn: z.string().nullable(),
  description_bn: z.string().nullable(),
  price: z.number().describe('Price in the salon currency (major units, at most two decimals)'),
  duration: z.number().int().describe('Duration of the service in minutes'),
  buffer: z.number().int().describe('Minutes after the visit that still block the stylist (cleaning up, colour setting), not the client'),
  category: z.string().nullable(),
  image_url: z.string(),
  /** What is paid online when booking it; null: the salon's policy (settings). */
  paymentPolicy: paymentPolicySchema.nullable(),
});

export const serviceListSchema = z.array(serviceSchema);

export type Service = z.infer<typeof serviceSchema>;

// What an admin sends to create or change a service (spec section 5; the browser form and the
// server check the same rules).
export const MIN_DURATION = 15;
export const MAX_DURATION = 480;
export const DEFAULT_DURATION = 60;

export const serviceTitleSchema = z
  .string({ error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(100, 'Title must be at most 100 characters');

/**
 * The Bangla versions are optional, with the English ones' limits: empty means "none" (stored as
 * null), and a Bangla page then shows the English text (docs/decisions/050).
 */
const optionalBangla = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((v) => (v === '' ? null : v))
    .nullable();

export const serviceTitleBnSchema = optionalBangla(100, 'Bangla title must be at most 100 characters');

export const servicePriceSchema = z
  .number({ error: 'Price is required' })
  .positive('Price must be more than 0')
  .max(10_000_000, 'Price is too high')
  .refine(hasAtMostTwoDecimals, 'Price can have at most two decimals')
  // A tiny positive number (1e-9) passes the decimals check's tolerance and rounds to 0 poisha.
  .refine((price) => toMinorUnits(price) >= 1, 'Price must be at least 0.01');

export const serviceDescriptionSchema = z
  .string({ error: 'Description is required' })
  .trim()
  .min(1, 'Description is required')
  .max(2000, 'Description must be at most 2000 characters');

export const serviceDescriptionBnSchema = optionalBangla(2000, 'Bangla description must be at most 2000 characters');

/** A service's or a stylist's duration out of range (the `errors` catalogue's key). */
export const durationRangeMessage = () =>
  englishMessage('Duration must be between {{min, number}} and {{max, number}} minutes', { min: MIN_DURATION, max: MAX_DURATION });

export const serviceDurationSchema = z
  .number({ error: 'Duration is required' })
  .int('Duration must be whole minutes')
  .min(MIN_DURATION, durationRangeMessage())
  .max(MAX_DURATION, durationRangeMessage());

export const MAX_BUFFER = 120;
export const BUFFER_STEP = 5;
const bufferRangeMessage = englishMessage('Time after the visit must be between 0 and {{max, number}} minutes', { max: MAX_BUFFER });

/** Time after the visit that still blocks the stylist (not the client or the chair); 0 means none. */
export const serviceBufferSchema = z
  .number({ error: 'Time after the visit must be a number of minutes' })
  // Each check stops at its own failure, so the field shows one message, not two.
  .int({ error: 'Time after the visit must be whole minutes', abort: true })
  .min(0, { error: bufferRangeMessage, abort: true })
  .max(MAX_BUFFER, { error: bufferRangeMessage, abort: true })
  .multipleOf(BUFFER_STEP, englishMessage('Time after the visit must be a multiple of {{step, number}} minutes', { step: BUFFER_STEP }));

/** Empty means "no category"; stored as null. */
export const serviceCategorySchema = z
  .string()
  .trim()
  .max(40, 'Category must be at most 40 characters')
  .transform((v) => (v === '' ? null : v))
  .nullable();

export const serviceCreateSchema = z.object({
  title: serviceTitleSchema,
  price: servicePriceSchema,
  description: serviceDescriptionSchema,
  title_bn: serviceTitleBnSchema.optional(),
  description_bn: serviceDescriptionBnSchema.optional(),
  duration: serviceDurationSchema.default(DEFAULT_DURATION),
  buffer: serviceBufferSchema.default(0),
  category: serviceCategorySchema.optional(),
  image_url: imageUrlSchema,
  paymentPolicy: paymentPolicySchema.nullable().optional(),
});
export type ServiceCreateInput = z.input<typeof serviceCreateSchema>;

/** An update changes only the fields it names; a missing image_url keeps the current image. */
export const serviceUpdateSchema = z
  .object({
    title: serviceTitleSchema,
    price: servicePriceSchema,
    description: serviceDescriptionSchema,
    title_bn: serviceTitleBnSchema,
    description_bn: serviceDescriptionBnSchema,
    duration: serviceDurationSchema,
    buffer: serviceBufferSchema,
    category: serviceCategorySchema,
    image_url: imageUrlSchema,
    paymentPolicy: paymentPolicySchema.nullable(),
  })
  .partial();
export type ServiceUpdateInput = z.input<typeof serviceUpdateSchema>;
