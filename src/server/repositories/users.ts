import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { user } from '../db/schema.js';
import type { User } from '../../shared/user.js';
import { DELETED_ACCOUNT_DOMAIN, WALK_IN_DOMAIN } from '../../shared/account.js';
import { announceUserChanged, type UserChanges } from '../auth/session-revocations.js';

type UserRow = typeof user.$inferSelect;

function toUserDto(row: UserRow): User {
  return { _id: row.id, name: row.name, email: row.email, image: row.image, role: row.role === 'admin' ? 'admin' : 'user' };
}

/**
 * A deleted account's row stays (her bookings and payments point at it, account/deletion.ts) under
 * a placeholder address, but it is no longer a user: not listed, not found, never promoted. A
 * customer the front desk recorded without an e-mail has a placeholder too (shared/account.ts):
 * she cannot sign in, so she is no user to list or promote either (the desk finds her).
 */
const notDeleted = sql`lower(${user.email}) not like ${`%@${DELETED_ACCOUNT_DOMAIN}`} and lower(${user.email}) not like ${`%@${WALK_IN_DOMAIN}`}`;

export async function listUsers(db: Db): Promise<User[]> {
  const rows = await db.select().from(user).where(notDeleted).orderBy(asc(user.createdAt), asc(user.email));
  return rows.map(toUserDto);
}

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [row] = await db
    .select()
    .from(user)
    .where(and(eq(sql`lower(${user.email})`, email.trim().toLowerCase()), notDeleted));
  return row ? toUserDto(row) : undefined;
}

export async function findUserById(db: Db, id: string): Promise<User | undefined> {
  const [row] = await db
    .select()
    .from(user)
    .where(and(eq(user.id, id), notDeleted));
  return row ? toUserDto(row) : undefined;
}

/**
 * Sets a user row's fields and tells every instance, in the same transaction, that sessions
 * cached from the older row are out of date (session-revocations.ts). `local` is this instance's
 * registry, told at once so that it never serves the old copy while the notice travels; the
 * `npm run make-admin` script has none, and the running servers learn it from the notice.
 */
async function changeUser(tx: Db, id: string, fields: Partial<typeof user.$inferInsert>, local: UserChanges | undefined, onlyIf?: SQL) {
  const at = new Date();
  const rows = await tx
    .update(user)
    .set({ ...fields, updatedAt: at })
    .where(and(eq(user.id, id), onlyIf))
    .returning({ id: user.id });
  if (rows.length > 0) {
    local?.userChanged(id, at);
    await announceUserChanged(tx, id, at);
  }
  return rows.length;
}

/**
 * Answers how many rows changed (0 when the user already was an admin, or her account was deleted:
 * also when the deletion commits between a route's look-up and this update).
 */
export async function makeAdmin(db: Db, id: string, local?: UserChanges): Promise<number> {
  return db.transaction((tx) => changeUser(tx, id, { role: 'admin' }, local, and(sql`${user.role} is distinct from 'admin'`, notDeleted)));
}

export type RemoveAdminOutcome = 'removed' | 'not-admin' | 'last-admin';

/**
 * Takes the admin role away, unless that would leave the salon with no admin. The admin rows are
 * locked first, so two admins demoting each other at once cannot both succeed.
 */
export async function removeAdmin(db: Db, id: string, local?: UserChanges): Promise<RemoveAdminOutcome> {
  return db.transaction(async (tx) => {
    const admins = await tx.select({ id: user.id }).from(user).where(eq(user.role, 'admin')).orderBy(asc(user.id)).for('update');
    if (!admins.some((a) => a.id === id)) return 'not-admin';
    if (admins.length <= 1) return 'last-admin';
    await changeUser(tx, id, { role: 'user' }, local);
    return 'removed';
  });
}

/** Her name and photo; sessions cached with the old ones are refreshed like a role change. */
export async function updateProfile(db: Db, id: string, changes: { name: string; image: string | null }, local?: UserChanges): Promise<number> {
  return db.transaction((tx) => changeUser(tx, id, changes, local));
}
