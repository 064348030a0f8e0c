import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { Users } from 'lucide-react';
import { InfoPage, InfoSection } from '../features/marketing/components/info-page';
import { usePublicSalonSettings } from '../features/contact/api/get-opening-hours';
import { pageMeta } from '../config/page-meta';
import { paths } from '../config/paths';
import { salon } from '../../shared/salon';
import { LANGUAGE_COOKIE } from '../../shared/i18n/language';
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
  const cancelNotice = settings ? `${settings.cancelNoticeHours} hours` : 'the time shown on your booking';
  return (
    <InfoPage meta={pageMeta.terms} heading="Terms and conditions" updated="2026-11-01">
      <p>These terms apply when you book a treatment with {salon.name} on this website.</p>
      <InfoSection title="Your account">
        <p>You need an account to book. Keep your password to yourself; you are responsible for bookings made with it.</p>
      </InfoSection>
      <InfoSection title="Bookings and payment">
        <p>
          A time is held for you for a few minutes while you pay. Depending on the treatment you pay the whole price online, a
          deposit online and the rest at the salon, or everything at the salon; the checkout says which before you pay. Your
          booking is confirmed once what is due online has been paid (at once when nothing is), and we send you a confirmation
          by e-mail. Prices are in Bangladeshi taka and include all charges.
        </p>
      </InfoSection>
      <InfoSection title="Cancelling or moving an appointment">
        <p>
          You can cancel an appointment from your dashboard up to {cancelNotice} before it starts, and what you paid online
          is refunded the way you paid (card or mobile wallet). Later than that, a visit you paid a deposit for can still be
          cancelled from your dashboard, but the salon keeps the deposit, as it does when you do not come; for a visit paid in
          full, please call us. If we have to cancel, we tell you at once and refund you in full.
        </p>
      </InfoSection>
      <InfoSection title="At the salon">
        <p>
          Please arrive a few minutes early and tell us about allergies or skin conditions before your treatment. If you
          arrive late we may have to shorten the treatment so that the next client is not kept waiting.
        </p>
      </InfoSection>
      <ContactLine />
    </InfoPage>
  );
}

function PrivacyPage() {
  return (
    <InfoPage meta={pageMeta.privacy} heading="Privacy policy" updated="2026-11-01">
      <p>{salon.name} keeps only what it needs to take your bookings, and never sells or shares it for advertising.</p>
      <InfoSection title="What we keep">
        <ul className="list-disc space-y-2 pl-6">
          <li>Your account: your name, e-mail address, password (scrambled, never readable) and, if you add one, your photo.</li>
          <li>Your bookings, payments and refunds, and the reviews you write.</li>
          <li>Messages you send us through the contact form, and the e-mails we send you.</li>
        </ul>
        <p>
          Card details go straight to our card processor; we never see or store your card number. If you sign in with Google,
          Facebook or another provider, we receive your name, e-mail address and photo from it.
        </p>
      </InfoSection>
      <InfoSection title="Why">
        <p>To take and confirm your bookings, remind you of them, answer your messages and keep the records the law asks of a business.</p>
      </InfoSection>
      <InfoSection title="Your rights">
        <p>
          You can see and correct your details on your dashboard, and ask us to send you a copy of everything we keep about
          you or to delete your account by writing to {salon.email}. We keep payment records as long as the tax rules require.
        </p>
      </InfoSection>
      <p>
        See also our{' '}
        <Link to={paths.cookies} className="link link-primary">
          cookie policy
        </Link>
        .
      </p>
      <ContactLine />
    </InfoPage>
  );
}

function CookiesPage() {
  const { t } = useTranslation('info');
  return (
    <InfoPage meta={pageMeta.cookies} heading={t('cookies.heading')} updated="2026-11-28">
      <p>{t('cookies.intro', { name: salon.name })}</p>
      <InfoSection title={t('cookies.setTitle')}>
        <ul className="list-disc space-y-2 pl-6">
          {(
            [
              ['parlour.session_token', 'session'],
              ['parlour.session_data', 'sessionData'],
              [LANGUAGE_COOKIE, 'language'],
            ] as const
          ).map(([name, key]) => (
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
