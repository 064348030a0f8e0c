import { MessageSquareText } from 'lucide-react';
import { ErrorState } from '../../../components/ui/error-state';
import { useSmsUsage } from '../api/get-sent-sms';

const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The admin home's count of the month's texts, and the SMS they cost (a long or Bangla text is several). */
export function SmsThisMonth() {
  const usage = useSmsUsage();
  if (usage.isPending) return <div role="status" aria-label="Counting this month's texts" className="skeleton h-20 w-full max-w-sm rounded-box" />;
  if (usage.isError) return <ErrorState title="The texts could not be counted" message={usage.error.message} onRetry={() => void usage.refetch()} isRetrying={usage.isFetching} />;
  const { month, texts, segments } = usage.data;
  return (
    <div className="flex max-w-sm items-center gap-4 rounded-box bg-base-100 p-5 shadow-soft ring-1 ring-base-300/70">
      <MessageSquareText aria-hidden="true" className="size-8 shrink-0 text-primary" />
      <dl>
        <dt className="text-sm text-base-content/75">SMS sent in {MONTH.format(new Date(`${month}-01T12:00:00Z`))}</dt>
        <dd className="font-display text-2xl font-semibold">{texts.toLocaleString('en-GB')}</dd>
        <dd className="text-sm text-base-content/75">
          {segments.toLocaleString('en-GB')} SMS {segments === 1 ? 'part' : 'parts'} billed
        </dd>
      </dl>
    </div>
  );
}
