import { useId } from 'react';
import { MessageSquareText } from 'lucide-react';
import type { SentSms, SmsStatus } from '../../../../shared/sms';
import { formatPhone } from '../../../../shared/phone';
import { formatSalonDateTime } from '../../../../shared/calendar';
import { QueryState } from '../../../components/ui/query-state';
import { useSentSms } from '../api/get-sent-sms';

const statusLabels: Record<SmsStatus, string> = {
  queued: 'Waiting',
  sending: 'Sending',
  logged: 'Not sent (no SMS gateway)',
  sent: 'Sent',
  failed: 'Failed',
};

const statusTone: Record<SmsStatus, string> = {
  queued: 'border-base-300 bg-base-200 text-base-content/80',
  sending: 'border-base-300 bg-base-200 text-base-content/80',
  logged: 'border-base-300 bg-base-200 text-base-content/80',
  sent: 'border-success/40 bg-success/10 text-success',
  failed: 'border-error/40 bg-error/10 text-error',
};

const kindLabels: Record<SentSms['kind'], string> = {
  verification: 'Verification code',
  confirmation: 'Confirmation',
  reminder: 'Reminder',
  moved: 'Moved',
  cancelled: 'Cancelled',
  'waitlist-offer': 'Waitlist offer',
};

function SmsCard({ sms, timeZone }: { sms: SentSms; timeZone: string }) {
  const id = useId();
  return (
    <article aria-labelledby={`${id}-kind`} className="rounded-box bg-base-100 p-5 shadow-soft ring-1 ring-base-300/70">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={`${id}-kind`} className="font-display text-lg font-semibold">
          {kindLabels[sms.kind]}
        </h2>
        <span className={`badge badge-sm font-medium whitespace-nowrap ${statusTone[sms.status]}`}>{statusLabels[sms.status]}</span>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-base-content/75">
        <dt className="font-medium">To</dt>
        <dd className="break-words">{sms.to ? formatPhone(sms.to) : 'A deleted account'}</dd>
        <dt className="font-medium">Time</dt>
        <dd>
          <time dateTime={sms.createdAt}>{formatSalonDateTime(sms.createdAt, timeZone)}</time>
        </dd>
        <dt className="font-medium">Length</dt>
        <dd>
          {sms.segments} SMS {sms.segments === 1 ? 'part' : 'parts'} ({sms.encoding === 'gsm7' ? 'GSM-7' : 'Unicode'})
        </dd>
        {sms.error ? (
          <>
            <dt className="font-medium">Error</dt>
            <dd className="break-words text-error">{sms.error}</dd>
          </>
        ) : null}
      </dl>
      <p className="mt-3 rounded-field bg-base-200/60 p-4 font-mono text-sm leading-relaxed break-words whitespace-pre-wrap">{sms.text}</p>
    </article>
  );
}

/** The texts the salon sent, newest first, each with its words and what it cost. */
export function SentSmsList({ timeZone }: { timeZone: string }) {
  const texts = useSentSms();
  return (
    <QueryState
      query={texts}
      className="mt-6"
      loading={{
        label: 'Loading the sent texts',
        rows: 3,
        row: (
          <>
            <div className="skeleton h-4 w-40" />
            <div className="skeleton h-4 flex-1" />
            <div className="skeleton h-5 w-16 rounded-full" />
          </>
        ),
      }}
      empty={{
        icon: MessageSquareText,
        title: 'No texts yet',
        message: 'Verification codes and appointment texts appear here once the salon sends them.',
      }}
    >
      {(list) => (
        <ul aria-label="Sent SMS" className="mt-6 space-y-4">
          {list.map((sms) => (
            <li key={sms._id}>
              <SmsCard sms={sms} timeZone={timeZone} />
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
