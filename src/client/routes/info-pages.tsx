import { Link } from 'react-router';
import { Users } from 'lucide-react';
import { InfoPage, InfoSection } from '../features/marketing/components/info-page';
import { usePublicSalonSettings } from '../features/contact/api/get-opening-hours';
import { pageMeta } from '../config/page-meta';
import { paths } from '../config/paths';
import { salon } from '../../shared/salon';
import { QueryState } from '../components/ui/query-state';
import { UserAvatar } from '../components/ui/user-avatar';
import { useServices } from '../features/services/api/get-services';
import { useStaff } from '../features/staff/api/get-staff';

/**
 * The footer's short pages: plain text a salon owner can edit here. Dates are written out, not
 * computed, so they change only when the text does.
 */

const contactLine = (
  <p>
    Questions? Call us on{' '}
    <a href={salon.phoneHref} className="link link-primary whitespace-nowrap">
      {salon.phone}
    </a>
    , write to{' '}
    <a href={`mailto:${salon.email}`} className="link link-primary">
      {salon.email}
    </a>{' '}
    or visit us at {salon.address}.
  </p>
);

function AboutPage() {
  return (
    <InfoPage meta={pageMeta.about} heading="About Parlour">
      <p>
        {salon.name} is a beauty salon for women in Dhanmondi, Dhaka. We opened our doors to give women a calm, private place
        to look after their hair, skin and nails, away from the rush of the city.
      </p>
      <InfoSection title="How we work">
        <p>
          Every visit starts with a conversation about what you want. We take the time a treatment needs, use gentle, tested
          products, and sterilise every tool between clients. The salon is for women only, and so is our team.
        </p>
      </InfoSection>
      <InfoSection title="Booking">
        <p>
          Choose your treatments on the{' '}
          <Link to={paths.services} className="link link-primary">
            home page
          </Link>
          , pick a time that suits you and pay online; you get a confirmation by e-mail straight away.
        </p>
      </InfoSection>
      {contactLine}
    </InfoPage>
  );
}

/** The active stylists from GET /api/staff (in the page's data when it is rendered on the server). */
function TeamPage() {
  const staff = useStaff();
  const { data: services } = useServices();
  const titleOf = new Map((services ?? []).map((service) => [service._id, service.title]));
  return (
    <InfoPage meta={pageMeta.team} heading="Our team">
      <p>The women who will look after you at {salon.name}.</p>
      <QueryState
        query={staff}
        loading={{ label: 'Loading our team', rows: 3, row: <div className="skeleton size-20 shrink-0 rounded-full" /> }}
        empty={{ icon: Users, title: 'Our team is on its way', message: 'The stylists will be introduced here soon.' }}
      >
        {(list) => (
          <ul className="space-y-8">
            {list.map((member) => {
              const does = member.serviceIds.flatMap((id) => titleOf.get(id) ?? []);
              return (
                <li key={member._id} className="flex flex-col gap-4 sm:flex-row sm:items-start">
                  <UserAvatar name={member.name} image={member.photo_url} size={80} ring="none" />
                  <div className="min-w-0">
                    <h2 className="text-2xl font-semibold text-base-content">{member.name}</h2>
                    {member.bio && <p className="mt-1">{member.bio}</p>}
                    {does.length > 0 && (
                      <p className="mt-1 text-base">
                        <span className="font-semibold text-primary">Does: </span>
                        {does.join(', ')}
                      </p>
                    )}
                    {does.length > 0 && (
                      <Link to={paths.servicesBy(member._id)} aria-label={`Book with her: ${member.name}`} className="btn btn-sm mt-3 rounded-full btn-primary">
                        Book with her
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
      {contactLine}
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
      {contactLine}
    </InfoPage>
  );
}

function CookiesPage() {
  return (
    <InfoPage meta={pageMeta.cookies} heading="Cookie policy" updated="2026-11-01">
      <p>{salon.name} uses cookies only to keep you signed in. There are no advertising or tracking cookies on this site.</p>
      <InfoSection title="The cookies we set">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>parlour.session_token</strong>: keeps you signed in, for up to 7 days after your last visit. Logging out
            removes it.
          </li>
          <li>
            <strong>parlour.session_data</strong>: a short-lived copy of your sign-in (one minute) that spares the salon a
            lookup on every page.
          </li>
          <li>When you sign in with Google, Facebook or another provider, a cookie that lasts only for that sign-in.</li>
        </ul>
        <p>
          When card payments go through Stripe, Stripe's payment form may set its own cookies to prevent fraud, on the payment
          page only.
        </p>
      </InfoSection>
      <p>Without these cookies you can still browse the salon's services, but you cannot sign in or book.</p>
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
