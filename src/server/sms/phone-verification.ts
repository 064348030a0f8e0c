import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { languageOf } from '../repositories/languages.js';
import { englishMessage, type CountedTemplate } from '../../shared/i18n/message-templates.js';
import type { Language } from '../../shared/i18n/language.js';
import type { Db } from '../db/client.js';
import { HttpError } from '../http-error.js';
import { consumeThrottle } from '../repositories/throttles.js';
import { insertQueuedSms } from '../repositories/sms.js';
import { countWrongCode, isProvenElsewhere, lockPhoneCode, markPhoneProven, readMyPhone, storePhone, storePhoneCode } from '../repositories/phones.js';
import type { SmsJob } from '../jobs/sms-jobs.js';
import type { JobTransaction } from '../jobs/queue.js';
import { smsTexts } from './texts.js';
import {
  CODE_MESSAGE,
  EXPIRED_CODE_MESSAGE,
  PHONE_CODE_MINUTES,
  PHONE_CODE_TRIES,
  PHONE_CODES_PER_HOUR,
  PHONE_TAKEN_MESSAGE,
  TOO_MANY_TRIES_MESSAGE,
  WRONG_CODE_MESSAGE,
  measureSms,
  type MyPhone,
} from '../../shared/sms.js';

export type PhoneVerificationDeps = { db: Db; queueText: (job: SmsJob, tx?: JobTransaction) => Promise<void> };

/**
 * The code is kept as a salted SHA-256. Six digits are a million guesses, so the hash does not
 * stand up to someone who reads the table and has time; what protects the code is its 10 minutes
 * and its 5 tries. The hash keeps it out of backups and of a glance at the table.
 */
function hashCode(code: string, salt = randomBytes(16).toString('hex')): string {
  return `${salt}$${createHash('sha256').update(`${salt}:${code}`).digest('hex')}`;
}

function codeMatches(code: string, stored: string): boolean {
  const [salt] = stored.split('$');
  if (!salt) return false;
  const expected = Buffer.from(stored);
  const given = Buffer.from(hashCode(code, salt));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const codeIssue = (message: string) => new HttpError(400, message, [{ path: 'code', message }]);

/** The refusals, as templates the errors catalogue translates with their number (messages.ts). */
const TOO_MANY_TO_ACCOUNT: CountedTemplate = {
  one: 'Too many codes sent to your account. Please wait {{count, number}} minute and try again.',
  other: 'Too many codes sent to your account. Please wait {{count, number}} minutes and try again.',
};
const TOO_MANY_TO_NUMBER: CountedTemplate = {
  one: 'Too many codes sent to this number. Please wait {{count, number}} minute and try again.',
  other: 'Too many codes sent to this number. Please wait {{count, number}} minutes and try again.',
};

async function refuseWhenThrottled(db: Db, key: string, template: CountedTemplate): Promise<void> {
  const verdict = await consumeThrottle(db, key, PHONE_CODES_PER_HOUR, 60 * 60);
  if (!verdict.allowed) throw new HttpError(429, englishMessage(template, { count: Math.ceil(verdict.retryAfterSeconds / 60) }));
}

/**
 * Sets her number and sends it a code. The same number, already proven, is kept as it is (no code).
 * Refused with 409 when another account proved the number, and with 429 when too many codes went
 * to her account or to that number in the last hour (a number cannot be flooded from many accounts).
 */
export async function requestPhoneCode(deps: PhoneVerificationDeps, userId: string, phone: string, requestLanguage?: Language): Promise<MyPhone> {
  const current = await readMyPhone(deps.db, userId);
  if (current.phone === phone && current.verified) return current;
  if (await isProvenElsewhere(deps.db, phone, userId)) throw new HttpError(409, PHONE_TAKEN_MESSAGE, [{ path: 'phone', message: PHONE_TAKEN_MESSAGE }]);
  await refuseWhenThrottled(deps.db, `phone-code:${userId}`, TOO_MANY_TO_ACCOUNT);
  await refuseWhenThrottled(deps.db, `phone-code-to:${phone}`, TOO_MANY_TO_NUMBER);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  // In the language she chose (docs/decisions/047); before she chooses, the page's she asked on.
  const text = smsTexts.verification({ code, language: (await languageOf(deps.db, userId)) ?? requestLanguage ?? 'en' });
  await deps.db.transaction(async (tx) => {
    await storePhone(tx, userId, phone);
    await storePhoneCode(tx, { userId, phone, codeHash: hashCode(code), minutes: PHONE_CODE_MINUTES });
    const messageId = await insertQueuedSms(tx, { userId, to: phone, kind: 'verification', text, length: measureSms(text) });
    await deps.queueText({ kind: 'verification', messageId }, tx);
  });
  return readMyPhone(deps.db, userId);
}

const isUniqueViolation = (err: unknown): boolean => {
  const code = (e: unknown) => (typeof e === 'object' && e !== null && 'code' in e ? (e as { code: unknown }).code : undefined);
  return code(err) === '23505' || (err instanceof Error && code(err.cause) === '23505');
};

type Answer = 'proven' | 'wrong' | 'too-many' | 'expired' | 'none' | 'changed';

/** Checks her answer. Each wrong one counts; after PHONE_CODE_TRIES the code is dead. */
export async function verifyPhoneCode(deps: PhoneVerificationDeps, userId: string, code: string): Promise<MyPhone> {
  let answer: Answer;
  try {
    answer = await deps.db.transaction(async (tx): Promise<Answer> => {
      const pending = await lockPhoneCode(tx, userId);
      if (!pending) return 'none';
      if (pending.tries >= PHONE_CODE_TRIES) return 'too-many';
      if (pending.expired) return 'expired';
      if (!codeMatches(code, pending.codeHash)) {
        await countWrongCode(tx, userId);
        return 'wrong';
      }
      return (await markPhoneProven(tx, userId, pending.phone)) ? 'proven' : 'changed';
    });
  } catch (err) {
    // Another account proved the same number between her code and her answer.
    if (isUniqueViolation(err)) throw new HttpError(409, PHONE_TAKEN_MESSAGE, [{ path: 'code', message: PHONE_TAKEN_MESSAGE }]);
    throw err;
  }
  switch (answer) {
    case 'proven':
      return readMyPhone(deps.db, userId);
    case 'wrong':
      throw codeIssue(WRONG_CODE_MESSAGE);
    case 'too-many':
      throw new HttpError(429, TOO_MANY_TRIES_MESSAGE, [{ path: 'code', message: TOO_MANY_TRIES_MESSAGE }]);
    case 'expired':
    case 'changed':
      throw codeIssue(EXPIRED_CODE_MESSAGE);
    case 'none':
      throw codeIssue(`${CODE_MESSAGE}: first ask for a code`);
  }
}
