import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { Users } from 'lucide-react';
import { InfoPage, InfoSection } from '../features/marketing/components/info-page';
import { usePublicSalonSettings } from '@/lib/salon-settings';
import { pageMeta } from '../config/page-meta';
import { paths } from '../config/paths';
import { salon } from '@shared/salon';
import { LANGUAGE_COOKIE } from '@shared/i18n/language';
import { useContentLang } from '../hooks/use-language';
import { QueryState } from '../components/ui/query-state';
import { UserAvatar } from '../components/ui/user-avatar';
import { useServices } from '../features/services/api/get-services';
import { useStaff } from '../features/staff/api/get-staff';

/**
 * The footer's short pages: plain text a salon owner can edit here. Dates are written out, not
 * computed, so they change only when the text does.
 */

/** How to reach the salon, at the foot of a page. */
function ContactLine() {
  const { t } = useTranslation('info');
  return (
    <p>
      <Trans
        t={t}
        i18nKey="contactLine"
        values={{ phone: salon.phone, email: salon.email, address: t('common:salon.address') }}
        components={{
          phone: <a href={salon.phoneHref} className="link link-primary whitespace-nowrap" />,
          email: <a href={`mailto:${salon.email}`} translate="no" className="link link-primary" />,
        }}
      />
    </p>
  );
}

function AboutPage() {
  const { t } = useTranslation('info');
  return (
    <InfoPage meta={pageMeta.about} heading={t('about.heading')}>
      <p>{t('about.intro', { name: salon.name })}</p>
      <InfoSection title={t('about.howTitle')}>
        <p>{t('about.how')}</p>
      </InfoSection>
      <InfoSection title={t('about.bookingTitle')}>
        <p>
          <Trans t={t} i18nKey="about.booking" components={{ home: <Link to={paths.services} className="link link-primary" /> }} />
        </p>
      </InfoSection>
      <ContactLine />
    </InfoPage>
  );
}

/** The active stylists from GET /api/staff (in the page's data when it is rendered on the server). */
function TeamPage() {
  const staff = useStaff();
  const { data: services } = useServices();
  const titleOf = new Map((services ?? []).map((service) => [service._id, service.title]));
  const { t } = useTranslation('info');
  const contentLang = useContentLang();
  return (
    <InfoPage meta={pageMeta.team} heading={t('team.heading')}>
      <p>{t('team.intro', { name: salon.name })}</p>
      <QueryState
        query={staff}
        loading={{ label: t('team.loading'), rows: 3, row: <div className="skeleton size-20 shrink-0 rounded-full" /> }}
        empty={{ icon: Users, title: t('team.emptyTitle'), message: t('team.emptyMessage') }}
      >
        {(list) => (
          <ul className="space-y-8">
            {list.map((member) => {
              const does = member.serviceIds.flatMap((id) => titleOf.get(id) ?? []);
              return (
                <li key={member._id} className="flex flex-col gap-4 sm:flex-row sm:items-start">
                  <UserAvatar name={member.name} image={member.photo_url} size={80} ring="none" />
                  <div className="min-w-0">
                    <h2 translate="no" className="text-2xl font-semibold text-base-content">
                      {member.name}
                    </h2>
                    {member.bio && (
                      <p lang={contentLang} className="mt-1">
                        {member.bio}
                      </p>
                    )}
                    {does.length > 0 && (
                      <p className="mt-1 text-base">
                        <span className="font-semibold text-primary">{t('team.does')}</span>
                        <span lang={contentLang}>{does.join(', ')}</span>
                      </p>
                    )}
                    {does.length > 0 && (
                      <Link to={paths.servicesBy(member._id)} aria-label={t('team.bookWithLabel', { name: member.name })} className="btn btn-sm mt-3 rounded-full btn-primary">
                        {t('team.bookWith')}
                      </Link>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
    </InfoPage>
  );
}

function TermsPage() {
  const { data: settings } = usePublicSalonSettings();
  const { t } = useTranslation('legal');
  // Until the settings arrive (or if they cannot), the rule points at the booking, which states it.
  const notice = settings ? t('terms.noticeHours', { count: settings.cancelNoticeHours }) : t('terms.noticeUnknown');
  return (
    <InfoPage meta={pageMeta.terms} heading={t('terms.heading')} updated="2026-11-01">
      <p>{t('terms.intro', { name: salon.name })}</p>
      <InfoSection title={t('terms.accountTitle')}>
        <p>{t('terms.account')}</p>
      </InfoSection>
      <InfoSection title={t('terms.bookingTitle')}>
        <p>{t('terms.booking')}</p>
      </InfoSection>
      <InfoSection title={t('terms.cancelTitle')}>
        <p>{t('terms.cancel', { notice })}</p>
      </InfoSection>
      <InfoSection title={t('terms.salonTitle')}>
        <p>{t('terms.salon')}</p>
      </InfoSection>
      <ContactLine />
    </InfoPage>
  );
}

function PrivacyPage() {
  const { t } = useTranslation('legal');
  return (
    <InfoPage meta={pageMeta.privacy} heading={t('privacy.heading')} updated="2026-11-01">
      <p>{t('privacy.intro', { name: salon.name })}</p>
      <InfoSection title={t('privacy.keepTitle')}>
        <ul className="list-disc space-y-2 pl-6">
          <li>{t('privacy.keepAccount')}</li>
          <li>{t('privacy.keepBookings')}</li>
          <li>{t('privacy.keepMessages')}</li>
        </ul>
        <p>{t('privacy.cards')}</p>
      </InfoSection>
      <InfoSection title={t('privacy.whyTitle')}>
        <p>{t('privacy.why')}</p>
      </InfoSection>
      <InfoSection title={t('privacy.rightsTitle')}>
        <p>
          <Trans
            t={t}
            i18nKey="privacy.rights"
            values={{ email: salon.email }}
            components={{ email: <a href={`mailto:${salon.email}`} translate="no" className="link link-primary" /> }}
          />
        </p>
      </InfoSection>
      <p>
        <Trans t={t} i18nKey="privacy.seeAlso" components={{ cookies: <Link to={paths.cookies} className="link link-primary" /> }} />
      </p>
      <ContactLine />
    </InfoPage>
  );
}

/** The cookies the site sets, by name (code, shown as written), and the key of what each is for. */
const COOKIES = [
  ['parlour.session_token', 'session'],
  ['parlour.session_data', 'sessionData'],
  [LANGUAGE_COOKIE, 'language'],
] as const;

function CookiesPage() {
  const { t } = useTranslation('info');
  return (
    <InfoPage meta={pageMeta.cookies} heading={t('cookies.heading')} updated="2026-11-28">
      <p>{t('cookies.intro', { name: salon.name })}</p>
      <InfoSection title={t('cookies.setTitle')}>
        <ul className="list-disc space-y-2 pl-6">
          {COOKIES.map(([name, key]) => (
            <li key={name}>
              <strong lang="en">{name}</strong>: {t(`cookies.${key}`)}
            </li>
          ))}
          <li>{t('cookies.provider')}</li>
        </ul>
        <p>{t('cookies.stripe')}</p>
      </InfoSection>
      <p>{t('cookies.without')}</p>
    </InfoPage>
  );
}

export const infoPages = {
  about: AboutPage,
  team: TeamPage,
  terms: TermsPage,
  privacy: PrivacyPage,
  cookies: CookiesPage,
};
