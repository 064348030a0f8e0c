import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { salonToday } from '@shared/calendar';
import { isCalendarDate, type SalonSettings } from '@shared/salon-settings';
import type { StaffVisit } from '@shared/staff';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import type { CalendarColumn } from '@/features/bookings/calendar-layout';
import { CalendarHeading, DayStepper, SettingsGate, calendarLoadingRow } from '@/features/bookings/components/calendar/calendar-page';
import { DayGrid } from '@/features/bookings/components/calendar/day-grid';
import { useCalendarSelection } from '@/features/bookings/components/calendar/use-calendar-selection';
import { VisitDetails, type VisitMark } from '@/features/bookings/components/calendar/visit-details';
import { usePublicSalonSettings } from '@/lib/salon-settings';
import { useMarkVisit, useMyStylist, useMyVisits, useRecordChairPayment } from '@/features/staff/api/my-day';
import type { CounterMethod } from '@shared/deposits';
import { formatMoney } from '@shared/money';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useErrorText } from '@/hooks/use-error-text';
import { useIntlLocale, useServiceTitle } from '@/hooks/use-language';
import { useSalonFormat } from '@/hooks/use-salon-format';
import { confirmDialog, toast } from '@/lib/dialogs';

/**
 * /dashboard/my-day: a stylist's own column of the salon's day, for the account the admin linked
 * to her. The calendar's day grid with her column alone (the salon's hours down the side, her
 * visits as blocks, her buffers hatched); a visit opens the calendar's details with what she may
 * do: mark it completed or a no-show once its time has come. Nothing of the money and no other
 * stylist's visits (the server sends neither). The day lives in the URL, as the calendar's does.
 */
export function MyDayRoute() {
  const { t } = useTranslation('dashboard');
  const dates = useSalonFormat();
  useDocumentTitle(t('myDay.documentTitle'));
  const me = useMyStylist();
  const settings = usePublicSalonSettings();
  const [params, setParams] = useSearchParams();

  if (me.isPending) return null;
  const stylist = me.data?.stylist;
  if (!stylist) {
    return (
      <PageHeader eyebrow={t('menu.myDay.label')} title={t('menu.myDay.label')}>
        {t('myDay.notStylist')}
      </PageHeader>
    );
  }
  const asked = params.get('date');
  const header = (
    <PageHeader eyebrow={<span translate="no">{stylist.name}</span>} title={t('menu.myDay.label')}>
      {t('myDay.intro')}
    </PageHeader>
  );
  return (
    <SettingsGate header={header} settings={settings} loadingLabel={t('myDay.loadingDay')}>
      {(salon) => {
        const today = salonToday(salon.timeZone);
        const date = asked && isCalendarDate(asked) ? asked : today;
        return (
          <>
            {/* Each day is an entry of its own: Back goes to the day she looked at before. */}
            <DayStepper date={date} today={today} unit="day" onShow={(next) => setParams(next === today ? {} : { date: next })} />
            <CalendarHeading>
              {dates.calendarDate(date)}
              {date === today ? t('myDay.today', { today: dates.relativeDay(0) }) : ''}
            </CalendarHeading>
            <MyVisits date={date} settings={salon} column={{ key: stylist._id, name: stylist.name, retired: false }} />
          </>
        );
      }}
    </SettingsGate>
  );
}

function MyVisits({ date, settings, column }: { date: string; settings: SalonSettings; column: CalendarColumn }) {
  const visits = useMyVisits(date);
  const mark = useMarkVisit();
  const record = useRecordChairPayment();
  const { root, selectedId, open, close } = useCalendarSelection();
  const { timeZone } = settings;
  const { t } = useTranslation('dashboard');
  const dates = useSalonFormat();
  const locale = useIntlLocale();
  const errorText = useErrorText();
  const serviceTitle = useServiceTitle();

  /** Money taken at her chair; a refusal ('more than it owes') is shown by the form itself. */
  async function recordPayment(visit: StaffVisit, input: { amount: number; method: CounterMethod }) {
    await record.mutateAsync({ id: visit._id, ...input });
    await toast({ title: t('myDay.paymentRecorded', { amount: formatMoney(input.amount, undefined, locale), name: visit.customer.name }) });
  }

  async function markVisit(visit: StaffVisit, status: VisitMark) {
    if (status === 'no-show') {
      const sure = await confirmDialog({
        title: t('myDay.noShowTitle', { name: visit.customer.name }),
        text: t('myDay.noShowText', { service: serviceTitle(visit), time: dates.time(visit.startsAt, timeZone) }),
        confirmButtonText: t('myDay.noShowConfirm'),
      });
      if (!sure) return;
    }
    try {
      await mark.mutateAsync({ id: visit._id, status });
      await toast({
        title:
          status === 'completed'
            ? t('myDay.markedDone', { service: serviceTitle(visit), name: visit.customer.name })
            : t('myDay.markedNoShow', { name: visit.customer.name }),
      });
    } catch (error) {
      await toast({ icon: 'error', title: errorText(error instanceof Error ? error.message : 'It was not marked. Please try again.') });
    }
  }

  return (
    <div ref={root}>
      <QueryState query={visits} loading={{ label: t('myDay.loadingVisits'), rows: 4, row: calendarLoadingRow }}>
        {(list) => {
          // Her column is the only one: each visit is drawn in it.
          const inColumn = list.map((visit) => ({ ...visit, staffId: column.key }));
          const selected = list.find((visit) => visit._id === selectedId);
          return (
            <>
              <p className="text-sm text-base-content/75">
                {list.length === 0 ? t('myDay.nobody') : ''}
                {t('visits.zoneNote', { note: dates.timesAreInZone(timeZone) })}
              </p>
              {selected ? (
                <VisitDetails
                  key={selected._id}
                  visit={selected}
                  columnName={column.name}
                  timeZone={timeZone}
                  onMark={markVisit}
                  marking={mark.isPending}
                  onRecordPayment={recordPayment}
                  onClose={close}
                />
              ) : null}
              <div className="mt-4" aria-busy={visits.isFetching}>
                <DayGrid
                  date={date}
                  settings={settings}
                  columns={[column]}
                  bookings={inColumn}
                  chosenKey={column.key}
                  selectedId={selectedId}
                  onOpen={open}
                  label={t('myDay.visitsLabel')}
                />
              </div>
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
