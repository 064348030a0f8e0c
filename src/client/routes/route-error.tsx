import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../config/paths';
import { useDocumentTitle } from '../hooks/use-document-title';

/** Last line of defence when a page fails to render or its code fails to load. */
export function RouteError() {
  // `common`: loaded with every page, so this page shows even when no other catalogue can be fetched.
  const { t } = useTranslation();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? t('notFound.heading') : t('routeError.failed');
  useDocumentTitle(t('routeError.documentTitle', { title }));

  return (
    <main className="grid min-h-dvh place-items-center bg-base-100 px-4">
      <div className="max-w-md text-center">
        <h1 className="text-3xl font-semibold">{title}</h1>
        <p className="mt-4 text-base-content/80">
          {notFound ? t('routeError.notFoundBody') : t('routeError.failedBody')}
        </p>
        <div className="mt-8 flex justify-center gap-3">
          {notFound ? null : (
            <button type="button" className="btn rounded-full btn-primary" onClick={() => window.location.reload()}>
              {t('routeError.reload')}
            </button>
          )}
          <Link to={paths.home} className="btn rounded-full btn-ghost">
            {t('notFound.back')}
          </Link>
        </div>
      </div>
    </main>
  );
}
