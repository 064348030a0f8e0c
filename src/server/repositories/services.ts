import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { services } from '../db/schema.js';
import type { Service } from '../../shared/service.js';
import { fromMinorUnits } from '../../shared/money.js';

type ServiceRow = typeof services.$inferSelect;

export function toServiceDto(row: ServiceRow): Service {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    price: fromMinorUnits(row.priceMinor),
    duration: row.durationMinutes,
    category: row.category,
    image_url: row.imageUrl,
  };
}

/** The live catalogue, in the order the salon added its services. */
export async function listServices(db: Db): Promise<Service[]> {
  const rows = await db
    .select()
    .from(services)
    .where(isNull(services.deletedAt))
    .orderBy(asc(services.createdAt), asc(services.id));
  return rows.map(toServiceDto);
}

export async function findService(db: Db, id: string): Promise<Service | undefined> {
  const [row] = await db
    .select()
    .from(services)
    .where(and(eq(services.id, id), isNull(services.deletedAt)));
  return row ? toServiceDto(row) : undefined;
}
