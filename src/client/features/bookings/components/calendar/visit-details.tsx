import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banknote } from 'lucide-react';
import type { StaffVisit } from '@shared/staff';
import type { CounterMethod } from '@shared/deposits';
import { formatPhone } from '@shared/phone';
import { useSalonFormat } from '@/hooks/use-salon-format';
import { RecordPaymentForm } from '../record-payment';
import { DetailsPanel } from './details-panel';

export type VisitMark = 'completed' | 'no-show';

interface VisitDetailsProps {
  visit: StaffVisit;
  /** Her own name: the column the visit is in. */
  columnName: string;
  timeZone: string;
  /** Marks the visit (asking first where it should); resolves once the page shows the answer. */
  onMark: (visit: StaffVisit, status: VisitMark) => Promise<void>;
  marking: boolean;
  /** Records money taken at her chair for it (what is left after a deposit, or all of a pay-at-salon visit). */
  onRecordPayment: (visit: StaffVisit, input: { amount: number; method: CounterMethod }) => Promise<unknown>;
  onClose: () => void;
}

/**
 * One of a stylist's own visits opened from her day: the calendar's details, with only what she
 * may do. She marks it completed or a no-show once its time has come, and takes what is left to pay
 * at her chair; moving, cancelling, the online payment and the customer's e-mail stay with the
 * salon's admins (the server sends her none of it).
 */
export function VisitDetails({ visit, columnName, timeZone, onMark, marking, onRecordPayment, onClose }: VisitDetailsProps) {
  const { t } = useTranslation(['calendar', 'admin']);
  const { money } = useSalonFormat();
  const [recordOpen, setRecordOpen] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const asked = useRef(false);
  const mark = (status: VisitMark) => {
    asked.current = true;
    void onMark(visit, status);
  };
  // The buttons go once the page shows it marked: the focus goes to the heading, not to <body>.
  useEffect(() => {
    if (asked.current && !visit.canComplete) heading.current?.focus();
  }, [visit.canComplete]);
  return (
    <DetailsPanel
      entry={visit}
      columnName={columnName}
      timeZone={timeZone}
      heading={heading}
      onClose={onClose}
      moreFacts={
        visit.customer.phone ? (
          <>
            <dt className="text-base-content/75">{t('details.phone')}</dt>
            <dd translate="no">
              <a className="link" href={`tel:${visit.customer.phone}`}>
                {formatPhone(visit.customer.phone)}
              </a>
            </dd>
          </>
        ) : null
      }
      actions={(customerId) => (
        <>
          {visit.due > 0 && (visit.status === 'confirmed' || visit.status === 'completed') ? (
            recordOpen ? (
              <div className="mt-4">
                <RecordPaymentForm
                  title={visit.title}
                  title_bn={visit.title_bn}
                  customerName={visit.customer.name}
                  due={visit.due}
                  onSave={async (input) => {
                    await onRecordPayment(visit, input);
                    setRecordOpen(false);
                  }}
                  onCancel={() => setRecordOpen(false)}
                />
              </div>
            ) : (
              <div className="mt-4 flex flex-wrap items-center gap-2">
                <p className="text-sm font-medium">{t('details.toTake', { amount: money(visit.due) })}</p>
                <button type="button" className="btn btn-sm btn-success" aria-describedby={customerId} onClick={() => setRecordOpen(true)}>
                  <Banknote aria-hidden="true" className="size-4" />
                  {t('admin:record.button')}
                </button>
              </div>
            )
          ) : null}
          {visit.canComplete ? (
          <div className="mt-4 flex flex-wrap gap-2">
            <button type="button" className="btn btn-sm btn-primary" aria-describedby={customerId} disabled={marking} onClick={() => mark('completed')}>
              {t('details.markCompleted')}
            </button>
            <button type="button" className="btn btn-sm btn-outline" aria-describedby={customerId} disabled={marking} onClick={() => mark('no-show')}>
              {t('details.noShow')}
            </button>
          </div>
        ) : visit.status === 'confirmed' ? (
          <p className="mt-4 text-sm text-base-content/75">{t('details.markLater')}</p>
        ) : null}
        </>
      )}
    />
  );
}
