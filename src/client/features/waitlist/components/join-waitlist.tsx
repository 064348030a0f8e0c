import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BellRing } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { joinWaitlistInputSchema } from '@shared/waitlist';
import { FormActions } from '@/components/ui/form-actions';
import { InputField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { ApiRequestError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { SalonText } from '@/components/ui/salon-text';
import { useSalonFormat } from '@/hooks/use-salon-format';
import { useJoinWaitlist } from '../api/join-waitlist';

/** What she waits for: the picker's service, day and stylist (null: any). */
export interface WaitlistWish {
  serviceId: string;
  title: string;
  /** Its Bangla title (null: none; a Bangla page shows the English one). */
  title_bn: string | null;
  date: string;
  staffId: string | null;
  staffName: string | null;
}

type RangeValues = { from: string; to: string };
const FIELDS = new Set<string>(['from', 'to']);
const isField = (path: string): path is keyof RangeValues => FIELDS.has(path);

/**
 * 'Join the waitlist', offered where the time picker finds no free time on a day: with the stylist
 * she chose (or any) and, if she likes, the hours she can come. When a place frees, the salon holds
 * it for her and e-mails her (docs/decisions/045).
 */
export function JoinWaitlist({ wish }: { wish: WaitlistWish }) {
  const { t } = useTranslation('booking');
  const format = useSalonFormat();
  const headingId = useId();
  const join = useJoinWaitlist();
  const [joined, setJoined] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RangeValues>({ defaultValues: { from: '', to: '' } });

  const onSubmit = handleSubmit((values) => {
    const input = { serviceId: wish.serviceId, date: wish.date, staffId: wish.staffId, from: values.from || null, to: values.to || null };
    // The server's own rules first (to after from), then its answer.
    const checked = joinWaitlistInputSchema.safeParse(input);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const path = String(issue.path[0] ?? '');
        if (isField(path)) setError(path, { type: 'schema', message: issue.message });
      }
      return;
    }
    join.mutate(checked.data, {
      onSuccess: () => setJoined(true),
      onError: (error) => void applyServerFieldErrors(error, setError, (path) => (isField(path) ? path : undefined)),
    });
  });

  const day = format.calendarDate(wish.date);
  if (joined) {
    return (
      <div role="status" className="mt-3 rounded-field border border-success/30 bg-success/5 px-4 py-3 text-sm">
        <p className="font-medium">{t('waitlist.joined', { date: day })}</p>
        <p className="mt-1">
          <Trans t={t} i18nKey="waitlist.joinedText" components={{ home: <Link to={paths.dashboard.userHome} className="link link-primary" /> }} />
        </p>
      </div>
    );
  }
  return (
    <form aria-labelledby={headingId} noValidate onSubmit={(event) => void onSubmit(event)} className="mt-3 rounded-field border border-primary/20 bg-base-100 p-3">
      <p id={headingId} className="font-medium">
        {t('waitlist.heading', { date: day })}
      </p>
      <p className="mt-1 text-base-content/75">
        {/* The salon's Bangla title on a Bangla page when it wrote one; else the English, marked English. */}
        <SalonText en={wish.title} bn={wish.title_bn} />{' '}
        {wish.staffName ? t('waitlist.withStylist', { name: wish.staffName }) : t('waitlist.withAny')}
      </p>
      <div className="mt-3 grid grid-cols-2 gap-3">
        <InputField label={t('waitlist.from')} optional type="time" error={errors.from?.message} registration={register('from')} />
        <InputField label={t('waitlist.to')} optional type="time" error={errors.to?.message} registration={register('to')} />
      </div>
      <div className="mt-3 space-y-3">
        <FormActions
          label={t('waitlist.join')}
          icon={BellRing}
          pending={join.isPending}
          className="w-full sm:w-auto"
          error={join.isError && !(join.error instanceof ApiRequestError && join.error.issues?.some((i) => isField(i.path))) ? join.error.message : undefined}
        />
      </div>
    </form>
  );
}
