import { CustomerContactText } from '@/components/ui/customer-contact';
import { useId } from 'react';
import { Receipt } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isPayAtSalonRecord, type Payment } from '@shared/payments';
import { QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { useErrorText } from '@/hooks/use-error-text';
import { useLanguage } from '@/hooks/use-language';
import { SalonText } from '@/components/ui/salon-text';
import { useSalonFormat } from '@/hooks/use-salon-format';
import { usePayments, type PaymentFilters } from '../api/get-payments';
import { paymentMethodKeys, PaymentStatusBadge } from './payment-status-badge';
import { TableScrollBox } from '@/components/ui/table-scroll-box';

/** A payment's sum in its own currency, in the page's digits. */
function usePaymentMoney(): (payment: Pick<Payment, 'currency'>, amount: number) => string {
  const { money } = useSalonFormat();
  return (payment, amount) => money(amount, payment.currency.toUpperCase());
}

/**
 * What a payment took online; a list booked with nothing online took no money: it reads 'Pay at
 * the salon', not ৳0 charged (what is taken at the counter is on the visit).
 */
export function usePaymentAmountLabel(): (payment: Pick<Payment, 'currency' | 'gateway' | 'amount'>) => string {
  const { t } = useTranslation('payment');
  const paymentMoney = usePaymentMoney();
  return (payment) => (isPayAtSalonRecord(payment) ? t('history.payAtSalon') : paymentMoney(payment, payment.amount));
}

interface PaymentsTableProps {
  filters: PaymentFilters;
  /** The admin sees everyone's payments, so each row names its customer. */
  showCustomer: boolean;
  timeZone: string;
}

/** /dashboard/paymentHistory's table: newest first, in the salon's time zone. */
export function PaymentsTable({ filters, showCustomer, timeZone }: PaymentsTableProps) {
  const payments = usePayments(filters);
  const captionId = useId();
  const isFiltered = Boolean(filters.from || filters.to || filters.status);
  const { t } = useTranslation('payment');
  const format = useSalonFormat();

  return (
    <QueryState
      query={payments}
      className="mt-6"
      loading={{
        label: t('history.loading'),
        rows: 4,
        row: (
          <>
            <div className="skeleton h-4 w-32" />
            <div className="skeleton h-4 flex-1" />
            <div className="skeleton h-4 w-20" />
            <div className="skeleton h-5 w-16 rounded-full" />
          </>
        ),
      }}
      empty={{
        icon: Receipt,
        title: isFiltered ? t('history.noMatchTitle') : t('history.emptyTitle'),
        message: isFiltered ? t('history.noMatchText') : t('history.emptyText'),
        action:
          !isFiltered && !showCustomer ? (
            <Link to={paths.dashboard.book} className="btn mt-2 rounded-full btn-primary">
              {t('appointment.bookTreatment')}
            </Link>
          ) : null,
      }}
    >
      {(loaded) => {
        const rows = [...loaded].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
        // A list booked to pay at the salon is listed (it is her order) but is no payment: counted apart.
        const atSalon = rows.filter(isPayAtSalonRecord).length;
        const paid = rows.length - atSalon;
        return (
          <div className="mt-6 overflow-hidden rounded-box bg-base-100 shadow-soft ring-1 ring-base-300/70" aria-busy={payments.isFetching}>
            <p id={captionId} className="border-b border-base-300/70 px-5 py-3 text-sm text-base-content/75">
              {t('history.caption', {
                payments: t('history.count', { count: paid }),
                atSalon: atSalon > 0 ? t('history.atSalonCount', { count: atSalon }) : '',
                zone: format.timesAreInZone(timeZone),
              })}
            </p>
            <TableScrollBox label={t('history.label')} className="hidden md:block">
              <table className="table table-sm sm:table-md" aria-describedby={captionId}>
                <caption className="sr-only">{t('history.label')}</caption>
                <thead>
                  <tr className="text-xs tracking-wide text-base-content/75 uppercase">
                    <th scope="col">{t('history.date')}</th>
                    {showCustomer ? <th scope="col">{t('history.customer')}</th> : null}
                    <th scope="col">{t('history.services')}</th>
                    <th scope="col" className="text-right">
                      {t('history.amount')}
                    </th>
                    <th scope="col">{t('history.status')}</th>
                    <th scope="col">{t('receipt.paidBy')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((payment) => {
                    const when = payment.paidAt ?? payment.createdAt;
                    return (
                      <tr key={payment._id} className="align-top hover:bg-base-200/50">
                        <td className="whitespace-nowrap">
                          <time dateTime={when}>{format.dateTime(when, timeZone)}</time>
                        </td>
                        {showCustomer ? (
                          <td>
                            <p className="font-semibold" translate="no">
                              {payment.customer.name}
                            </p>
                            <CustomerContactText customer={payment.customer} />
                          </td>
                        ) : null}
                        <td>
                          <ul className="space-y-0.5">
                            {payment.services.map((service) => (
                              <li key={`${service.title}@${service.startsAt}`}>
                                <SalonText en={service.title} bn={service.title_bn} />
                                <StylistOf staffName={service.staffName} />
                                <CounterMoneyOf service={service} showCustomer={showCustomer} timeZone={timeZone} />
                              </li>
                            ))}
                          </ul>
                        </td>
                        <td className="text-right whitespace-nowrap">
                          <PaymentAmount payment={payment} />
                        </td>
                        <td>
                          <PaymentStatusBadge status={payment.status} atSalon={isPayAtSalonRecord(payment)} />
                          <PaymentProblem payment={payment} />
                        </td>
                        <td className="whitespace-nowrap">
                          <PaidBy payment={payment} />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableScrollBox>
            {/* Below md each payment is a card: nothing hides in a sideways scroll on a phone. */}
            <ul aria-label={t('history.label')} className="divide-y divide-base-300/70 md:hidden">
              {rows.map((payment) => (
                <PaymentCard key={payment._id} payment={payment} showCustomer={showCustomer} timeZone={timeZone} />
              ))}
            </ul>
          </div>
        );
      }}
    </QueryState>
  );
}

/** How she paid ('Card', 'bKash', ...); a dash until a charge succeeds. */
function PaidBy({ payment }: { payment: Payment }) {
  const { t } = useTranslation('payment');
  return <>{payment.method ? t(paymentMethodKeys[payment.method]) : '—'}</>;
}


/** What was taken online (usePaymentAmountLabel), and what of it was refunded. */
function PaymentAmount({ payment }: { payment: Payment }) {
  const { t } = useTranslation('payment');
  const amountLabel = usePaymentAmountLabel();
  const paymentMoney = usePaymentMoney();
  return (
    <>
      <p className="font-semibold">{amountLabel(payment)}</p>
      {payment.refunded > 0 ? <p className="text-xs text-base-content/70">{t('history.refunded', { amount: paymentMoney(payment, payment.refunded) })}</p> : null}
    </>
  );
}

/**
 * A gateway's or the server's words about a refused attempt, in the page's language when the
 * `errors` catalogue knows them; else as they came, marked English on another language's page.
 */
function useGatewayWords(): (message: string) => { text: string; lang: 'en' | undefined } {
  const errorText = useErrorText();
  const language = useLanguage();
  return (message) => {
    const text = errorText(message);
    return { text, lang: language !== 'en' && text === message ? 'en' : undefined };
  };
}

/** A line that ends with such words: one text on an English page, the words marked apart on another. */
function WithGatewayWords({ line, message }: { line: (words: string) => string; message: string }) {
  const words = useGatewayWords()(message);
  if (!words.lang) return <>{line(words.text)}</>;
  const [before = '', after = ''] = line('\u0000').split('\u0000');
  return (
    <>
      {before}
      <span lang={words.lang}>{words.text}</span>
      {after}
    </>
  );
}

/**
 * Why an attempt was refused, under the status. On a payment a later attempt paid, the declines are
 * history, not a failure: they read as earlier attempts, in the same muted text as the refund line.
 */
function PaymentProblem({ payment }: { payment: Payment }) {
  const { t } = useTranslation('payment');
  const last = payment.declines.at(-1);
  const count = payment.declines.length;
  if (last && payment.paidAt !== null) {
    return (
      <p className="mt-1 text-xs text-base-content/70">
        <WithGatewayWords line={(message) => t('history.earlierDeclined', { count, message })} message={last.message} />
      </p>
    );
  }
  if (last) {
    return (
      <p className="mt-1 text-xs text-base-content/70">
        {/* A card or a wallet: the message names which. */}
        <WithGatewayWords line={(message) => t('history.declined', { count, message })} message={last.message} />
      </p>
    );
  }
  if (payment.status === 'failed' && payment.failureMessage) {
    return (
      <p className="mt-1 text-xs text-base-content/70">
        <WithGatewayWords line={(message) => message} message={payment.failureMessage} />
      </p>
    );
  }
  return null;
}

/** 'with Nila' after a service's name, muted; nothing when the visit named no stylist. */
function StylistOf({ staffName }: { staffName: string | null }) {
  const { t } = useTranslation('payment');
  return staffName ? <span className="text-base-content/70"> {t('receipt.withStylist', { name: staffName })}</span> : null;
}

/**
 * Money the counter took for a visit, which the payment's own amount (online) leaves out, and what of
 * it goes back to her since the visit was cancelled: the history nets it as the admin home does.
 */
function CounterMoneyOf({ service, showCustomer, timeZone }: { service: Payment['services'][number]; showCustomer: boolean; timeZone: string }) {
  const { t } = useTranslation('payment');
  const { money } = useSalonFormat();
  if (service.takenAtSalon === 0) return null;
  return (
    <span className="block text-xs text-base-content/70">
      {t('history.takenAtSalon', { amount: money(service.takenAtSalon) })}
      {service.handedBack > 0 ? <HandBackWords service={service} showCustomer={showCustomer} timeZone={timeZone} /> : null}
    </span>
  );
}

/**
 * ' · ৳700 given back at the counter on Sat 28 Nov 11:30'; while the desk still owes it (she
 * cancelled online), ' · ৳700 to collect at the counter' to her, ' · … to give back …' to the salon.
 */
function HandBackWords({ service, showCustomer, timeZone }: { service: Payment['services'][number]; showCustomer: boolean; timeZone: string }) {
  const { t } = useTranslation('booking-actions');
  const format = useSalonFormat();
  if (service.handBackDue > 0) {
    const money = format.money(service.handBackDue);
    return <> · {showCustomer ? t('handBack.due', { money }) : t('handBack.toCollect', { money })}</>;
  }
  const money = format.money(service.handedBack);
  const given = service.handedBackAt ? t('handBack.givenBackOn', { money, when: format.shortDateTime(service.handedBackAt, timeZone) }) : t('handBack.givenBack', { money });
  return <> · {given}</>;
}

function PaymentCard({ payment, showCustomer, timeZone }: { payment: Payment; showCustomer: boolean; timeZone: string }) {
  const { t } = useTranslation('payment');
  const format = useSalonFormat();
  const when = payment.paidAt ?? payment.createdAt;
  return (
    <li className="space-y-2 px-4 py-4">
      <div className="flex items-start justify-between gap-3">
        <time dateTime={when} className="text-sm font-medium">
          {format.dateTime(when, timeZone)}
        </time>
        <PaymentStatusBadge status={payment.status} atSalon={isPayAtSalonRecord(payment)} />
      </div>
      {showCustomer ? (
        <div className="min-w-0">
          <p className="font-semibold wrap-break-word" translate="no">
            {payment.customer.name}
          </p>
          <CustomerContactText customer={payment.customer} truncate />
        </div>
      ) : null}
      <div className="flex items-end justify-between gap-3">
        <ul className="min-w-0 space-y-0.5 text-sm">
          {payment.services.map((service) => (
            <li key={`${service.title}@${service.startsAt}`} className="wrap-break-word">
              <SalonText en={service.title} bn={service.title_bn} />
              <StylistOf staffName={service.staffName} />
              <CounterMoneyOf service={service} showCustomer={showCustomer} timeZone={timeZone} />
            </li>
          ))}
        </ul>
        <div className="shrink-0 text-right">
          <PaymentAmount payment={payment} />
          {payment.method ? <p className="text-xs text-base-content/70">{t('history.paidByMethod', { method: t(paymentMethodKeys[payment.method]) })}</p> : null}
        </div>
      </div>
      <PaymentProblem payment={payment} />
    </li>
  );
}
