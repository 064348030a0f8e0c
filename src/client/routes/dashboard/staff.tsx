import { useRef, useState } from 'react';
import { Pencil, UserMinus, UserPlus, UserRoundCheck, Users } from 'lucide-react';
import { DEFAULT_SALON_SETTINGS } from '../../../shared/salon-settings';
import type { Staff } from '../../../shared/staff';
import { PageHeader } from '../../components/ui/page-header';
import { QueryState } from '../../components/ui/query-state';
import { UserAvatar } from '../../components/ui/user-avatar';
import { usePublicSalonSettings } from '../../features/contact/api/get-opening-hours';
import { useServices } from '../../features/services/api/get-services';
import { useStaff } from '../../features/staff/api/get-staff';
import {
  useAddTimeOff,
  useCreateStaff,
  useReinstateStaff,
  useRemoveTimeOff,
  useRetireStaff,
  useRetiredStaff,
  useSaveStaffHours,
  useStaffHours,
  useStaffMember,
  useStaffTimeOff,
  useUpdateStaff,
} from '../../features/staff/api/staff-admin';
import { HoursEditor } from '../../features/staff/components/hours-editor';
import { StaffForm, type StaffFormValues } from '../../features/staff/components/staff-form';
import { TimeOffEditor } from '../../features/staff/components/time-off-editor';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { confirmDialog, toast } from '../../lib/dialogs';
import { uploadImage } from '../../lib/upload-image';

const panelClass = 'rounded-box bg-base-100 p-4 shadow-soft ring-1 ring-base-300/70 sm:p-6';

/** /dashboard/staff (admin): the stylists, to add, edit (details, hours, time off) or retire. */
export function StaffRoute() {
  useDocumentTitle('Stylists | Parlour');
  const staff = useStaff({ staleTime: 0 });
  const services = useServices({ staleTime: 0 });
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const editorRef = useRef<HTMLElement>(null);
  const retire = useRetireStaff();
  const retired = useRetiredStaff();
  const reinstate = useReinstateStaff();

  function open(target: string | 'new') {
    setEditing(target);
    // After the editor renders: bring it into view and move focus to its heading.
    requestAnimationFrame(() => {
      editorRef.current?.scrollIntoView({ block: 'start' });
      editorRef.current?.querySelector<HTMLElement>('h2')?.focus();
    });
  }

  async function retireStylist(member: Staff) {
    const sure = await confirmDialog({
      title: `Retire ${member.name}?`,
      text: 'She leaves the Team page and takes no new bookings. Her past and booked appointments keep her name.',
      confirmButtonText: 'Yes, retire her',
    });
    if (!sure) return;
    await retire.mutateAsync(member._id);
    if (editing === member._id) setEditing(null);
    await toast({ title: `${member.name} is retired` });
  }

  async function bringBack(member: Staff) {
    await reinstate.mutateAsync(member._id);
    await toast({ title: `${member.name} is back on the team` });
  }

  return (
    <>
      <PageHeader
        eyebrow="Stylists"
        title="Stylists"
        actions={
          <button type="button" className="btn rounded-full btn-primary" onClick={() => open('new')}>
            <UserPlus aria-hidden="true" className="size-4" /> Add a stylist
          </button>
        }
      >
        Who does which treatments, her weekly hours and her time off. The salon's opening hours still bound them all.
      </PageHeader>
      <QueryState
        query={staff}
        className="mt-6"
        loading={{ label: 'Loading the stylists', rows: 3, row: <div className="skeleton h-10 w-full" /> }}
        empty={{
          icon: Users,
          title: 'No stylists yet',
          message: 'Add the women who work at the salon.',
          action: (
            <button type="button" className="btn rounded-full btn-primary" onClick={() => open('new')}>
              Add a stylist
            </button>
          ),
        }}
      >
        {(list) => (
          <ul className={`mt-6 divide-y divide-base-300 ${panelClass} !p-0`}>
            {list.map((member) => (
              <li key={member._id} className="flex flex-wrap items-center gap-3 p-4">
                <UserAvatar name={member.name} image={member.photo_url} size={40} ring="none" />
                <div className="min-w-0 flex-1 basis-40">
                  <p className="font-semibold break-words">{member.name}</p>
                  <p className="text-sm text-base-content/70">
                    {member.serviceIds.length} service{member.serviceIds.length === 1 ? '' : 's'}
                  </p>
                </div>
                <div className="flex gap-2">
                  <button type="button" className="btn btn-sm btn-outline" aria-label={`Edit ${member.name}`} onClick={() => open(member._id)}>
                    <Pencil aria-hidden="true" className="size-4" /> Edit
                  </button>
                  <button type="button" className="btn btn-sm btn-ghost text-error" aria-label={`Retire ${member.name}`} onClick={() => void retireStylist(member)}>
                    <UserMinus aria-hidden="true" className="size-4" /> Retire
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {retired.data && retired.data.length > 0 && (
        <section aria-labelledby="retired-heading" className="mt-8">
          <h2 id="retired-heading" className="text-xl font-semibold">
            Retired
          </h2>
          <p className="mt-1 text-sm text-base-content/70">Brought back, she returns with her services, hours and time off as she left them.</p>
          <ul className={`mt-4 divide-y divide-base-300 ${panelClass} !p-0`}>
            {retired.data.map((member) => (
              <li key={member._id} className="flex flex-wrap items-center gap-3 p-4">
                <UserAvatar name={member.name} image={member.photo_url} size={40} ring="none" />
                <p className="min-w-0 flex-1 basis-40 font-semibold break-words">{member.name}</p>
                <button
                  type="button"
                  className="btn btn-sm btn-outline"
                  aria-label={`Bring back ${member.name}`}
                  disabled={reinstate.isPending}
                  onClick={() => void bringBack(member)}
                >
                  <UserRoundCheck aria-hidden="true" className="size-4" /> Bring back
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {editing !== null && services.data && (
        <section ref={editorRef} aria-labelledby="staff-editor-heading" className="mt-8 scroll-mt-4">
          {editing === 'new' ? (
            <NewStylist catalogue={services.data} onAdded={(id) => open(id)} />
          ) : (
            <EditStylist key={editing} id={editing} catalogue={services.data} />
          )}
        </section>
      )}
    </>
  );
}

async function photoUrlOf(photo: File | undefined): Promise<string | undefined> {
  return photo ? (await uploadImage(photo)).data.display_url : undefined;
}

function NewStylist({ catalogue, onAdded }: { catalogue: NonNullable<ReturnType<typeof useServices>['data']>; onAdded: (id: string) => void }) {
  const create = useCreateStaff();
  async function save(values: StaffFormValues) {
    const photo_url = (await photoUrlOf(values.photo)) ?? null;
    const { insertedId } = await create.mutateAsync({ name: values.name, bio: values.bio, photo_url, services: values.services, accountEmail: values.accountEmail });
    onAdded(insertedId);
    return undefined;
  }
  return (
    <div className={panelClass}>
      <h2 id="staff-editor-heading" tabIndex={-1} className="mb-4 font-display text-2xl font-semibold">
        Add a stylist
      </h2>
      <StaffForm catalogue={catalogue} onSubmit={save} />
    </div>
  );
}

function EditStylist({ id, catalogue }: { id: string; catalogue: NonNullable<ReturnType<typeof useServices>['data']> }) {
  const member = useStaffMember(id);
  const hours = useStaffHours(id);
  const timeOff = useStaffTimeOff(id);
  const { data: settings } = usePublicSalonSettings();
  const update = useUpdateStaff();
  const saveHours = useSaveStaffHours();
  const addTimeOff = useAddTimeOff();
  const removeTimeOff = useRemoveTimeOff();
  const timeZone = settings?.timeZone ?? DEFAULT_SALON_SETTINGS.timeZone;

  async function save(values: StaffFormValues) {
    const photo_url = await photoUrlOf(values.photo);
    const { modifiedCount } = await update.mutateAsync({
      id,
      changes: { name: values.name, bio: values.bio, services: values.services, accountEmail: values.accountEmail, ...(photo_url !== undefined && { photo_url }) },
    });
    return modifiedCount === 0 ? 'Nothing needed changing.' : 'Saved.';
  }

  if (member.isPending) return <p role="status">Loading her details</p>;
  if (member.isError) {
    return (
      <p role="alert" className="text-error">
        {member.error.message}
      </p>
    );
  }
  return (
    <div className="space-y-6">
      <div className={panelClass}>
        <h2 id="staff-editor-heading" tabIndex={-1} className="mb-4 font-display text-2xl font-semibold break-words">
          {member.data.name}
        </h2>
        <StaffForm catalogue={catalogue} stylist={member.data} onSubmit={save} />
      </div>
      <div className={panelClass}>
        <h3 className="mb-4 text-xl font-semibold">Weekly hours</h3>
        {hours.data ? (
          <HoursEditor hours={hours.data} timeZone={timeZone} onSave={async (week) => void (await saveHours.mutateAsync({ id, hours: week }))} />
        ) : hours.isError ? (
          <p role="alert" className="text-error">{hours.error.message}</p>
        ) : (
          <p role="status">Loading her hours</p>
        )}
      </div>
      <div className={panelClass}>
        <h3 className="mb-4 text-xl font-semibold">Time off</h3>
        {timeOff.data ? (
          <TimeOffEditor
            timeOff={timeOff.data}
            timeZone={timeZone}
            onAdd={async (range) => void (await addTimeOff.mutateAsync({ id, range }))}
            onRemove={async (timeOffId) => void (await removeTimeOff.mutateAsync({ id, timeOffId }))}
          />
        ) : timeOff.isError ? (
          <p role="alert" className="text-error">{timeOff.error.message}</p>
        ) : (
          <p role="status">Loading her time off</p>
        )}
      </div>
    </div>
  );
}
