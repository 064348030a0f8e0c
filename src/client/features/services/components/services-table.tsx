import { useId, useRef } from 'react';
import { PackageOpen, Pencil, Plus, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { responsiveImage } from '../../../../shared/images';
import { formatMoney } from '../../../../shared/money';
import type { Service } from '../../../../shared/service';
import { QueryState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { confirmDialog, showError, showSuccess } from '../../../lib/dialogs';
import { useDeleteService } from '../api/delete-service';
import { useServices } from '../api/get-services';
import { TableScrollBox } from '../../../components/ui/table-scroll-box';

/** The catalogue as the admin manages it: number, title, price, Update and Delete (spec section 2). */
export function ServicesTable() {
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
      title: 'Are you sure?',
      text: "You won't be able to revert this!",
      icon: 'warning',
      confirmButtonText: 'Yes, delete it!',
    });
    if (!confirmed) return;
    deleteService.mutate(service._id, {
      onSuccess: ({ deletedCount }) => {
        if (deletedCount === 1) void showSuccess({ title: 'Service deleted', text: `${service.title} is no longer offered.`, focusAfter: () => deleteButtonOf(neighbour?._id) });
      },
      onError: (error) =>
        void showError({ title: 'The service was not deleted', text: error.message, focusAfter: () => deleteButtonOf(service._id) }),
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
        title: 'No services yet',
        message: "Add the salon's first treatment and it appears here and on the home page.",
        action: (
          <Link to={paths.dashboard.addService} className="btn mt-2 rounded-full btn-primary">
            <Plus aria-hidden="true" className="size-4" />
            Add services
          </Link>
        ),
      }}
    >
      {(list) => (
        <div ref={listRef} className="mt-8 overflow-hidden rounded-box bg-base-100 shadow-soft ring-1 ring-base-300/70">
          <p id={captionId} className="border-b border-base-300/70 px-5 py-3 text-sm text-base-content/75">
            {list.length} {list.length === 1 ? 'service' : 'services'} on the menu
          </p>
          <TableScrollBox label="Services" className="hidden md:block">
            <table className="table table-md" aria-describedby={captionId}>
              <caption className="sr-only">The salon's services</caption>
              <thead>
                <tr className="text-xs tracking-wide text-base-content/75 uppercase">
                  <th scope="col" className="w-12">
                    #
                  </th>
                  <th scope="col">Service title</th>
                  <th scope="col" className="text-right">
                    Price
                  </th>
                  <th scope="col" className="text-right">
                    Update
                  </th>
                  <th scope="col" className="text-right">
                    Delete
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((service, index) => {
                  const busy = pendingId === service._id;
                  return (
                    <tr key={service._id} className="hover:bg-base-200/50">
                      <td className="text-base-content/70">{index + 1}</td>
                      <td>
                        <div className="flex items-center gap-3">
                          <img
                            src={service.image_url}
                            {...responsiveImage(service.image_url, '48px')}
                            width={48}
                            height={48}
                            alt=""
                            loading="lazy"
                            decoding="async"
                            className="size-12 shrink-0 rounded-field object-cover"
                          />
                          <span className="font-semibold">{service.title}</span>
                        </div>
                      </td>
                      <td className="text-right whitespace-nowrap tabular-nums">{formatMoney(service.price)}</td>
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
          <ul aria-label="The salon's services" className="divide-y divide-base-300/70 md:hidden">
            {list.map((service) => (
              <li key={service._id} className="flex flex-wrap items-center gap-3 px-4 py-4">
                <img
                  src={service.image_url}
                  {...responsiveImage(service.image_url, '48px')}
                  width={48}
                  height={48}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="size-12 shrink-0 rounded-field object-cover"
                />
                <div className="min-w-0 flex-1 basis-32">
                  <p className="font-semibold wrap-break-word">{service.title}</p>
                  <p className="text-sm text-base-content/75 tabular-nums">{formatMoney(service.price)}</p>
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
  return (
    <Link
      to={paths.dashboard.updateService(service._id)}
      aria-label={`Update ${service.title}`}
      className="btn rounded-full whitespace-nowrap btn-outline btn-sm btn-secondary"
    >
      <Pencil aria-hidden="true" className="size-4" />
      Update
    </Link>
  );
}

function DeleteButton({ service, busy, onDelete }: { service: Service; busy: boolean; onDelete: (service: Service) => Promise<void> }) {
  return (
    <button
      type="button"
      aria-label={`Delete ${service.title}`}
      data-delete-service={service._id}
      className="btn rounded-full whitespace-nowrap btn-sm btn-error"
      disabled={busy}
      onClick={() => void onDelete(service)}
    >
      {busy ? <span aria-hidden="true" className="loading loading-xs loading-spinner" /> : <Trash2 aria-hidden="true" className="size-4" />}
      Delete
    </button>
  );
}
