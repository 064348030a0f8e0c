import { useId, useState } from 'react';
import { CheckCircle2, Inbox, Mail, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { contactReplyHref, type ContactMessage } from '@shared/contact';
import { QueryState } from '@/components/ui/query-state';
import { toast } from '@/lib/dialogs';
import { useSalonFormat } from '@/hooks/use-salon-format';
import { useChangeContactMessage } from '../api/change-contact-message';
import { useContactMessages } from '../api/get-contact-messages';

const senderName = (message: ContactMessage) => `${message.firstName} ${message.lastName}`.trim();

function StateBadge({ message }: { message: ContactMessage }) {
  const { t } = useTranslation('admin');
  if (message.handledAt) return <span className="badge border-success/40 bg-success/10 badge-sm font-medium whitespace-nowrap text-success">{t('messages.handled')}</span>;
  if (!message.readAt) return <span className="badge border-primary/40 bg-primary/10 badge-sm font-semibold whitespace-nowrap text-primary">{t('messages.unread')}</span>;
  return <span className="badge border-base-300 bg-base-200 badge-sm font-medium whitespace-nowrap text-base-content/80">{t('messages.read')}</span>;
}

function MessageCard({ message, timeZone }: { message: ContactMessage; timeZone: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const change = useChangeContactMessage();
  const name = senderName(message);
  const { t } = useTranslation('admin');
  const format = useSalonFormat();

  const toggle = () => {
    const opening = !open;
    setOpen(opening);
    // Opening is reading: the menu's count drops once an admin has seen it.
    if (opening && !message.readAt) change.mutate({ id: message._id, changes: { read: true } });
  };

  const setHandled = (handled: boolean) =>
    change.mutate(
      { id: message._id, changes: { handled } },
      {
        onSuccess: () => void toast({ title: handled ? t('messages.markedHandled') : t('messages.reopened') }),
        onError: (error) => void toast({ title: error.message, icon: 'error' }),
      },
    );

  return (
    <article
      aria-labelledby={`${id}-from`}
      className={`rounded-box bg-base-100 p-4 shadow-soft ring-1 sm:p-5 ${message.readAt ? 'ring-base-300/70' : 'ring-primary/50'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <div className="min-w-0">
          <h2 id={`${id}-from`} translate="no" className={`font-display text-lg ${message.readAt ? 'font-medium' : 'font-bold'}`}>
            {name}
          </h2>
          <p className="text-sm text-base-content/75">
            <time dateTime={message.createdAt}>{format.dateTime(message.createdAt, timeZone)}</time>
          </p>
        </div>
        <StateBadge message={message} />
      </div>
      {/* What a visitor wrote, in whatever language she wrote it: never translated. */}
      {open ? null : (
        <p className="mt-2 line-clamp-2 text-base-content/80" translate="no">
          {message.message}
        </p>
      )}
      <button
        type="button"
        className="btn mt-3 btn-outline btn-sm"
        aria-expanded={open}
        aria-controls={`${id}-body`}
        aria-label={open ? t('messages.closeFrom', { name }) : t('messages.openFrom', { name })}
        onClick={toggle}
      >
        {open ? t('messages.close') : t('messages.open')}
      </button>
      {open ? (
        <div id={`${id}-body`} className="mt-4 border-t border-base-300/70 pt-4">
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            <dt className="font-medium text-base-content/75">{t('messages.email')}</dt>
            <dd className="truncate" title={message.email} translate="no">
              {message.email}
            </dd>
            {message.phone ? (
              <>
                <dt className="font-medium text-base-content/75">{t('messages.phone')}</dt>
                <dd>
                  <a className="link" href={`tel:${message.phone.replace(/[^+\d]/g, '')}`}>
                    {message.phone}
                  </a>
                </dd>
              </>
            ) : null}
          </dl>
          <p className="mt-3 rounded-field bg-base-200/60 p-4 leading-relaxed break-words whitespace-pre-wrap" translate="no">
            {message.message}
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <a className="btn btn-sm btn-primary" href={contactReplyHref(message)} aria-label={t('messages.replyTo', { name })}>
              <Mail aria-hidden="true" className="size-4" />
              {t('messages.reply')}
            </a>
            {message.handledAt ? (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                aria-label={t('messages.reopenFrom', { name })}
                disabled={change.isPending}
                onClick={() => setHandled(false)}
              >
                <RotateCcw aria-hidden="true" className="size-4" />
                {t('messages.reopen')}
              </button>
            ) : (
              <button
                type="button"
                className="btn btn-outline btn-sm btn-success"
                aria-label={t('messages.markHandledFrom', { name })}
                disabled={change.isPending}
                onClick={() => setHandled(true)}
              >
                <CheckCircle2 aria-hidden="true" className="size-4" />
                {t('messages.markHandled')}
              </button>
            )}
          </div>
        </div>
      ) : null}
    </article>
  );
}

/** The contact form's messages, newest first: open one to read it, reply by e-mail, mark it handled. */
export function ContactInbox({ timeZone }: { timeZone: string }) {
  const messages = useContactMessages();
  const { t } = useTranslation('admin');
  return (
    <QueryState
      query={messages}
      className="mt-6"
      loading={{
        label: t('messages.loading'),
        rows: 3,
        row: (
          <>
            <div className="skeleton h-4 w-40" />
            <div className="skeleton h-4 flex-1" />
            <div className="skeleton h-5 w-16 rounded-full" />
          </>
        ),
      }}
      empty={{ icon: Inbox, title: t('messages.emptyTitle'), message: t('messages.emptyText') }}
    >
      {(list) => (
        <ul aria-label={t('messages.label')} className="mt-6 space-y-4">
          {list.map((message) => (
            <li key={message._id}>
              <MessageCard message={message} timeZone={timeZone} />
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
