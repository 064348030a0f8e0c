import { MessageSquareText } from 'lucide-react';
import { QueryState } from '../../../components/ui/query-state';
import { useSmsUsage } from '../api/get-sent-sms';

const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The admin home's count of the month's texts, and the SMS they cost (a long or Bangla text is several). */
export function SmsThisMonth() {
  const usage = useSmsUsage();
  return (
    <QueryState
      query={usage}
      className="max-w-sm"
      loading={{ label: "Counting this month's texts", rows: 1, row: <div className="skeleton h-10 flex-1" /> }}
    >
      {({ month, texts, segments }) => (
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
      )}
    </QueryState>
  );
}
