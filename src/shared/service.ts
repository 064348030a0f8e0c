import { z } from 'zod';
import { idSchema } from './ids.js';

export const serviceSchema = z.object({
  _id: idSchema,
  title: z.string(),
  description: z.string(),
  price: z.number().describe('Price in the salon currency (major units, at most two decimals)'),
  duration: z.number().int().describe('Duration of the service in minutes'),
  category: z.string().nullable(),
  image_url: z.string(),
});

export const serviceListSchema = z.array(serviceSchema);

export type Service = z.infer<typeof serviceSchema>;
