import { useSearchParams } from 'react-router';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SALON_SETTINGS } from '@shared/salon-settings';
import { PageHeader } from '@/components/ui/page-header';
import { PeriodPicker } from '@/features/admin-summary/components/period-picker';
import { PeriodSummary } from '@/features/admin-summary/components/period-summary';
import { periodFromSearch, type PeriodPreset } from '@/features/admin-summary/period';
import { useCurrentUser } from '@/features/auth/use-current-user';
import { TodayAppointments } from '@/features/bookings/components/today-appointments';
import { NextFreeTimes } from '@/features/cart/components/next-free-times';
import { SmsThisMonth } from '@/features/sms/components/sms-this-month';
import { useServices } from '@/features/services/api/get-services';
import { useStaff } from '@/features/staff/api/get-staff';
import { useSalonSettings } from '@/features/settings/api/get-settings';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { salonToday } from '@shared/calendar';
import { useSalonFormat } from '@/hooks/use-salon-format';
import { useAdminMenu } from './dashboard-menu';
import { SalonMovePicker } from './move-time-picker';

/** /dashboard/adminhome: today's appointments, the period's figures and chart, and the admin tools. */
export function AdminHomeRoute() {
  const { t } = useTranslation('admin');
  const format = useSalonFormat();
  useDocumentTitle(t('home.documentTitle'));
  const { user, isAdmin } = useCurrentUser();
  const adminMenu = useAdminMenu(isAdmin);
  const settings = useSalonSettings();
  const services = useServices();
  const staff = useStaff();
  const timeZone = settings.data?.timeZone ?? DEFAULT_SALON_SETTINGS.timeZone;
  const today = salonToday(timeZone);
  const [search, setSearch] = useSearchParams();
  const period = periodFromSearch(search, today);

  // The period lives in the URL, so a reload or a shared link shows the same figures.
  const choosePreset = (preset: PeriodPreset) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('period', preset);
        if (preset === 'custom') {
          next.set('from', period.from);
          next.set('to', period.to);
        } else {
          next.delete('from');
          next.delete('to');
        }
        return next;
      },
      { replace: true },
    );
  const chooseDates = ({ from, to }: { from: string; to: string }) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      next.set('period', 'custom');
      next.set('from', from);
      next.set('to', to);
      return next;
    }, { replace: true });

  return (
    <>
      <PageHeader eyebrow={t('home.eyebrow')} title={t('home.title', { name: user?.name ?? '' })}>
        {t('home.intro')}
      </PageHeader>

      <section aria-labelledby="today-heading" className="mt-8">
        <h2 id="today-heading" className="font-display text-2xl font-semibold">
          {t('home.today')} <span className="text-base font-normal text-base-content/70">{format.calendarDate(today)}</span>
        </h2>
        <div className="mt-3">
          <TodayAppointments date={today} timeZone={timeZone} MovePicker={SalonMovePicker} />
        </div>
        <div className="mt-3">
          <NextFreeTimes services={services.data ?? []} date={today} timeZone={timeZone} stylists={staff.data ?? []} />
        </div>
      </section>

      <section aria-labelledby="figures-heading" className="mt-10">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <h2 id="figures-heading" className="font-display text-2xl font-semibold">
            {t('home.figuresHeading')}
          </h2>
          <PeriodPicker period={period} onPreset={choosePreset} onDates={chooseDates} />
        </div>
        <p className="mt-1 text-sm text-base-content/75">
          {period.from === period.to ? format.calendarDate(period.from) : t('home.periodRange', { from: format.calendarDate(period.from), to: format.calendarDate(period.to) })}
        </p>
        <div className="mt-4">{period.valid ? <PeriodSummary period={period} /> : null}</div>
      </section>

      <section aria-labelledby="sms-heading" className="mt-10">
        <h2 id="sms-heading" className="font-display text-2xl font-semibold">
          {t('home.texts')}
        </h2>
        <div className="mt-3">
          <SmsThisMonth />
        </div>
      </section>

      <nav aria-labelledby="tools-heading" className="mt-10">
        <h2 id="tools-heading" className="font-display text-2xl font-semibold">
          {t('home.tools')}
        </h2>
        <ul aria-label={t('home.tools')} className="mt-3 flex flex-wrap gap-2">
          {adminMenu.slice(1).map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link to={to} className="btn rounded-full btn-outline btn-sm">
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
