/**
 * What is paid online now under a payment policy (shared/deposits.ts), without zod: the home page's
 * 'Add to booking list' uses it, and the home page loads without zod (docs/decisions/029).
 */
import { fromMinorUnits, toMinorUnits } from './money.js';
import type { PaymentPolicy } from './deposits.js';

export type PayPlan = 'full' | 'deposit' | 'at-salon';

export function payPlanOf(policy: PaymentPolicy): PayPlan {
  return policy.mode === 'full' ? 'full' : policy.mode === 'at-salon' ? 'at-salon' : 'deposit';
}

/**
 * The part of a price (minor units) paid online when booking under `policy`. A percentage is
 * rounded to whole taka (nobody pays a deposit of ৳123.45), never below ৳1 nor above the price; a
 * fixed deposit larger than the price is the price.
 */
export function onlineDueMinor(priceMinor: number, policy: PaymentPolicy): number {
  switch (policy.mode) {
    case 'full':
      return priceMinor;
    case 'at-salon':
      return 0;
    case 'deposit-fixed':
      return Math.min(priceMinor, toMinorUnits(policy.amount));
    case 'deposit-percent': {
      const taka = Math.max(1, Math.round(fromMinorUnits(priceMinor) * (policy.percent / 100)));
      return Math.min(priceMinor, taka * 100);
    }
  }
}

/** The policy a service is booked under: its own, else the salon's. */
export function policyFor(service: { paymentPolicy?: PaymentPolicy | null }, salon: PaymentPolicy): PaymentPolicy {
  return service.paymentPolicy ?? salon;
}

/**
 * The cancellation policy in the words shown before she pays, on the receipt and in the e-mails
 * (one sentence per kind of visit on the list, in the order full, deposit, at the salon).
 */
export function cancellationPolicyLines(plans: readonly PayPlan[], noticeHours: number): string[] {
  const notice = noticeHours === 0 ? 'up to the start of your visit' : `up to ${noticeHours} ${noticeHours === 1 ? 'hour' : 'hours'} before your visit`;
  const lines: string[] = [];
  if (plans.includes('full')) lines.push(`Paid in full: cancel ${notice} and everything is refunded.`);
  if (plans.includes('deposit')) {
    lines.push(`Deposit: cancel ${notice} and your deposit is refunded; if you cancel later or do not come, the salon keeps the deposit.`);
  }
  if (plans.includes('at-salon')) lines.push('Pay at the salon: nothing is charged online. If you cannot come, please cancel so the time can go to someone else.');
  return lines;
}
