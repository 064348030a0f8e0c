import { useId, useState } from 'react';
import { CheckCircle2, Inbox, Mail, RotateCcw } from 'lucide-react';
import { contactReplyHref, type ContactMessage } from '../../../../shared/contact';
import { QueryState } from '../../../components/ui/query-state';
import { toast } from '../../../lib/dialogs';
import { formatSalonDateTime } from '../../../../shared/calendar';
import { useChangeContactMessage } from '../api/change-contact-message';
import { useContactMessages } from '../api/get-contact-messages';

const senderName = (message: ContactMessage) => `${message.firstName} ${message.lastName}`.trim();

function StateBadge({ message }: { message: ContactMessage }) {
  if (message.handledAt) return <span className="badge border-success/40 bg-success/10 badge-sm font-medium whitespace-nowrap text-success">Handled</span>;
  if (!message.readAt) return <span className="badge border-primary/40 bg-primary/10 badge-sm font-semibold whitespace-nowrap text-primary">Unread</span>;
  return <span className="badge border-base-300 bg-base-200 badge-sm font-medium whitespace-nowrap text-base-content/80">Read</span>;
}

function MessageCard({ message, timeZone }: { message: ContactMessage; timeZone: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const change = useChangeContactMessage();
  const name = senderName(message);

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
        onSuccess: () => void toast({ title: handled ? 'Marked handled' : 'Reopened' }),
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
          <h2 id={`${id}-from`} className={`font-display text-lg ${message.readAt ? 'font-medium' : 'font-bold'}`}>
            {name}
          </h2>
          <p className="text-sm text-base-content/75">
            <time dateTime={message.createdAt}>{formatSalonDateTime(message.createdAt, timeZone)}</time>
          </p>
        </div>
        <StateBadge message={message} />
      </div>
      {open ? null : <p className="mt-2 line-clamp-2 text-base-content/80">{message.message}</p>}
      <button
        type="button"
        className="btn mt-3 btn-outline btn-sm"
        aria-expanded={open}
        aria-controls={`${id}-body`}
        aria-label={`${open ? 'Close message' : 'Open message'} from ${name}`}
        onClick={toggle}
      >
        {open ? 'Close message' : 'Open message'}
      </button>
      {open ? (
        <div id={`${id}-body`} className="mt-4 border-t border-base-300/70 pt-4">
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            <dt className="font-medium text-base-content/75">E-mail</dt>
            <dd className="truncate" title={message.email}>
              {message.email}
            </dd>
            {message.phone ? (
              <>
                <dt className="font-medium text-base-content/75">Phone</dt>
                <dd>
                  <a className="link" href={`tel:${message.phone.replace(/[^+\d]/g, '')}`}>
                    {message.phone}
                  </a>
                </dd>
              </>
            ) : null}
          </dl>
          <p className="mt-3 rounded-field bg-base-200/60 p-4 leading-relaxed break-words whitespace-pre-wrap">{message.message}</p>
          <div className="mt-4 flex flex-wrap gap-2">
            <a className="btn btn-sm btn-primary" href={contactReplyHref(message)} aria-label={`Reply by e-mail to ${name}`}>
              <Mail aria-hidden="true" className="size-4" />
              Reply by e-mail
            </a>
            {message.handledAt ? (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                aria-label={`Reopen the message from ${name}`}
                disabled={change.isPending}
                onClick={() => setHandled(false)}
              >
                <RotateCcw aria-hidden="true" className="size-4" />
                Reopen
              </button>
            ) : (
              <button
                type="button"
                className="btn btn-outline btn-sm btn-success"
                aria-label={`Mark handled the message from ${name}`}
                disabled={change.isPending}
                onClick={() => setHandled(true)}
              >
                <CheckCircle2 aria-hidden="true" className="size-4" />
                Mark handled
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
  return (
    <QueryState
      query={messages}
      className="mt-6"
      loading={{
        label: 'Loading the messages',
        rows: 3,
        row: (
          <>
            <div className="skeleton h-4 w-40" />
            <div className="skeleton h-4 flex-1" />
            <div className="skeleton h-5 w-16 rounded-full" />
          </>
        ),
      }}
      empty={{ icon: Inbox, title: 'No messages yet', message: 'Messages sent through the contact form on the home page appear here.' }}
    >
      {(list) => (
        <ul aria-label="Messages" className="mt-6 space-y-4">
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
