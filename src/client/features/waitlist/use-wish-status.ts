import { useTranslation } from 'react-i18next';
import { placeInLine, type Wish } from '@shared/waitlist';
import { useLanguage } from '@/hooks/use-language';
import { useSalonFormat } from '@/hooks/use-salon-format';

/**
 * A wish's state in a few words, in the page's language: its place in line while open ('1st in
 * line', 'লাইনে ১ নম্বরে'), else how it ended. Her own waitlist and the admin's day say it alike.
 */
export function useWishStatus(): (wish: Pick<Wish, 'status' | 'place'>) => string {
  const { t } = useTranslation('booking');
  const format = useSalonFormat();
  const language = useLanguage();
  // English says '1st', '2nd' (the shared wording's first word); Bangla the number, in its digits.
  const ordinal = (place: number) => (language === 'en' ? (placeInLine(place).split(' ')[0] ?? '') : format.number(place));
  return (wish) => {
    if (wish.status === 'waiting' || wish.status === 'offered') {
      return wish.place === null ? t('waitlist.status.waiting') : t('waitlist.place', { ordinal: ordinal(wish.place) });
    }
    if (wish.status === 'booked') return t('waitlist.status.booked');
    if (wish.status === 'lapsed') return t('waitlist.status.lapsed');
    return t('waitlist.status.left');
  };
}
