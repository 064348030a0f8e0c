import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.object({
    status: z.enum(['up', 'down']),
    driver: z.enum(['embedded', 'postgres']),
    latencyMs: z.number().nullable(),
  }),
});

export type Health = z.infer<typeof healthSchema>;
