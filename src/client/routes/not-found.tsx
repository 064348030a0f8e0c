import { Home } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';
import { pageMeta, usePageTitle } from '../config/page-meta';

export function NotFoundRoute() {
  const { t } = useTranslation();
  usePageTitle(pageMeta.notFound);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <p aria-hidden="true" className="font-display text-8xl font-semibold text-primary/70 sm:text-9xl">
        404
      </p>
      <h1 className="mt-4 text-3xl font-semibold sm:text-4xl">{t('notFound.heading')}</h1>
      <p className="mt-4 text-lg text-base-content/80">{t('notFound.body')}</p>
      <Link to={paths.home} className="btn mt-8 rounded-full px-8 btn-primary">
        <Home aria-hidden="true" className="size-4" />
        {t('notFound.back')}
      </Link>
    </section>
  );
}
