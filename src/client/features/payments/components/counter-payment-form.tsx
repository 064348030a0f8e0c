import { useId, useState } from 'react';
import { COUNTER_METHOD_LABELS, counterMethodSchema, counterPaymentInputSchema, type CounterMethod } from '../../../../shared/deposits';
import { formatMoney } from '../../../../shared/money';

interface CounterPaymentFormProps {
  /** What the visit still owes (taka): the amount starts there. */
  due: number;
  /** Records it; rejects with the server's refusal, shown under the amount. */
  onRecord: (input: { amount: number; method: CounterMethod }) => Promise<unknown>;
  pending: boolean;
}

/**
 * Money taken at the salon for one visit: how much (what it owes, to begin with) and how. The
 * same rules as the server's (counterPaymentInputSchema); the server's 'more than it owes' answer
 * shows under the amount.
 */
export function CounterPaymentForm({ due, onRecord, pending }: CounterPaymentFormProps) {
  const id = useId();
  const [amount, setAmount] = useState(String(due));
  const [method, setMethod] = useState<CounterMethod>('cash');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = counterPaymentInputSchema.safeParse({ amount: amount.trim() === '' ? undefined : Number(amount), method });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the amount');
      return;
    }
    setProblem(null);
    onRecord(parsed.data).catch((error: unknown) => setProblem(error instanceof Error ? error.message : 'It could not be recorded'));
  };
  return (
    <form onSubmit={submit} aria-label="Record a payment at the salon" className="mt-4 space-y-3" noValidate>
      <p className="text-sm font-medium">To take at the salon: {formatMoney(due)}</p>
      <div className="flex flex-wrap items-end gap-2">
        <label className="form-control w-32">
          <span className="label-text text-sm">Amount (৳)</span>
          <input
            className={`input input-sm w-full ${problem ? 'input-error' : ''}`}
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
        </label>
        <label className="form-control w-32">
          <span className="label-text text-sm">Paid by</span>
          <select className="select select-sm w-full" value={method} onChange={(event) => setMethod(counterMethodSchema.parse(event.target.value))}>
            {counterMethodSchema.options.map((option) => (
              <option key={option} value={option}>
                {COUNTER_METHOD_LABELS[option]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-sm btn-primary" disabled={pending}>
          Record payment
        </button>
      </div>
      {problem ? (
        <p id={`${id}-problem`} className="text-sm text-error">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
