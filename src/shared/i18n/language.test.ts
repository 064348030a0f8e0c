import { describe, expect, it } from 'vitest';
import { intlLocale, languageFromCookie, languageOfPath, languageOfText, negotiateLanguage, pathIn, withoutLanguage } from './language.js';

describe('where each language lives', () => {
  it('reads /bn and /bn/… as Bangla and nothing else', () => {
    expect(languageOfPath('/bn')).toBe('bn');
    expect(languageOfPath('/bn/')).toBe('bn');
    expect(languageOfPath('/bn/dashboard/userhome')).toBe('bn');
    expect(languageOfPath('/bnx')).toBe('en');
    expect(languageOfPath('/team/bn')).toBe('en');
    expect(languageOfPath('/')).toBe('en');
  });

  it('moves an address between the languages, keeping its search and hash', () => {
    expect(pathIn('bn', '/')).toBe('/bn/');
    expect(pathIn('bn', '/team')).toBe('/bn/team');
    expect(pathIn('bn', '/?stylist=7#services')).toBe('/bn/?stylist=7#services');
    expect(pathIn('bn', '/bn/team')).toBe('/bn/team');
    expect(pathIn('en', '/bn/team?x=1')).toBe('/team?x=1');
    expect(pathIn('en', '/bn')).toBe('/');
    expect(pathIn('en', '/bn/#contact')).toBe('/#contact');
    expect(withoutLanguage('/bn/dashboard')).toBe('/dashboard');
  });
});

describe('which language a visitor gets', () => {
  it("takes the highest-weighted of ours from Accept-Language, by primary tag", () => {
    expect(negotiateLanguage('bn-BD,bn;q=0.9,en-US;q=0.8')).toBe('bn');
    expect(negotiateLanguage('en-US,en;q=0.9,bn;q=0.8')).toBe('en');
    expect(negotiateLanguage('en;q=0.4, BN;q=0.7')).toBe('bn');
    expect(negotiateLanguage('fr, de;q=0.5')).toBeNull();
    expect(negotiateLanguage('bn;q=0, en;q=0.1')).toBe('en');
    expect(negotiateLanguage('bn;q=abc')).toBeNull();
    expect(negotiateLanguage(undefined)).toBeNull();
  });

  it('reads her choice from the cookie, ignoring other cookies and unknown values', () => {
    expect(languageFromCookie('a=1; parlour_lang=bn; b=2')).toBe('bn');
    expect(languageFromCookie('parlour_lang=xx')).toBeNull();
    expect(languageFromCookie('xparlour_lang=bn')).toBeNull();
    expect(languageFromCookie(undefined)).toBeNull();
  });

  it('writes Bangla with Bengali digits, or Latin ones when the salon asks', () => {
    expect(new Intl.NumberFormat(intlLocale('bn')).format(125000)).toBe('১,২৫,০০০');
    expect(new Intl.NumberFormat(intlLocale('bn', true)).format(125000)).toBe('1,25,000');
    expect(new Intl.NumberFormat(intlLocale('en')).format(125000)).toBe('125,000');
  });
});

describe('languageOfText', () => {
  it('reads Bengali letters as Bangla, and English with a taka sign or Bengali digits as English', () => {
    expect(languageOfText('চমৎকার সেবা')).toBe('bn');
    expect(languageOfText('Great service, আবার আসব')).toBe('bn');
    expect(languageOfText('Thank you for your payment of ৳1,200.')).toBe('en');
    expect(languageOfText('Booking ১২ confirmed')).toBe('en');
  });
});
