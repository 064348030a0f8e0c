import { Trans, useTranslation } from 'react-i18next';
import { data, isRouteErrorResponse, useLoaderData, useRevalidator, useRouteError, type LoaderFunctionArgs } from 'react-router';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { getService } from '@/features/services/api/get-service';
import { UpdateServiceForm } from '@/features/services/components/update-service-form';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSalonText } from '@/hooks/use-language';
import { ApiRequestError } from '@/lib/api-client';
import { NotFoundRoute } from '../not-found';

/**
 * Spec section 2: the service is loaded before the page renders. An unknown or malformed id is
 * a page that does not exist, so both answer the site's 404 page.
 */
export async function updateServiceLoader({ params, request }: LoaderFunctionArgs) {
  const { id } = params;
  if (!id) throw data('Service not found', { status: 404 });
  try {
    return await getService(id, { signal: request.signal });
  } catch (error) {
    if (error instanceof ApiRequestError && (error.statusCode === 404 || error.statusCode === 400)) {
      throw data('Service not found', { status: 404 });
    }
    throw error;
  }
}

/** /dashboard/updateservice/:id (admin). */
export function UpdateServiceRoute() {
  // The form's messages come from `errors`: loaded with the page, so the form never waits for it.
  const { t } = useTranslation(['services', 'errors']);
  useDocumentTitle(t('update.documentTitle'));
  const service = useLoaderData<typeof updateServiceLoader>();
  const title = useSalonText(service.title, service.title_bn);
  const { revalidate } = useRevalidator();
  return (
    <>
      <PageHeader eyebrow={t('update.eyebrow')} title={t('update.title')}>
        <Trans t={t} i18nKey="update.intro" values={{ title: title.text }} components={{ service: <span lang={title.lang} /> }} />
      </PageHeader>
      {/* Keyed by the saved values, so a saved change starts the form again from them. */}
      <UpdateServiceForm key={JSON.stringify(service)} service={service} onUpdated={revalidate} />
    </>
  );
}

/**
 * Rendered inside the dashboard (and so behind its admin check): the 404 page for an unknown
 * service, or a retry when the service could not be loaded.
 */
export function UpdateServiceErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;
  return <ServiceLoadError message={error instanceof Error ? error.message : undefined} />;
}

function ServiceLoadError({ message }: { message: string | undefined }) {
  const { t } = useTranslation(['services', 'ui']);
  useDocumentTitle(t('update.documentTitle'));
  const { revalidate, state } = useRevalidator();
  return (
    <div className="mt-8">
      <ErrorState title={t('ui:somethingWentWrong')} message={message} onRetry={() => void revalidate()} isRetrying={state === 'loading'} />
    </div>
  );
}
