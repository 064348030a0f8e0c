import { useEffect, useId, useRef, useState } from 'react';
import { CalendarCheck, Plus, Trash2, UserRound } from 'lucide-react';
import type { DeskBookingResult, DeskCustomer, DeskPayment } from '../../../shared/front-desk';
import { COUNTER_METHOD_LABELS, counterMethodSchema, type CounterMethod } from '../../../shared/deposits';
import { formatSalonDateTime } from '../../../shared/calendar';
import { formatMoney } from '../../../shared/money';
import type { SalonSettings } from '../../../shared/salon-settings';
import type { Service } from '../../../shared/service';
import type { Staff } from '../../../shared/staff';
import { PageHeader } from '../../components/ui/page-header';
import { FormAlert } from '../../components/ui/form-alert';
import { SubmitButton } from '../../components/ui/form-actions';
import { ApiRequestError } from '../../lib/api-client';
import { SettingsGate } from '../../features/bookings/components/calendar/calendar-page';
import { TimeChooser } from '../../features/cart/components/time-picker';
import { StylistChoice } from '../../features/cart/components/stylist-choice';
import { CustomerPicker, customerDetails } from '../../features/front-desk/components/customer-picker';
import { useBookAtDesk } from '../../features/front-desk/api/front-desk';
import { useServices } from '../../features/services/api/get-services';
import { useSalonSettings } from '../../features/settings/api/get-settings';
import { useStaff } from '../../features/staff/api/get-staff';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** One visit on the desk's form: the service, the stylist asked for (null: any) and the time chosen. */
interface DeskVisit {
  key: number;
  service: Service;
  staffId: string | null;
  startsAt: string | null;
  /** The server's refusal of this visit (its time taken meanwhile, her other appointment in the way). */
  refusal?: string | undefined;
}

/**
 * /dashboard/front-desk (admin): books for a customer who phoned or walked in. Find or record her,
 * add her services with a stylist (or any) and a time each, then say whether she pays now at the
 * counter or at the visit; 'Book' books them all at once, by the salon's rules (no minimum notice).
 * Nothing is held while the form is filled: a time taken meanwhile is refused under its visit.
 */
export function FrontDeskRoute() {
  useDocumentTitle('Front desk | Parlour');
  const settings = useSalonSettings();
  const header = (
    <PageHeader eyebrow="Front desk" title="Book for a customer">
      For a customer who phoned or is at the counter: find her or record her, choose her services and times, and take the payment now or at the visit.
    </PageHeader>
  );
  return (
    <SettingsGate header={header} settings={settings} loadingLabel="Loading the front desk">
      {(salon) => <FrontDesk settings={salon} />}
    </SettingsGate>
  );
}

function FrontDesk({ settings }: { settings: SalonSettings }) {
  const [customer, setCustomer] = useState<DeskCustomer | null>(null);
  const [visits, setVisits] = useState<DeskVisit[]>([]);
  const [result, setResult] = useState<DeskBookingResult | null>(null);

  const startOver = () => {
    setCustomer(null);
    setVisits([]);
    setResult(null);
  };

  if (result) {
    return (
      <section aria-labelledby="desk-booked" className="mt-6 max-w-2xl rounded-box border border-success/30 bg-success/5 p-4 sm:p-6">
        <BookedSummary result={result} timeZone={settings.timeZone} />
        <button type="button" className="btn mt-5 rounded-full btn-primary btn-sm" onClick={startOver}>
          Book for another customer
        </button>
      </section>
    );
  }

  return (
    <div className="mt-6 max-w-3xl space-y-6">
      <Step number={1} title="Customer">
        {customer ? (
          <div className="flex flex-wrap items-start justify-between gap-3 rounded-box bg-base-200/60 p-4">
            <div className="flex min-w-0 items-start gap-3">
              <UserRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              <div className="min-w-0">
                <p className="font-semibold wrap-break-word">{customer.name}</p>
                <p className="text-sm wrap-break-word text-base-content/75">{customerDetails(customer)}</p>
              </div>
            </div>
            <button type="button" className="btn rounded-full btn-ghost btn-sm" onClick={() => setCustomer(null)}>
              Change customer
            </button>
          </div>
        ) : (
          <CustomerPicker onPick={setCustomer} />
        )}
      </Step>

      {customer ? (
        <DeskOrder
          key={customer._id}
          customer={customer}
          settings={settings}
          visits={visits}
          setVisits={setVisits}
          onBooked={setResult}
        />
      ) : null}
    </div>
  );
}

function Step({ number, title, children }: { number: number; title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
      <h2 id={id} className="mb-4 flex items-center gap-2 text-lg font-semibold">
        <span aria-hidden="true" className="flex size-7 items-center justify-center rounded-full bg-primary text-sm text-primary-content">
          {number}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

let nextKey = 1;

function DeskOrder({
  customer,
  settings,
  visits,
  setVisits,
  onBooked,
}: {
  customer: DeskCustomer;
  settings: SalonSettings;
  visits: DeskVisit[];
  setVisits: (change: (visits: DeskVisit[]) => DeskVisit[]) => void;
  onBooked: (result: DeskBookingResult) => void;
}) {
  const services = useServices();
  const staff = useStaff({ staleTime: 0 });
  const serviceSelectId = useId();
  const [serviceId, setServiceId] = useState('');
  const [payment, setPayment] = useState<'now' | 'at-visit'>('now');
  const [method, setMethod] = useState<CounterMethod>('cash');
  const [failure, setFailure] = useState<string | null>(null);
  const book = useBookAtDesk();
  // The salon books by its own rules: she may be at the counter, so the next free time is hers.
  const deskRules: SalonSettings = { ...settings, minNoticeMinutes: 0 };

  const add = () => {
    const service = services.data?.find((s) => s._id === serviceId);
    if (!service) return;
    setVisits((current) => [...current, { key: nextKey++, service, staffId: null, startsAt: null }]);
    setServiceId('');
  };
  const change = (key: number, next: Partial<DeskVisit>) => setVisits((current) => current.map((v) => (v.key === key ? { ...v, ...next, refusal: undefined } : v)));
  const remove = (key: number) => setVisits((current) => current.filter((v) => v.key !== key));

  const total = visits.reduce((sum, v) => sum + Math.round(v.service.price * 100), 0) / 100;
  const ready = visits.length > 0 && visits.every((v) => v.startsAt !== null);

  const submit = async () => {
    setFailure(null);
    const chosen: DeskPayment = payment === 'now' ? { when: 'now', method } : { when: 'at-visit' };
    try {
      const result = await book.mutateAsync({
        customerId: customer._id,
        items: visits.map((v) => ({ serviceId: v.service._id, staffId: v.staffId, startsAt: v.startsAt! })),
        payment: chosen,
      });
      onBooked(result);
    } catch (error) {
      // A refusal that names a visit is shown under it, with its time cleared to be chosen again.
      const issue = error instanceof ApiRequestError ? error.issues?.find((i) => /^items\.\d+\./.test(i.path)) : undefined;
      const index = issue ? Number(issue.path.split('.')[1]) : -1;
      const refused = visits[index];
      if (refused && error instanceof Error) {
        setVisits((current) => current.map((v) => (v.key === refused.key ? { ...v, startsAt: null, refusal: error.message } : v)));
        setFailure(`${refused.service.title}: ${error.message}`);
        return;
      }
      setFailure(error instanceof Error ? error.message : 'Nothing was booked. Please try again.');
    }
  };

  return (
    <>
      <Step number={2} title="Services and times">
        {visits.length === 0 ? <p className="mb-4 text-sm text-base-content/75">Add the services she wants, then choose a time for each.</p> : null}
        <ol className="space-y-4">
          {visits.map((visit, index) => (
            <li key={visit.key}>
              <DeskVisitCard
                visit={visit}
                index={index}
                customerId={customer._id}
                settings={deskRules}
                stylists={(staff.data ?? []).filter((s) => s.serviceIds.includes(visit.service._id))}
                onChange={(next) => change(visit.key, next)}
                onRemove={() => remove(visit.key)}
              />
            </li>
          ))}
        </ol>
        <div className="mt-4 flex flex-wrap items-end gap-2">
          <div className="min-w-0 grow sm:max-w-sm">
            <label htmlFor={serviceSelectId} className="mb-1.5 block text-sm font-medium">
              Service
            </label>
            <select id={serviceSelectId} className="select w-full" value={serviceId} onChange={(event) => setServiceId(event.target.value)}>
              <option value="">{services.isPending ? 'Loading services…' : 'Choose a service'}</option>
              {(services.data ?? []).map((service) => (
                <option key={service._id} value={service._id}>
                  {service.title} · {formatMoney(service.price)}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="btn rounded-full btn-outline btn-primary" disabled={serviceId === ''} onClick={add}>
            <Plus aria-hidden="true" className="size-4" />
            Add service
          </button>
        </div>
        {services.isError ? <p className="mt-2 text-sm text-error">{services.error.message}</p> : null}
      </Step>

      <Step number={3} title="Payment">
        <form
          noValidate
          aria-label="Payment and booking"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
        <fieldset>
          <legend className="mb-2 text-sm font-medium">When does she pay?</legend>
          <div className="space-y-2">
            <label className="flex cursor-pointer items-center gap-2 text-sm">
              <input type="radio" name="desk-pay" className="radio radio-sm radio-primary" checked={payment === 'now'} onChange={() => setPayment('now')} />
              Now, at the counter
            </label>
            <label className="flex cursor-pointer items-center gap-2 text-sm">
              <input type="radio" name="desk-pay" className="radio radio-sm radio-primary" checked={payment === 'at-visit'} onChange={() => setPayment('at-visit')} />
              At the visit
            </label>
          </div>
        </fieldset>
        {payment === 'now' ? (
          <fieldset className="mt-4">
            <legend className="mb-2 text-sm font-medium">Paid by</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {counterMethodSchema.options.map((option) => (
                <label key={option} className="flex cursor-pointer items-center gap-2 text-sm">
                  <input type="radio" name="desk-method" className="radio radio-sm radio-primary" checked={method === option} onChange={() => setMethod(option)} />
                  {COUNTER_METHOD_LABELS[option]}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        <p className="mt-4 text-sm font-medium">
          {visits.length === 0
            ? 'Nothing to pay yet.'
            : payment === 'now'
              ? `Take ${formatMoney(total)} now (${COUNTER_METHOD_LABELS[method]}).`
              : `${formatMoney(total)} to pay at the visit.`}
        </p>
        {failure ? <FormAlert className="mt-4">{failure}</FormAlert> : null}
        <div className="mt-4">
          <SubmitButton label={visits.length > 1 ? `Book ${visits.length} visits` : 'Book'} icon={CalendarCheck} pending={book.isPending} disabled={!ready} />
          {!ready && visits.length > 0 ? <p className="mt-2 text-xs text-base-content/70">Choose a time for each service first.</p> : null}
        </div>
        </form>
      </Step>
    </>
  );
}

function DeskVisitCard({
  visit,
  index,
  customerId,
  settings,
  stylists,
  onChange,
  onRemove,
}: {
  visit: DeskVisit;
  index: number;
  customerId: string;
  settings: SalonSettings;
  stylists: Staff[];
  onChange: (next: Partial<DeskVisit>) => void;
  onRemove: () => void;
}) {
  const [choosing, setChoosing] = useState(visit.startsAt === null);
  const stylistName = stylists.find((s) => s._id === visit.staffId)?.name;
  const which = `${visit.service.title} (visit ${index + 1})`;
  return (
    <div className="rounded-box border border-base-300 p-3 sm:p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold wrap-break-word">{visit.service.title}</p>
          <p className="text-sm text-base-content/75">
            {formatMoney(visit.service.price)} · {visit.service.duration} min
          </p>
        </div>
        <button type="button" className="btn rounded-full btn-ghost btn-sm" aria-label={`Remove ${which}`} onClick={onRemove}>
          <Trash2 aria-hidden="true" className="size-4" />
          Remove
        </button>
      </div>
      {visit.refusal ? (
        <p role="alert" className="mt-3 text-sm font-medium text-error">
          {visit.refusal}
        </p>
      ) : null}
      {visit.startsAt && !choosing ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <p className="text-sm font-medium">
            {formatSalonDateTime(visit.startsAt, settings.timeZone)}
            {stylists.length > 0 ? ` with ${stylistName ?? 'any stylist'}` : ''}
          </p>
          <button type="button" className="btn rounded-full btn-outline btn-xs btn-primary" aria-label={`Change the time of ${which}`} onClick={() => setChoosing(true)}>
            Change time
          </button>
        </div>
      ) : (
        <div className="mt-3">
          <TimeChooser
            title={visit.service.title}
            serviceId={visit.service._id}
            startsAt={visit.startsAt}
            own={{ customerId }}
            staffId={visit.staffId ?? undefined}
            settings={settings}
            note="The time is booked when you press Book."
            lead={
              stylists.length > 0 ? (
                <div className="mt-4">
                  <StylistChoice stylists={stylists} value={visit.staffId} onChange={(staffId) => onChange({ staffId, startsAt: null })} />
                </div>
              ) : null
            }
            onChoose={async (startsAt) => {
              onChange({ startsAt });
              setChoosing(false);
            }}
            onCancel={() => (visit.startsAt ? setChoosing(false) : onRemove())}
          />
        </div>
      )}
    </div>
  );
}

function BookedSummary({ result, timeZone }: { result: DeskBookingResult; timeZone: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The page's answer takes the focus once it is shown, as a dialog's would (the form that had it is gone).
  useEffect(() => headingRef.current?.focus(), []);
  const paid = result.bookings.reduce((sum, b) => sum + Math.round(b.paid * 100), 0) / 100;
  const total = result.bookings.reduce((sum, b) => sum + Math.round(b.price * 100), 0) / 100;
  return (
    <>
      <h2 id="desk-booked" ref={headingRef} tabIndex={-1} className="text-xl font-semibold wrap-break-word outline-none">
        Booked for {result.customer.name}
      </h2>
      <ul className="mt-3 space-y-1 text-sm">
        {result.bookings.map((b) => (
          <li key={b._id} className="wrap-break-word">
            <span className="font-medium">{b.title}</span>: {formatSalonDateTime(b.startsAt, timeZone)}
            {b.staffName ? ` with ${b.staffName}` : ''}
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm font-medium">{paid > 0 ? `Paid ${formatMoney(paid)} at the counter.` : `${formatMoney(total)} to pay at the visit.`}</p>
      <p className="mt-1 text-sm text-base-content/75">
        {result.emailed ? 'Her confirmation is on its way by e-mail.' : 'She gave no e-mail: tell her the times before she leaves.'}
      </p>
    </>
  );
}
