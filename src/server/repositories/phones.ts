import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { PHONE_CODE_TRIES, type MyPhone } from '../../shared/sms.js';

/** Her number, whether it is proven, her SMS choice, and the code waiting for her answer. */
export async function readMyPhone(db: Db, userId: string): Promise<MyPhone> {
  const [row] = await rowsOf<{ phone: string | null; verified: boolean | null; opt_out: boolean | null; code_expires_at: Date | string | null }>(db, sql`
    select p.phone, p.phone_verified_at is not null as verified, s.opt_out,
      (select c.expires_at from phone_codes c where c.user_id = u.id and c.phone = p.phone and c.expires_at > now() and c.tries < ${PHONE_CODE_TRIES}) as code_expires_at
    from "user" u left join user_profiles p on p.user_id = u.id left join sms_preferences s on s.user_id = u.id
    where u.id = ${userId}`);
  return {
    phone: row?.phone ?? null,
    verified: Boolean(row?.phone && row.verified),
    smsOptOut: row?.opt_out ?? false,
    codeExpiresAt: row?.code_expires_at ? new Date(row.code_expires_at).toISOString() : null,
  };
}

/** Whether another account has proven this number (each number is proven on one account at most). */
export async function isProvenElsewhere(db: Db, phone: string, userId: string): Promise<boolean> {
  const rows = await rowsOf(db, sql`select 1 from user_profiles where phone = ${phone} and phone_verified_at is not null and user_id <> ${userId}`);
  return rows.length > 0;
}

/** Sets her number; a different number than the stored one is not proven until its code comes back. */
export async function storePhone(db: Db, userId: string, phone: string): Promise<void> {
  await db.execute(sql`
    insert into user_profiles (user_id, phone, phone_verified_at, updated_at) values (${userId}, ${phone}, null, now())
    on conflict (user_id) do update set
      phone = excluded.phone,
      phone_verified_at = case when user_profiles.phone = excluded.phone then user_profiles.phone_verified_at end,
      updated_at = now()`);
}

/** The new code for her number, replacing any earlier one (its wrong answers start again). */
export async function storePhoneCode(db: Db, code: { userId: string; phone: string; codeHash: string; minutes: number }): Promise<{ createdAt: Date }> {
  const [row] = await rowsOf<{ created_at: Date | string }>(db, sql`
    insert into phone_codes (user_id, phone, code_hash, tries, expires_at, created_at)
    values (${code.userId}, ${code.phone}, ${code.codeHash}, 0, now() + make_interval(mins => ${code.minutes}), now())
    on conflict (user_id) do update set phone = excluded.phone, code_hash = excluded.code_hash, tries = 0, expires_at = excluded.expires_at, created_at = excluded.created_at
    returning created_at`);
  if (!row) throw new Error('the code was not stored');
  return { createdAt: new Date(row.created_at) };
}

export type PendingCode = { phone: string; codeHash: string; tries: number; expired: boolean };

/** Her waiting code, locked until the transaction ends: two answers at once count as two tries. */
export async function lockPhoneCode(tx: Db, userId: string): Promise<PendingCode | undefined> {
  const [row] = await rowsOf<{ phone: string; code_hash: string; tries: number; expired: boolean }>(tx, sql`
    select phone, code_hash, tries, expires_at <= now() as expired from phone_codes where user_id = ${userId} for update`);
  return row && { phone: row.phone, codeHash: row.code_hash, tries: Number(row.tries), expired: row.expired };
}

export async function countWrongCode(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`update phone_codes set tries = tries + 1 where user_id = ${userId}`);
}

/**
 * Marks her number proven and uses the code up. The unique index on proven numbers refuses it
 * (23505) when another account proved the same number meanwhile. False when her number changed.
 */
export async function markPhoneProven(tx: Db, userId: string, phone: string): Promise<boolean> {
  const rows = await rowsOf(tx, sql`
    update user_profiles set phone_verified_at = now(), updated_at = now() where user_id = ${userId} and phone = ${phone} returning 1`);
  await tx.execute(sql`delete from phone_codes where user_id = ${userId}`);
  return rows.length > 0;
}

/** Removes her number and any code for it. */
export async function removePhone(db: Db, userId: string): Promise<void> {
  await db.execute(sql`update user_profiles set phone = null, phone_verified_at = null, updated_at = now() where user_id = ${userId}`);
  await db.execute(sql`delete from phone_codes where user_id = ${userId}`);
}

export async function setSmsOptOut(db: Db, userId: string, optOut: boolean): Promise<void> {
  await db.execute(sql`
    insert into sms_preferences (user_id, opt_out, updated_at) values (${userId}, ${optOut}, now())
    on conflict (user_id) do update set opt_out = excluded.opt_out, updated_at = now()`);
}

/** An account's number, codes and SMS choice go (account deletion). */
export async function erasePhoneOf(db: Db, userId: string): Promise<void> {
  await db.execute(sql`delete from user_profiles where user_id = ${userId}`);
  await db.execute(sql`delete from phone_codes where user_id = ${userId}`);
  await db.execute(sql`delete from sms_preferences where user_id = ${userId}`);
}
