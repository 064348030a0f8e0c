import { describe, expect, it } from 'vitest';
import { publicReviewerName } from './public-name.js';

describe('publicReviewerName: first name and the initial of the last', () => {
  it.each([
    ['Mim Akter', 'Mim A.'],
    ['Nusrat Jahan Chowdhury', 'Nusrat C.'],
    ['Mim', 'Mim'],
    ['  Mim   Akter  ', 'Mim A.'],
    ['Mim\u00a0\tAkter', 'Mim A.'],
    ['mim akter', 'mim A.'],
    ['Émilie Ørsted', 'Émilie Ø.'],
    ['মিম আক্তার', 'মিম আ.'],
    ['তাসনিম স্নিগ্ধা', 'তাসনিম স্ন.'],
    ['ফারহানা ক্ষমা', 'ফারহানা ক্ষ.'],
    ['রিমা', 'রিমা'],
    ['', ''],
    ['   ', ''],
  ])('%j → %j', (name, shown) => {
    expect(publicReviewerName(name)).toBe(shown);
  });
});
