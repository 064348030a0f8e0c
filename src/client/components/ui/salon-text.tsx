import { useSalonText } from '@/hooks/use-language';

/**
 * Words the salon wrote (a service's title): its Bangla ones on a Bangla page when it wrote them,
 * else the English, marked `lang="en"` so a screen reader reads them with an English voice
 * (docs/decisions/050).
 */
export function SalonText({ en, bn }: { en: string; bn: string | null | undefined }) {
  const { text, lang } = useSalonText(en, bn);
  return lang ? <span lang={lang}>{text}</span> : <>{text}</>;
}
