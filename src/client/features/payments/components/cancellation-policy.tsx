import type { PayPlan } from '../../../../shared/pay-now';
import { cancellationPolicyLines } from '../../../../shared/pay-now';

/** The cancellation policy for the kinds of visit on a list: before she pays, and on her receipt. */
export function CancellationPolicy({ plans, noticeHours, className = '' }: { plans: readonly PayPlan[]; noticeHours: number; className?: string }) {
  const lines = cancellationPolicyLines([...new Set(plans)], noticeHours);
  return (
    <div className={`rounded-field bg-base-200/60 px-4 py-3 text-sm ${className}`}>
      <h3 className="font-semibold">Cancellation policy</h3>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
