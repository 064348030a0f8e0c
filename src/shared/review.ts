import { z } from 'zod';
import { idSchema } from './ids.js';

export const reviewSchema = z.object({
  _id: idSchema,
  name: z.string(),
  role: z.string(),
  feedback: z.string(),
  rating: z.number().int().min(1).max(5),
  image: z.string(),
});

export const reviewListSchema = z.array(reviewSchema);

export type Review = z.infer<typeof reviewSchema>;
