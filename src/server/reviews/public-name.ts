/**
 * The name a testimonial shows the public: her first name and the initial of her last ('Mim A.'),
 * never her full surname, which stays on the server (the admin and she herself still see it). A
 * one-word name is shown as it is. Spaces of any kind, repeated or around the name, count as one
 * gap.
 *
 * The initial is the first grapheme cluster of the last word (what a reader sees as one letter,
 * so a Bangla conjunct such as 'ক্ত' stays whole), without a trailing vowel sign: 'আক্তার' gives 'আ',
 * 'স্নিগ্ধা' gives 'স্ন'.
 */
export function publicReviewerName(fullName: string): string {
  const words = fullName.normalize('NFC').trim().split(/\s+/u).filter(Boolean);
  const first = words[0];
  if (first === undefined) return '';
  if (words.length === 1) return first;
  const last = words[words.length - 1]!;
  const [cluster] = graphemes.segment(last);
  const letter = cluster?.segment ?? last;
  const initial = letter.replace(/\p{M}+$/u, '') || letter;
  return `${first} ${initial.toLocaleUpperCase()}.`;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
