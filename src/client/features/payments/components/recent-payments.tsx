import { Fragment } from 'react';
import { ArrowRight, Receipt } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Payment } from '@shared/payments';
import { QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { useSalonText } from '@/hooks/use-language';
import { useSalonFormat } from '@/hooks/use-salon-format';
import { usePayments } from '../api/get-payments';
import { PaymentStatusBadge } from './payment-status-badge';
import { usePaymentAmountLabel } from './payments-table';
import { isPayAtSalonRecord } from '@shared/payments';

const RECENT_COUNT = 5;

/** The user home's last few payments, with the way to all of them. */
export function RecentPayments({ timeZone }: { timeZone: string }) {
  const payments = usePayments();
  const { t } = useTranslation('payment');
  const format = useSalonFormat();
  const amountLabel = usePaymentAmountLabel();

  return (
    <section aria-labelledby="recent-payments" className="rounded-box bg-base-100 p-5 shadow-soft ring-1 ring-base-300/70 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="recent-payments" className="text-xl font-semibold">
          {t('recent.heading')}
        </h2>
        <Link to={paths.dashboard.paymentHistory} className="inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline">
          {t('receipt.history')}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <QueryState
        query={payments}
        inCard
        className="mt-4"
        loading={{ label: t('recent.loading'), rows: 3, row: <div className="skeleton h-10 w-full" /> }}
        empty={{ icon: Receipt, title: t('recent.empty') }}
      >
        {(loaded) => {
          const recent = [...loaded].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)).slice(0, RECENT_COUNT);
          return (
            <ul aria-label={t('recent.label')} className="mt-3 divide-y divide-base-300/70">
              {recent.map((payment) => {
                const when = payment.paidAt ?? payment.createdAt;
                return (
                  <li key={payment._id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3">
                    <div className="min-w-0 flex-1">
                      <p className="font-medium [overflow-wrap:anywhere]">
                        {payment.services.map((service, index) => (
                          <Fragment key={`${service.title}@${service.startsAt}`}>
                            {index > 0 ? ', ' : null}
                            <ServiceLine service={service} />
                          </Fragment>
                        ))}
                      </p>
                      <p className="text-sm text-base-content/70">
                        <time dateTime={when}>{format.dateTime(when, timeZone)}</time>
                      </p>
                    </div>
                    <p className="font-semibold">{amountLabel(payment)}</p>
                    <PaymentStatusBadge status={payment.status} atSalon={isPayAtSalonRecord(payment)} />
                  </li>
                );
              })}
            </ul>
          );
        }}
      </QueryState>
    </section>
  );
}

/** 'Classic Manicure with Nila': the salon's name for it (its Bangla one on a Bangla page), and who did it. */
function ServiceLine({ service }: { service: Payment['services'][number] }) {
  const { t } = useTranslation('payment');
  const title = useSalonText(service.title, service.title_bn);
  // One text where nothing is marked apart, so the line reads (and is found) whole.
  return (
    <span>
      {title.lang ? <span lang={title.lang}>{title.text}</span> : title.text}
      {service.staffName ? ` ${t('receipt.withStylist', { name: service.staffName })}` : null}
    </span>
  );
}
