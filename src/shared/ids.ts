import { z } from 'zod';

/** Every record id is a UUID string, sent as `_id` like the original document store did. */
export const idSchema = z.uuid({ message: 'Must be a valid id' });

export const idParamsSchema = z.object({ id: idSchema });
export type IdParams = z.infer<typeof idParamsSchema>;
