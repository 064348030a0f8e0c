import { useTranslation } from 'react-i18next';
import type { PayPlan } from '@shared/pay-now';

/** The cancellation policy for the kinds of visit on a list: before she pays, and on her receipt. */
export function CancellationPolicy({ plans, noticeHours, className = '' }: { plans: readonly PayPlan[]; noticeHours: number; className?: string }) {
  const { t } = useTranslation('payment');
  // As shared/pay-now's cancellationPolicyLines (the e-mails' words), in the page's language.
  const notice = noticeHours === 0 ? t('policy.untilStart') : t('policy.hoursBefore', { count: noticeHours });
  const lines: string[] = [];
  if (plans.includes('full')) lines.push(t('policy.full', { notice }));
  if (plans.includes('deposit')) lines.push(t('policy.deposit', { notice }));
  if (plans.includes('at-salon')) lines.push(t('policy.atSalon'));
  return (
    <div className={`rounded-field bg-base-200/60 px-4 py-3 text-sm ${className}`}>
      <h3 className="font-semibold">{t('policy.heading')}</h3>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
