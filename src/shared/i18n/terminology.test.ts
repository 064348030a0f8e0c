/**
 * The Bangla catalogues held to docs/bangla-style.md: one word for each of our concepts (the
 * glossary's rejected variants do not come back), the আপনি register only, and the দাঁড়ি (।)
 * where the English ends a sentence with a full stop.
 */
import { describe, expect, it } from 'vitest';
import { flatten, namespacesOf, read } from './catalogue-files.js';

/** Not a Bengali letter on that side: Bangla words have no \b in a JavaScript pattern. */
const word = (alternatives: string) => new RegExp(`(?<![\\u0980-\\u09FF])(?:${alternatives})(?![\\u0980-\\u09FF])`);

/** A variant the glossary rejects, and the word to write instead (docs/bangla-style.md). */
interface Rejected {
  variant: RegExp;
  use: string;
  concept: string;
  /** Only where the English text matches this: the variant is a right word for another concept. */
  english?: RegExp;
}

const REJECTED: readonly Rejected[] = [
  { variant: /সালন/, use: 'সেলুন', concept: 'salon' },
  { variant: /ডিপোজিট/, use: 'অগ্রিম', concept: 'deposit' },
  { variant: /ই-মেইল/, use: 'ইমেইল', concept: 'e-mail' },
  { variant: /পৃষ্ঠা|পাতাটি|পাতায়|এখনকার পাতা/, use: 'পেজ', concept: 'page' },
  { variant: /ট্রিটমেন্ট/, use: 'সেবা', concept: 'service / treatment' },
  { variant: /ভিজিট(?!র)/, use: 'অ্যাপয়েন্টমেন্ট', concept: 'visit / appointment' },
  { variant: /ভিজিটর/, use: 'দর্শক', concept: "the site's visitors" },
  { variant: /না-আসা হিসেবে/, use: 'আসেননি হিসেবে', concept: 'marking a no-show (the status is আসেননি)' },
  { variant: /অপেক্ষা তালিকা|অপেক্ষমাণ তালিকা|ওয়েটলিস্ট/, use: 'অপেক্ষা-তালিকা', concept: 'waitlist' },
  { variant: /রকেট/, use: 'Rocket', concept: 'the Rocket wallet (LATIN_NAMES)' },
  { variant: /বিকাশ/, use: 'bKash', concept: 'the bKash wallet (LATIN_NAMES)' },
  { variant: /নগদ বা|বা নগদ/, use: 'Nagad', concept: 'the Nagad wallet beside another (নগদ alone is cash)' },
  { variant: /এসএমএস/, use: 'SMS', concept: 'SMS (LATIN_NAMES)' },
  { variant: /মেসেজ/, use: 'SMS (a text) or বার্তা (a message)', concept: 'text message' },
  { variant: /সিএসভি/, use: 'CSV', concept: 'CSV (LATIN_NAMES)' },
  { variant: /ছাঁক|এই বাছাইয়ে/, use: 'ফিল্টার', concept: 'filter' },
  { variant: /রিফান্ড/, use: 'ফেরত', concept: 'refund' },
  { variant: /ক্লায়েন্ট/, use: 'গ্রাহক', concept: 'customer / client' },
  { variant: /রিসিট/, use: 'রসিদ', concept: 'receipt' },
  { variant: /লগ-ইন|লগ ইন|সাইন ইন|সাইন-ইন/, use: 'লগইন', concept: 'log in / sign in' },
  { variant: /লগ-আউট|লগ আউট|সাইন আউট|সাইন-আউট/, use: 'লগআউট', concept: 'log out / sign out' },
  { variant: /এখনও/, use: 'এখনো', concept: 'yet / still (one spelling)' },
  { variant: /তারকা/, use: 'তারা', concept: 'star (rating)' },
  { variant: /কিছু একটা ভুল হয়েছে/, use: 'কিছু একটা সমস্যা হয়েছে', concept: 'something went wrong' },
  { variant: word('বুকের'), use: 'বুকিংয়ের', concept: 'booking (বুক alone is a noun: chest)' },
  { variant: word('আসছে'), use: 'লোড হচ্ছে', concept: "'Loading …' (আসছে stays for who is coming, what is on its way)", english: /^Loading\b/ },
  { variant: /সঙ্গে/, use: 'সাথে (সাথে সাথে, একসাথে)', concept: 'with' },
  { variant: /দয়া করে/, use: 'অনুগ্রহ করে', concept: 'please' },
  { variant: /হালনাগাদ/, use: 'আপডেট', concept: 'update' },
  { variant: word('না-পড়া|না পড়া'), use: 'অপঠিত', concept: 'unread' },
  { variant: /পাওনা/, use: 'বাকি', concept: "an amount due, her side and the salon's ('X-এর পাওনা' reads as what X is owed)" },
];

/** তুমি and তুই forms, pronouns and verbs: the site speaks to her as আপনি only. */
const FAMILIAR = word(
  'তুমি|তোমার|তোমাকে|তোমাদের|তোমরা|তুই|তোর|তোকে|করো|দাও|নাও|যাও|দেখো|বলো|লেখো|চাও|পারো|এসো|বসো|জানাও|বেছে নাও|করেছ|দিয়েছ|পেয়েছ',
);

/** How a text ends: its last mark, once tags and trailing spaces are off; a run of dots is an ellipsis. */
function ending(text: string): string {
  const bare = text.replace(/<\/?\w+>/g, '').trimEnd();
  if (/(\.{2,}|…)$/.test(bare)) return '…';
  return bare.slice(-1);
}

/** The English sentence end and the Bangla one it takes: the দাঁড়ি for the full stop. */
const SENTENCE_END: Record<string, string> = { '.': '।', '?': '?', '!': '!', ':': ':', '…': '…' };
/** A full stop that is neither part of an ellipsis nor of a number (০.০১, 0.01) or a name. */
const LATIN_FULL_STOP = /(?<![.\d০-৯])\.(?![.\d০-৯A-Za-z])/;

const bangla = namespacesOf('bn').flatMap((namespace) => {
  const english = flatten(read('en', namespace));
  return [...flatten(read('bn', namespace))].map(([key, text]) => ({ at: `${namespace}:${key}`, text, english: english.get(key) ?? '' }));
});

describe('the Bangla catalogues', () => {
  it('are read, every namespace', () => {
    expect(bangla.length).toBeGreaterThan(1000);
  });

  it("use the glossary's word for each concept, never a rejected variant", () => {
    const found: string[] = [];
    for (const { at, text, english } of bangla) {
      for (const { variant, use, concept, english: where } of REJECTED) {
        if (where && !where.test(english)) continue;
        const hit = text.match(variant);
        if (hit) found.push(`${at}: '${hit[0]}' (${concept}): write '${use}'`);
      }
    }
    expect(found).toEqual([]);
  });

  it('speak to her as আপনি: no তুমি or তুই form', () => {
    const found = bangla.flatMap(({ at, text }) => {
      const hit = text.match(FAMILIAR);
      return hit ? [`${at}: '${hit[0]}'`] : [];
    });
    expect(found).toEqual([]);
  });

  it('end a sentence with the দাঁড়ি where the English ends it with a full stop, and the same ? ! : otherwise', () => {
    const found: string[] = [];
    for (const { at, text, english } of bangla) {
      const wanted = SENTENCE_END[ending(english)];
      const end = ending(text);
      if (wanted !== undefined && end !== wanted) found.push(`${at}: ends '${end}', the English '${ending(english)}': write '${wanted}'`);
      if (wanted === undefined && end === '।') found.push(`${at}: ends '।' but the English is no sentence ('${ending(english)}')`);
      if (LATIN_FULL_STOP.test(text)) found.push(`${at}: a Latin full stop: write '।'`);
      if (/\s।|।।/.test(text)) found.push(`${at}: a space before '।', or '।।'`);
    }
    expect(found).toEqual([]);
  });
});
