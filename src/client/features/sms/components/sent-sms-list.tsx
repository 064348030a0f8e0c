import { useId } from 'react';
import { MessageSquareText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SentSms, SmsStatus } from '@shared/sms';
import { formatPhone } from '@shared/phone';
import { languageOfText } from '@shared/i18n/language';
import { QueryState } from '@/components/ui/query-state';
import { useSalonFormat } from '@/hooks/use-salon-format';
import { useSentSms } from '../api/get-sent-sms';

const statusTone: Record<SmsStatus, string> = {
  queued: 'border-base-300 bg-base-200 text-base-content/80',
  sending: 'border-base-300 bg-base-200 text-base-content/80',
  logged: 'border-base-300 bg-base-200 text-base-content/80',
  sent: 'border-success/40 bg-success/10 text-success',
  failed: 'border-error/40 bg-error/10 text-error',
};

function SmsCard({ sms, timeZone }: { sms: SentSms; timeZone: string }) {
  const { t } = useTranslation('admin-tools');
  const format = useSalonFormat();
  const id = useId();
  return (
    <article aria-labelledby={`${id}-kind`} className="rounded-box bg-base-100 p-5 shadow-soft ring-1 ring-base-300/70">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={`${id}-kind`} className="font-display text-lg font-semibold">
          {t(`sms.kinds.${sms.kind}`)}
        </h2>
        <span className={`badge h-auto min-h-5 badge-sm font-medium ${statusTone[sms.status]}`}>
          {sms.status === 'logged' ? t('sms.logged') : t(`sent.statuses.${sms.status}`)}
        </span>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-base-content/75">
        <dt className="font-medium">{t('sent.to')}</dt>
        <dd className="break-words">{sms.to ? formatPhone(sms.to) : t('sms.deletedAccount')}</dd>
        <dt className="font-medium">{t('sent.time')}</dt>
        <dd>
          <time dateTime={sms.createdAt}>{format.dateTime(sms.createdAt, timeZone)}</time>
        </dd>
        <dt className="font-medium">{t('sms.length')}</dt>
        <dd>{t('sms.parts', { count: sms.segments, encoding: t(`sms.encodings.${sms.encoding}`) })}</dd>
        {sms.error ? (
          <>
            <dt className="font-medium">{t('sent.error')}</dt>
            {/* The gateway's own words. */}
            <dd className="break-words text-error" lang={languageOfText(sms.error)}>
              {sms.error}
            </dd>
          </>
        ) : null}
      </dl>
      <p
        lang={languageOfText(sms.text)}
        className="mt-3 rounded-field bg-base-200/60 p-4 font-mono text-sm leading-relaxed break-words whitespace-pre-wrap"
      >
        {sms.text}
      </p>
    </article>
  );
}

/** The texts the salon sent, newest first, each with its words and what it cost. */
export function SentSmsList({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation('admin-tools');
  const texts = useSentSms();
  return (
    <QueryState
      query={texts}
      className="mt-6"
      loading={{
        label: t('sms.loading'),
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
        title: t('sms.empty.title'),
        message: t('sms.empty.message'),
      }}
    >
      {(list) => (
        <ul aria-label={t('sms.listLabel')} className="mt-6 space-y-4">
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
