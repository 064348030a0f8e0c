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

/**
 * Why an instance is not taking traffic: it has not started listening yet, it is shutting down
 * (SIGTERM: finishing what it has), or it cannot reach its database.
 */
export const notReadyReasonSchema = z.enum(['starting', 'draining', 'database']);
export type NotReadyReason = z.infer<typeof notReadyReasonSchema>;

/** `GET /api/health/ready`: 200 `{ status: 'ok', reason: null }`, or 503 with the reason. */
export const readinessSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  reason: notReadyReasonSchema.nullable(),
});

export type Readiness = z.infer<typeof readinessSchema>;
