import { z } from 'zod';

/** Write results keep the field names the original client reads (decisions.md section 1). */
export const insertedSchema = z.object({ insertedId: z.string() });
export const modifiedSchema = z.object({ modifiedCount: z.number().int() });
export const deletedSchema = z.object({ deletedCount: z.number().int() });
export const acknowledgedSchema = z.object({ acknowledged: z.boolean() });
