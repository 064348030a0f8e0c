import { useId, type ReactNode } from 'react';
import { MailOpen } from 'lucide-react';
import type { OutboxMail, OutboxStatus } from '../../../../shared/outbox';
import { QueryState } from '../../../components/ui/query-state';
import { formatSalonDateTime } from '../../../../shared/calendar';
import { useOutbox } from '../api/get-outbox';

const statusLabels: Record<OutboxStatus, string> = {
  logged: 'Not sent (no mail server)',
  sent: 'Sent',
  failed: 'Failed',
};

const statusTone: Record<OutboxStatus, string> = {
  logged: 'border-base-300 bg-base-200 text-base-content/80',
  sent: 'border-success/40 bg-success/10 text-success',
  failed: 'border-error/40 bg-error/10 text-error',
};

const LINK = /(https?:\/\/[^\s<>"']+)/g;

/**
 * An e-mail address that may wrap before its '@' (and at its hyphens), not in the middle of the
 * host: a long address in the narrow column of a phone read 'example.co' and 'm' on two lines.
 */
function Address({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  if (at <= 0) return <>{address}</>;
  return (
    <>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </>
  );
}

/** The mail's plain text with its web addresses clickable (a reset link is the point of the page). */
function Body({ text }: { text: string }) {
  const parts: ReactNode[] = text.split(LINK).map((part, index) =>
    // split with a capturing group puts the matches at the odd places.
    index % 2 === 1 ? (
      <a key={index} href={part} className="link break-all link-primary">
        {part}
      </a>
    ) : (
      part
    ),
  );
  return <p className="mt-3 rounded-field bg-base-200/60 p-4 font-mono text-sm leading-relaxed break-words whitespace-pre-wrap">{parts}</p>;
}

function MailCard({ mail, timeZone }: { mail: OutboxMail; timeZone: string }) {
  const id = useId();
  return (
    <article aria-labelledby={`${id}-subject`} className="rounded-box bg-base-100 p-5 shadow-soft ring-1 ring-base-300/70">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={`${id}-subject`} className="font-display text-lg font-semibold">
          {mail.subject}
        </h2>
        <span className={`badge badge-sm font-medium whitespace-nowrap ${statusTone[mail.status]}`}>{statusLabels[mail.status]}</span>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-base-content/75">
        <dt className="font-medium">To</dt>
        <dd className="break-words">
          <Address address={mail.to} />
        </dd>
        <dt className="font-medium">Time</dt>
        <dd>
          <time dateTime={mail.createdAt}>{formatSalonDateTime(mail.createdAt, timeZone)}</time>
        </dd>
        {mail.attachments.length > 0 ? (
          <>
            <dt className="font-medium">Attached</dt>
            <dd className="break-all">{mail.attachments.join(', ')}</dd>
          </>
        ) : null}
        {mail.error ? (
          <>
            <dt className="font-medium">Error</dt>
            <dd className="text-error">{mail.error}</dd>
          </>
        ) : null}
      </dl>
      <Body text={mail.text} />
    </article>
  );
}

/** The e-mails the salon sent, newest first, each with its body. */
export function OutboxList({ timeZone }: { timeZone: string }) {
  const outbox = useOutbox();
  return (
    <QueryState
      query={outbox}
      className="mt-6"
      loading={{
        label: 'Loading the sent e-mails',
        rows: 3,
        row: (
          <>
            <div className="skeleton h-4 w-48" />
            <div className="skeleton h-4 flex-1" />
            <div className="skeleton h-5 w-16 rounded-full" />
          </>
        ),
      }}
      empty={{
        icon: MailOpen,
        title: 'No e-mails yet',
        message: 'Password-reset links and booking confirmations appear here once the salon sends them.',
      }}
    >
      {(mails) => (
        <ul aria-label="Sent e-mails" className="mt-6 space-y-4">
          {mails.map((mail) => (
            <li key={mail._id}>
              <MailCard mail={mail} timeZone={timeZone} />
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
