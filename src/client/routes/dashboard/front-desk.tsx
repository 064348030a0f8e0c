import { useEffect, useId, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { CalendarCheck, Plus, Trash2, UserRound } from 'lucide-react';
import type { DeskBookingResult, DeskCustomer, DeskPayment } from '@shared/front-desk';
import { counterMethodSchema, type CounterMethod } from '@shared/deposits';
import type { SalonSettings } from '@shared/salon-settings';
import type { Service } from '@shared/service';
import type { Staff } from '@shared/staff';
import { PageHeader } from '@/components/ui/page-header';
import { FormAlert } from '@/components/ui/form-alert';
import { SubmitButton } from '@/components/ui/form-actions';
import { QueryState } from '@/components/ui/query-state';
import { ApiRequestError } from '@/lib/api-client';
import { SettingsGate } from '@/features/bookings/components/calendar/calendar-page';
import { TimeChooser } from '@/features/cart/components/time-picker';
import { StylistChoice } from '@/features/cart/components/stylist-choice';
import { CustomerDetails, CustomerPicker } from '@/features/front-desk/components/customer-picker';
import { useBookAtDesk } from '@/features/front-desk/api/front-desk';
import { useServices } from '@/features/services/api/get-services';
import { useSalonSettings } from '@/features/settings/api/get-settings';
import { useStaff } from '@/features/staff/api/get-staff';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useErrorText } from '@/hooks/use-error-text';
import { useSalonText, useSalonTexts, useServiceTitle } from '@/hooks/use-language';
import { useSalonFormat } from '@/hooks/use-salon-format';

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
  const { t } = useTranslation('front-desk');
  useDocumentTitle(t('documentTitle'));
  const settings = useSalonSettings();
  const header = (
    <PageHeader eyebrow={t('eyebrow')} title={t('title')}>
      {t('intro')}
    </PageHeader>
  );
  return (
    <SettingsGate header={header} settings={settings} loadingLabel={t('loading')}>
      {(salon) => <FrontDesk settings={salon} />}
    </SettingsGate>
  );
}

function FrontDesk({ settings }: { settings: SalonSettings }) {
  const { t } = useTranslation('front-desk');
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
          {t('bookAnother')}
        </button>
      </section>
    );
  }

  return (
    <div className="mt-6 max-w-3xl space-y-6">
      <Step number={1} title={t('steps.customer')}>
        {customer ? (
          <div className="flex flex-wrap items-start justify-between gap-3 rounded-box bg-base-200/60 p-4">
            <div className="flex min-w-0 items-start gap-3">
              <UserRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              <div className="min-w-0">
                <p translate="no" className="font-semibold wrap-break-word">
                  {customer.name}
                </p>
                <CustomerDetails customer={customer} className="block text-sm wrap-break-word text-base-content/75" />
              </div>
            </div>
            <button type="button" className="btn rounded-full btn-ghost btn-sm" onClick={() => setCustomer(null)}>
              {t('changeCustomer')}
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
  const { number: digits } = useSalonFormat();
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
      <h2 id={id} className="mb-4 flex items-center gap-2 text-lg font-semibold">
        <span aria-hidden="true" className="flex size-7 items-center justify-center rounded-full bg-primary text-sm text-primary-content">
          {digits(number)}
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
  const { t } = useTranslation(['front-desk', 'admin']);
  const errorText = useErrorText();
  const format = useSalonFormat();
  const services = useServices();
  const staff = useStaff({ staleTime: 0 });
  const serviceSelectId = useId();
  const [serviceId, setServiceId] = useState('');
  const [payment, setPayment] = useState<'now' | 'at-visit'>('now');
  const [method, setMethod] = useState<CounterMethod>('cash');
  const [failure, setFailure] = useState<string | null>(null);
  const book = useBookAtDesk();
  const salonText = useSalonTexts();
  const serviceTitle = useServiceTitle();
  const methodLabels: Record<CounterMethod, string> = { cash: t('admin:method.cash'), card: t('admin:method.card'), bkash: t('admin:method.bkash'), nagad: t('admin:method.nagad') };
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
        const message = errorText(error.message);
        setVisits((current) => current.map((v) => (v.key === refused.key ? { ...v, startsAt: null, refusal: message } : v)));
        setFailure(t('refused', { title: serviceTitle(refused.service), message }));
        return;
      }
      setFailure(error instanceof Error ? errorText(error.message) : t('failed'));
    }
  };

  return (
    <>
      <Step number={2} title={t('steps.services')}>
        {visits.length === 0 ? <p className="mb-4 text-sm text-base-content/75">{t('addFirst')}</p> : null}
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
        <QueryState query={services} className="mt-4" loading={{ label: t('loadingServices'), rows: 1, row: <div className="skeleton h-10 w-full" /> }}>
          {(offered) => (
            <div className="mt-4 flex flex-wrap items-end gap-2">
              <div className="min-w-0 grow sm:max-w-sm">
                <label htmlFor={serviceSelectId} className="mb-1.5 block text-sm font-medium">
                  {t('service')}
                </label>
                <select id={serviceSelectId} className="select w-full" value={serviceId} onChange={(event) => setServiceId(event.target.value)}>
                  <option value="">{t('chooseService')}</option>
                  {offered.map((service) => {
                    // The salon's own title, in the language it is shown in.
                    const title = salonText(service.title, service.title_bn);
                    return (
                      <option key={service._id} value={service._id} lang={title.lang}>
                        {t('serviceOption', { title: title.text, price: format.money(service.price) })}
                      </option>
                    );
                  })}
                </select>
              </div>
              <button type="button" className="btn rounded-full btn-outline btn-primary" disabled={serviceId === ''} onClick={add}>
                <Plus aria-hidden="true" className="size-4" />
                {t('addService')}
              </button>
            </div>
          )}
        </QueryState>
      </Step>

      <Step number={3} title={t('steps.payment')}>
        <form
          noValidate
          aria-label={t('paymentForm')}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
        <fieldset>
          <legend className="mb-2 text-sm font-medium">{t('whenPays')}</legend>
          <div className="space-y-2">
            <label className="flex cursor-pointer items-center gap-2 text-sm">
              <input type="radio" name="desk-pay" className="radio radio-sm radio-primary" checked={payment === 'now'} onChange={() => setPayment('now')} />
              {t('payNow')}
            </label>
            <label className="flex cursor-pointer items-center gap-2 text-sm">
              <input type="radio" name="desk-pay" className="radio radio-sm radio-primary" checked={payment === 'at-visit'} onChange={() => setPayment('at-visit')} />
              {t('payAtVisit')}
            </label>
          </div>
        </fieldset>
        {payment === 'now' ? (
          <fieldset className="mt-4">
            <legend className="mb-2 text-sm font-medium">{t('paidBy')}</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {counterMethodSchema.options.map((option) => (
                <label key={option} className="flex cursor-pointer items-center gap-2 text-sm">
                  <input type="radio" name="desk-method" className="radio radio-sm radio-primary" checked={method === option} onChange={() => setMethod(option)} />
                  {methodLabels[option]}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        <p className="mt-4 text-sm font-medium">
          {visits.length === 0
            ? t('nothingYet')
            : payment === 'now'
              ? t('takeNow', { amount: format.money(total), method: methodLabels[method] })
              : t('payLater', { amount: format.money(total) })}
        </p>
        {failure ? <FormAlert className="mt-4">{failure}</FormAlert> : null}
        <div className="mt-4">
          <SubmitButton label={visits.length > 1 ? t('bookVisits', { count: visits.length }) : t('book')} icon={CalendarCheck} pending={book.isPending} disabled={!ready} />
          {!ready && visits.length > 0 ? <p className="mt-2 text-xs text-base-content/70">{t('chooseTimesFirst')}</p> : null}
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
  const { t } = useTranslation('front-desk');
  const format = useSalonFormat();
  const title = useSalonText(visit.service.title, visit.service.title_bn);
  const [choosing, setChoosing] = useState(visit.startsAt === null);
  const stylistName = stylists.find((s) => s._id === visit.staffId)?.name;
  const which = t('visit.which', { title: title.text, number: format.number(index + 1) });
  return (
    <div className="rounded-box border border-base-300 p-3 sm:p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p lang={title.lang} className="font-semibold wrap-break-word">
            {title.text}
          </p>
          <p className="text-sm text-base-content/75">
            {format.money(visit.service.price)} · {t('visit.minutes', { count: visit.service.duration })}
          </p>
        </div>
        <button type="button" className="btn rounded-full btn-ghost btn-sm" aria-label={t('visit.removeName', { which })} onClick={onRemove}>
          <Trash2 aria-hidden="true" className="size-4" />
          {t('visit.remove')}
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
            {stylists.length > 0
              ? t('visit.whenWith', { when: format.dateTime(visit.startsAt, settings.timeZone), name: stylistName ?? t('visit.anyStylist') })
              : format.dateTime(visit.startsAt, settings.timeZone)}
          </p>
          <button type="button" className="btn rounded-full btn-outline btn-xs btn-primary" aria-label={t('visit.changeTimeOf', { which })} onClick={() => setChoosing(true)}>
            {t('visit.changeTime')}
          </button>
        </div>
      ) : (
        <div className="mt-3">
          <TimeChooser
            title={visit.service.title}
            titleBn={visit.service.title_bn}
            serviceId={visit.service._id}
            startsAt={visit.startsAt}
            own={{ customerId }}
            staffId={visit.staffId ?? undefined}
            settings={settings}
            note={t('visit.timeNote')}
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
  const { t } = useTranslation('front-desk');
  const format = useSalonFormat();
  const salonText = useSalonTexts();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The page's answer takes the focus once it is shown, as a dialog's would (the form that had it is gone).
  useEffect(() => headingRef.current?.focus(), []);
  const paid = result.bookings.reduce((sum, b) => sum + Math.round(b.paid * 100), 0) / 100;
  const total = result.bookings.reduce((sum, b) => sum + Math.round(b.price * 100), 0) / 100;
  return (
    <>
      <h2 id="desk-booked" ref={headingRef} tabIndex={-1} className="text-xl font-semibold wrap-break-word outline-none">
        <Trans t={t} i18nKey="booked.heading" values={{ name: result.customer.name }} components={{ name: <span translate="no" /> }} />
      </h2>
      <ul className="mt-3 space-y-1 text-sm">
        {result.bookings.map((b) => {
          const title = salonText(b.title, b.title_bn);
          return (
            <li key={b._id} className="wrap-break-word">
              <Trans
                t={t}
                i18nKey={b.staffName ? 'booked.lineWith' : 'booked.line'}
                values={{ title: title.text, when: format.dateTime(b.startsAt, timeZone), name: b.staffName }}
                components={{ service: <span lang={title.lang} className="font-medium" /> }}
              />
            </li>
          );
        })}
      </ul>
      <p className="mt-3 text-sm font-medium">{paid > 0 ? t('booked.paidAtCounter', { amount: format.money(paid) }) : t('payLater', { amount: format.money(total) })}</p>
      <p className="mt-1 text-sm text-base-content/75">{result.emailed ? t('booked.emailed') : t('booked.noEmail')}</p>
    </>
  );
}
