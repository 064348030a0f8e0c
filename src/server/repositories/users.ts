import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { user } from '../db/schema.js';
import type { User } from '../../shared/user.js';

type UserRow = typeof user.$inferSelect;

function toUserDto(row: UserRow): User {
  return { _id: row.id, name: row.name, email: row.email, image: row.image, role: row.role === 'admin' ? 'admin' : 'user' };
}

export async function listUsers(db: Db): Promise<User[]> {
  const rows = await db.select().from(user).orderBy(asc(user.createdAt), asc(user.email));
  return rows.map(toUserDto);
}

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [row] = await db.select().from(user).where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()));
  return row ? toUserDto(row) : undefined;
}

export async function findUserById(db: Db, id: string): Promise<User | undefined> {
  const [row] = await db.select().from(user).where(eq(user.id, id));
  return row ? toUserDto(row) : undefined;
}

/** Answers how many rows changed (0 when the user already was an admin). */
export async function makeAdmin(db: Db, id: string): Promise<number> {
  const rows = await db
    .update(user)
    .set({ role: 'admin', updatedAt: new Date() })
    .where(and(eq(user.id, id), sql`${user.role} is distinct from 'admin'`))
    .returning({ id: user.id });
  return rows.length;
}

export type RemoveAdminOutcome = 'removed' | 'not-admin' | 'last-admin';

/**
 * Takes the admin role away, unless that would leave the salon with no admin. The admin rows are
 * locked first, so two admins demoting each other at once cannot both succeed.
 */
export async function removeAdmin(db: Db, id: string): Promise<RemoveAdminOutcome> {
  return db.transaction(async (tx) => {
    const admins = await tx.select({ id: user.id }).from(user).where(eq(user.role, 'admin')).orderBy(asc(user.id)).for('update');
    if (!admins.some((a) => a.id === id)) return 'not-admin';
    if (admins.length <= 1) return 'last-admin';
    await tx.update(user).set({ role: 'user', updatedAt: new Date() }).where(eq(user.id, id));
    return 'removed';
  });
}

export async function updateProfile(db: Db, id: string, changes: { name: string; image: string | null }): Promise<number> {
  const rows = await db.update(user).set({ ...changes, updatedAt: new Date() }).where(eq(user.id, id)).returning({ id: user.id });
  return rows.length;
}
