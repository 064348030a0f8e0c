import { sql } from 'drizzle-orm';
import type { App } from '../types.js';
import type { Account } from './accounts.js';
import { asUser } from './booking.js';
import { rowsOf } from '../db/rows.js';

let numbers = 0;

/** A Bangladeshi mobile number (E.164) no other test of this run uses. */
export function freshPhone(): string {
  numbers += 1;
  return `+88019${String(process.pid % 1000).padStart(3, '0')}${String(numbers).padStart(5, '0')}`;
}

/**
 * Gives her a proven number through the API: asks for a code and answers it, reading the code from
 * the text the queue wrote (the local sender keeps it; a gateway's row holds it too).
 */
export async function provePhone(app: App, who: Account, phone = freshPhone()): Promise<string> {
  const put = await asUser(app, who).put('/api/me/phone', { phone });
  if (put.statusCode !== 200) throw new Error(`phone refused: ${put.statusCode} ${put.body}`);
  const [row] = await rowsOf<{ text: string }>(app.db, sql`select text from sms_messages where user_id = ${who.id} and kind = 'verification' order by created_at desc limit 1`);
  const code = row && /^(\d{6})/.exec(row.text)?.[1];
  if (!code) throw new Error('no code written');
  const verified = await asUser(app, who).post('/api/me/phone/verify', { code });
  if (verified.statusCode !== 200) throw new Error(`code refused: ${verified.statusCode} ${verified.body}`);
  return phone;
}
