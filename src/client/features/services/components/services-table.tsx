import { useId, useRef } from 'react';
import { PackageOpen, Pencil, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { responsiveImage } from '@shared/images';
import type { Service } from '@shared/service';
import { QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { confirmDialog, showError, showSuccess } from '@/lib/dialogs';
import { useDeleteService } from '../api/delete-service';
import { useServices } from '../api/get-services';
import { TableScrollBox } from '@/components/ui/table-scroll-box';
import { useContentLang, useServiceTitle } from '@/hooks/use-language';
import { useSalonFormat } from '@/hooks/use-salon-format';

/** The thumbnails' width, for the browser's choice from their srcset. */
const THUMB_SIZES = '48px';

/**
 * The title the admin wrote, and under it her Bangla title when there is one, each marked with its
 * language where it differs from the page's.
 */
function ServiceTitles({ service, className }: { service: Service; className: string }) {
  const english = useContentLang('en');
  const bangla = useContentLang('bn');
  return (
    <span className="block min-w-0">
      <span lang={english} className={`block ${className}`}>
        {service.title}
      </span>
      {service.title_bn ? (
        <span lang={bangla} className="block text-sm text-base-content/75 wrap-break-word">
          {service.title_bn}
        </span>
      ) : null}
    </span>
  );
}

/** The catalogue as the admin manages it: number, title, price, Update and Delete (spec section 2). */
export function ServicesTable() {
  const { t } = useTranslation('services');
  const format = useSalonFormat();
  const nameOf = useServiceTitle();
  // Other admins change the catalogue too: ask again whenever the page opens.
  const services = useServices({ staleTime: 0 });
  const deleteService = useDeleteService();
  const captionId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  /** The Delete button of a service as drawn now (the table's on wide screens, the card's on phones). */
  const deleteButtonOf = (id: string | undefined) =>
    [...(listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-delete-service]') ?? [])].find(
      (button) => button.dataset.deleteService === id && button.getClientRects().length > 0,
    );

  const onDelete = async (service: Service) => {
    // Once the row is gone, keyboard users carry on from the row that took its place (or the one
    // before it); with none left, from the page's heading.
    const list = services.data ?? [];
    const index = list.findIndex((entry) => entry._id === service._id);
    const neighbour = list[index + 1] ?? list[index - 1];
    const confirmed = await confirmDialog({
      title: t('delete.title'),
      text: t('delete.text'),
      icon: 'warning',
      confirmButtonText: t('delete.confirm'),
    });
    if (!confirmed) return;
    deleteService.mutate(service._id, {
      onSuccess: ({ deletedCount }) => {
        // decisions.md: it names what went, not the original's 'Your file has been deleted.'
        if (deletedCount === 1) void showSuccess({ title: t('delete.done'), text: t('delete.doneText', { title: nameOf(service) }), focusAfter: () => deleteButtonOf(neighbour?._id) });
      },
      onError: (error) => void showError({ title: t('delete.failed'), text: error.message, focusAfter: () => deleteButtonOf(service._id) }),
    });
  };

  const pendingId = deleteService.isPending ? deleteService.variables : null;

  return (
    <QueryState
      query={services}
      className="mt-8"
      loading={{
        showLabel: true,
        rows: 4,
        row: (
          <>
            <div className="skeleton size-12 shrink-0 rounded-field" />
            <div className="skeleton h-4 flex-1" />
            <div className="skeleton h-8 w-40 rounded-full" />
          </>
        ),
      }}
      empty={{
        icon: PackageOpen,
        title: t('manage.empty.title'),
        message: t('manage.empty.message'),
        action: (
          <Link to={paths.dashboard.addService} className="btn mt-2 rounded-full btn-primary">
            <Plus aria-hidden="true" className="size-4" />
            {t('manage.empty.add')}
          </Link>
        ),
      }}
    >
      {(list) => (
        <div ref={listRef} className="mt-8 overflow-hidden rounded-box bg-base-100 shadow-soft ring-1 ring-base-300/70">
          <p id={captionId} className="border-b border-base-300/70 px-5 py-3 text-sm text-base-content/75">
            {t('table.count', { count: list.length })}
          </p>
          <TableScrollBox label={t('table.scrollLabel')} className="hidden md:block">
            <table className="table table-md" aria-describedby={captionId}>
              <caption className="sr-only">{t('table.caption')}</caption>
              <thead>
                <tr className="text-xs tracking-wide text-base-content/75 uppercase">
                  <th scope="col" className="w-12">
                    #
                  </th>
                  <th scope="col">{t('table.title')}</th>
                  <th scope="col" className="text-right">
                    {t('table.price')}
                  </th>
                  <th scope="col" className="text-right">
                    {t('table.update')}
                  </th>
                  <th scope="col" className="text-right">
                    {t('table.delete')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((service, index) => {
                  const busy = pendingId === service._id;
                  return (
                    <tr key={service._id} className="hover:bg-base-200/50">
                      <td className="text-base-content/70">{format.number(index + 1)}</td>
                      <td>
                        <div className="flex items-center gap-3">
                          <img
                            src={service.image_url}
                            {...responsiveImage(service.image_url, THUMB_SIZES)}
                            width={48}
                            height={48}
                            alt=""
                            loading="lazy"
                            decoding="async"
                            className="size-12 shrink-0 rounded-field object-cover"
                          />
                          <ServiceTitles service={service} className="font-semibold" />
                        </div>
                      </td>
                      <td className="text-right whitespace-nowrap tabular-nums">{format.money(service.price)}</td>
                      <td className="text-right">
                        <UpdateLink service={service} />
                      </td>
                      <td className="text-right">
                        <DeleteButton service={service} busy={busy} onDelete={onDelete} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableScrollBox>
          {/* Below md each service is a card with both buttons, labelled, in view. */}
          <ul aria-label={t('table.caption')} className="divide-y divide-base-300/70 md:hidden">
            {list.map((service) => (
              <li key={service._id} className="flex flex-wrap items-center gap-3 px-4 py-4">
                <img
                  src={service.image_url}
                  {...responsiveImage(service.image_url, THUMB_SIZES)}
                  width={48}
                  height={48}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="size-12 shrink-0 rounded-field object-cover"
                />
                <div className="min-w-0 flex-1 basis-32">
                  <ServiceTitles service={service} className="font-semibold wrap-break-word" />
                  <p className="text-sm text-base-content/75 tabular-nums">{format.money(service.price)}</p>
                </div>
                <div className="flex gap-2">
                  <UpdateLink service={service} />
                  <DeleteButton service={service} busy={pendingId === service._id} onDelete={onDelete} />
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
    </QueryState>
  );
}

function UpdateLink({ service }: { service: Service }) {
  const { t } = useTranslation('services');
  const nameOf = useServiceTitle();
  return (
    <Link
      to={paths.dashboard.updateService(service._id)}
      aria-label={t('table.updateName', { title: nameOf(service) })}
      className="btn rounded-full whitespace-nowrap btn-outline btn-sm btn-secondary"
    >
      <Pencil aria-hidden="true" className="size-4" />
      {t('table.update')}
    </Link>
  );
}

function DeleteButton({ service, busy, onDelete }: { service: Service; busy: boolean; onDelete: (service: Service) => Promise<void> }) {
  const { t } = useTranslation('services');
  const nameOf = useServiceTitle();
  return (
    <button
      type="button"
      aria-label={t('table.deleteName', { title: nameOf(service) })}
      data-delete-service={service._id}
      className="btn rounded-full whitespace-nowrap btn-sm btn-error"
      disabled={busy}
      onClick={() => void onDelete(service)}
    >
      {busy ? <span aria-hidden="true" className="loading loading-xs loading-spinner" /> : <Trash2 aria-hidden="true" className="size-4" />}
      {t('table.delete')}
    </button>
  );
}
