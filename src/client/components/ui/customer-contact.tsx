import type { CustomerContact } from '@shared/payments';
import { formatPhone } from '@shared/phone';

/** How to reach her, as one short line: her e-mail and her mobile number, whichever the salon has. */
export function contactLine(customer: CustomerContact): string {
  return [customer.email, customer.phone ? formatPhone(customer.phone) : null].filter((part) => part !== null).join(' · ');
}

/**
 * A customer's e-mail and number under her name in the salon's lists. A customer booked at the front
 * desk may have only a number (she gave no e-mail); the line is left out when there is neither.
 */
export function CustomerContactText({ customer, truncate = false }: { customer: CustomerContact; truncate?: boolean }) {
  const line = contactLine(customer);
  if (line === '') return null;
  return (
    // An address and a number: not words to translate (and a Bangla page's checks leave them be).
    <p translate="no" className={`${truncate ? 'truncate ' : ''}text-xs text-base-content/70`} title={truncate ? line : undefined}>
      {line}
    </p>
  );
}
