import { MessageSquareText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/ui/query-state';
import { useIntlLocale } from '@/hooks/use-language';
import { useSmsUsage } from '../api/get-sent-sms';

/** The admin home's count of the month's texts, and the SMS they cost (a long or Bangla text is several). */
export function SmsThisMonth() {
  const { t } = useTranslation('admin-tools');
  const locale = useIntlLocale();
  const usage = useSmsUsage();
  return (
    <QueryState query={usage} className="max-w-sm" loading={{ label: t('sms.counting'), rows: 1, row: <div className="skeleton h-10 flex-1" /> }}>
      {({ month, texts, segments }) => (
        <div className="flex max-w-sm items-center gap-4 rounded-box bg-base-100 p-5 shadow-soft ring-1 ring-base-300/70">
          <MessageSquareText aria-hidden="true" className="size-8 shrink-0 text-primary" />
          <dl>
            <dt className="text-sm text-base-content/75">
              {t('sms.thisMonth', {
                month: new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T12:00:00Z`)),
              })}
            </dt>
            <dd className="font-display text-2xl font-semibold">{new Intl.NumberFormat(locale).format(texts)}</dd>
            <dd className="text-sm text-base-content/75">{t('sms.billed', { count: segments })}</dd>
          </dl>
        </div>
      )}
    </QueryState>
  );
}
