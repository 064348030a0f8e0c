import { useId, type ReactNode } from 'react';
import { MailOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { OutboxMail, OutboxStatus } from '@shared/outbox';
import { QueryState } from '@/components/ui/query-state';
import { languageOfText } from '@shared/i18n/language';
import { useSalonFormat } from '@/hooks/use-salon-format';
import { useOutbox } from '../api/get-outbox';

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
      <a key={index} href={part} className="link break-all link-primary" translate="no">
        {part}
      </a>
    ) : (
      part
    ),
  );
  return <p lang={languageOfText(text)} className="mt-3 rounded-field bg-base-200/60 p-4 font-mono text-sm leading-relaxed break-words whitespace-pre-wrap">{parts}</p>;
}

function MailCard({ mail, timeZone }: { mail: OutboxMail; timeZone: string }) {
  const { t } = useTranslation('admin-tools');
  const format = useSalonFormat();
  const id = useId();
  return (
    <article aria-labelledby={`${id}-subject`} className="rounded-box bg-base-100 p-5 shadow-soft ring-1 ring-base-300/70">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={`${id}-subject`} className="font-display text-lg font-semibold" lang={languageOfText(mail.subject)}>
          {mail.subject}
        </h2>
        <span className={`badge h-auto min-h-5 badge-sm font-medium ${statusTone[mail.status]}`}>
          {mail.status === 'logged' ? t('outbox.logged') : t(`sent.statuses.${mail.status}`)}
        </span>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-base-content/75">
        <dt className="font-medium">{t('sent.to')}</dt>
        <dd className="break-words" translate="no">
          <Address address={mail.to} />
        </dd>
        <dt className="font-medium">{t('sent.time')}</dt>
        <dd>
          <time dateTime={mail.createdAt}>{format.dateTime(mail.createdAt, timeZone)}</time>
        </dd>
        {mail.attachments.length > 0 ? (
          <>
            <dt className="font-medium">{t('outbox.attached')}</dt>
            <dd className="break-all" translate="no">{mail.attachments.join(', ')}</dd>
          </>
        ) : null}
        {mail.error ? (
          <>
            <dt className="font-medium">{t('sent.error')}</dt>
            <dd className="text-error" lang={languageOfText(mail.error)}>{mail.error}</dd>
          </>
        ) : null}
      </dl>
      <Body text={mail.text} />
    </article>
  );
}

/** The e-mails the salon sent, newest first, each with its body. */
export function OutboxList({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation('admin-tools');
  const outbox = useOutbox();
  return (
    <QueryState
      query={outbox}
      className="mt-6"
      loading={{
        label: t('outbox.loading'),
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
        title: t('outbox.empty.title'),
        message: t('outbox.empty.message'),
      }}
    >
      {(mails) => (
        <ul aria-label={t('outbox.listLabel')} className="mt-6 space-y-4">
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
