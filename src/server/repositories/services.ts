import { isDeepStrictEqual } from 'node:util';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { cartItems, services } from '../db/schema.js';
import type { Service } from '../../shared/service.js';
import type { PaymentPolicy } from '../../shared/deposits.js';
import { fromMinorUnits, toMinorUnits } from '../../shared/money.js';
import { CATALOGUE_CHANNEL, STAFF_CHANNEL } from '../change-cache.js';

type ServiceRow = typeof services.$inferSelect;

export function toServiceDto(row: ServiceRow): Service {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    title_bn: row.titleBn,
    description_bn: row.descriptionBn,
    price: fromMinorUnits(row.priceMinor),
    duration: row.durationMinutes,
    buffer: row.bufferMinutes,
    category: row.category,
    image_url: row.imageUrl,
    paymentPolicy: row.paymentPolicy ?? null,
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

export type ServiceFields = {
  title: string;
  description: string;
  title_bn?: string | null;
  description_bn?: string | null;
  price: number;
  duration: number;
  buffer: number;
  category: string | null;
  image_url: string;
  paymentPolicy?: PaymentPolicy | null;
};

function toRow(fields: Partial<ServiceFields>) {
  return {
    ...(fields.title !== undefined && { title: fields.title }),
    ...(fields.description !== undefined && { description: fields.description }),
    ...(fields.title_bn !== undefined && { titleBn: fields.title_bn }),
    ...(fields.description_bn !== undefined && { descriptionBn: fields.description_bn }),
    ...(fields.price !== undefined && { priceMinor: toMinorUnits(fields.price) }),
    ...(fields.duration !== undefined && { durationMinutes: fields.duration }),
    ...(fields.buffer !== undefined && { bufferMinutes: fields.buffer }),
    ...(fields.category !== undefined && { category: fields.category }),
    ...(fields.image_url !== undefined && { imageUrl: fields.image_url }),
    ...(fields.paymentPolicy !== undefined && { paymentPolicy: fields.paymentPolicy }),
  };
}

/** Every instance drops its cached catalogue when the transaction that changed it commits. */
async function announceCatalogueChange(tx: Db) {
  await tx.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, '')`);
}

export async function createService(db: Db, fields: ServiceFields): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(services).values(toRow(fields) as typeof services.$inferInsert).returning({ id: services.id });
    await announceCatalogueChange(tx);
    return row!.id;
  });
}

/** Answers 1 when the service changed, 0 when it already had these values, undefined when unknown. */
export async function updateService(db: Db, id: string, fields: Partial<ServiceFields>): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(services)
      .where(and(eq(services.id, id), isNull(services.deletedAt)))
      .for('update');
    if (!current) return undefined;
    const changes = toRow(fields);
    // Compared by value: a payment policy is an object (jsonb), the same policy when its fields are.
    const differs = (Object.keys(changes) as (keyof typeof changes)[]).some((key) => !isDeepStrictEqual(changes[key], current[key]));
    if (!differs) return 0;
    await tx.update(services).set({ ...changes, updatedAt: new Date() }).where(eq(services.id, id));
    await announceCatalogueChange(tx);
    return 1;
  });
}

/**
 * Takes a service out of the catalogue and out of every booking list (their holds go with them).
 * The row stays, marked deleted, because bookings and payments point at it; they keep their own
 * snapshot of what was booked (docs/decisions/008).
 */
export async function deleteService(db: Db, id: string): Promise<number> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .update(services)
      .set({ deletedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(services.id, id), isNull(services.deletedAt)))
      .returning({ id: services.id });
    if (deleted.length === 0) return 0;
    await tx.delete(cartItems).where(eq(cartItems.serviceId, id));
    await announceCatalogueChange(tx);
    // The team lists what each stylist does, which no longer includes this service.
    await tx.execute(sql`select pg_notify(${STAFF_CHANNEL}, '')`);
    return 1;
  });
}
