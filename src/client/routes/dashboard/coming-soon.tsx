import { ArrowLeft, Flower2 } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** A dashboard page whose feature is still being built: says so kindly, and leads back. */
export function ComingSoon({ title }: { title: string }) {
  useDocumentTitle(`${title} | Parlour`);
  const { isAdmin } = useCurrentUser();
  return (
    <section className="relative overflow-hidden rounded-box bg-base-100 px-6 py-14 text-center shadow-soft ring-1 ring-base-300/70 sm:px-12 sm:py-20">
      <div aria-hidden="true" className="pointer-events-none absolute -top-20 -right-20 size-64 rounded-full bg-primary/10 blur-3xl" />
      <div aria-hidden="true" className="pointer-events-none absolute -bottom-24 -left-16 size-64 rounded-full bg-accent/15 blur-3xl" />
      <span className="relative mx-auto grid size-16 place-items-center rounded-full bg-blush text-primary ring-1 ring-primary/15">
        <Flower2 aria-hidden="true" className="size-8" />
      </span>
      <p className="relative mt-6 text-sm font-semibold tracking-[0.2em] text-gold-ink uppercase">Coming soon</p>
      <h1 className="relative mt-2 text-3xl font-semibold sm:text-4xl">{title}</h1>
      <p className="relative mx-auto mt-4 max-w-md text-base-content/80">
        We are still preparing this part of the salon’s site. It will be ready soon; thank you for your patience.
      </p>
      <Link
        to={isAdmin ? paths.dashboard.adminHome : paths.dashboard.userHome}
        className="btn relative mt-8 rounded-full px-6 btn-primary"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to dashboard home
      </Link>
    </section>
  );
}
