import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../config/paths';
import { useDocumentTitle } from '../hooks/use-document-title';

/** Last line of defence when a page fails to render or its code fails to load. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? 'Page not found' : 'Something went wrong';
  useDocumentTitle(`${title} | Parlour`);

  return (
    <main className="grid min-h-dvh place-items-center bg-base-100 px-4">
      <div className="max-w-md text-center">
        <h1 className="text-3xl font-semibold">{title}</h1>
        <p className="mt-4 text-base-content/80">
          {notFound
            ? 'This page does not exist.'
            : 'The page could not be shown. Reloading usually helps; if not, please try again in a moment.'}
        </p>
        <div className="mt-8 flex justify-center gap-3">
          {notFound ? null : (
            <button type="button" className="btn rounded-full btn-primary" onClick={() => window.location.reload()}>
              Reload
            </button>
          )}
          <Link to={paths.home} className="btn rounded-full btn-ghost">
            Back to home
          </Link>
        </div>
      </div>
    </main>
  );
}
