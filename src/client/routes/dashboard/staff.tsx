import { useRef, useState } from 'react';
import { Pencil, UserMinus, UserPlus, UserRoundCheck, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SALON_SETTINGS } from '@shared/salon-settings';
import type { Staff } from '@shared/staff';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { UserAvatar } from '@/components/ui/user-avatar';
import { usePublicSalonSettings } from '@/lib/salon-settings';
import { useServices } from '@/features/services/api/get-services';
import { useStaff } from '@/features/staff/api/get-staff';
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
} from '@/features/staff/api/staff-admin';
import { HoursEditor } from '@/features/staff/components/hours-editor';
import { StaffForm, type StaffFormValues } from '@/features/staff/components/staff-form';
import { TimeOffEditor } from '@/features/staff/components/time-off-editor';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { confirmDialog, toast } from '@/lib/dialogs';
import { uploadImage } from '@/lib/upload-image';

const panelClass = 'rounded-box bg-base-100 p-4 shadow-soft ring-1 ring-base-300/70 sm:p-6';

/** /dashboard/staff (admin): the stylists, to add, edit (details, hours, time off) or retire. */
export function StaffRoute() {
  // The form's, the hours' and the time off's texts too: all in `staff`, loaded with the page.
  const { t } = useTranslation('staff');
  useDocumentTitle(t('documentTitle'));
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
      title: t('retireDialog.title', { name: member.name }),
      text: t('retireDialog.text'),
      confirmButtonText: t('retireDialog.confirm'),
      cancelButtonText: t('retireDialog.cancel'),
    });
    if (!sure) return;
    await retire.mutateAsync(member._id);
    if (editing === member._id) setEditing(null);
    await toast({ title: t('retiredToast', { name: member.name }) });
  }

  async function bringBack(member: Staff) {
    await reinstate.mutateAsync(member._id);
    await toast({ title: t('backToast', { name: member.name }) });
  }

  return (
    <>
      <PageHeader
        eyebrow={t('eyebrow')}
        title={t('title')}
        actions={
          <button type="button" className="btn rounded-full btn-primary" onClick={() => open('new')}>
            <UserPlus aria-hidden="true" className="size-4" /> {t('add')}
          </button>
        }
      >
        {t('intro')}
      </PageHeader>
      <QueryState
        query={staff}
        className="mt-6"
        loading={{ label: t('loading'), rows: 3, row: <div className="skeleton h-10 w-full" /> }}
        empty={{
          icon: Users,
          title: t('empty.title'),
          message: t('empty.message'),
          action: (
            <button type="button" className="btn rounded-full btn-primary" onClick={() => open('new')}>
              {t('add')}
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
                  <p className="font-semibold break-words" translate="no">
                    {member.name}
                  </p>
                  <p className="text-sm text-base-content/70">{t('serviceCount', { count: member.serviceIds.length })}</p>
                </div>
                <div className="flex gap-2">
                  <button type="button" className="btn btn-sm btn-outline" aria-label={t('editName', { name: member.name })} onClick={() => open(member._id)}>
                    <Pencil aria-hidden="true" className="size-4" /> {t('edit')}
                  </button>
                  <button type="button" className="btn btn-sm btn-ghost text-error" aria-label={t('retireName', { name: member.name })} onClick={() => void retireStylist(member)}>
                    <UserMinus aria-hidden="true" className="size-4" /> {t('retire')}
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
            {t('retired.heading')}
          </h2>
          <p className="mt-1 text-sm text-base-content/70">{t('retired.intro')}</p>
          <ul className={`mt-4 divide-y divide-base-300 ${panelClass} !p-0`}>
            {retired.data.map((member) => (
              <li key={member._id} className="flex flex-wrap items-center gap-3 p-4">
                <UserAvatar name={member.name} image={member.photo_url} size={40} ring="none" />
                <p className="min-w-0 flex-1 basis-40 font-semibold break-words" translate="no">
                  {member.name}
                </p>
                <button
                  type="button"
                  className="btn btn-sm btn-outline"
                  aria-label={t('retired.bringBackName', { name: member.name })}
                  disabled={reinstate.isPending}
                  onClick={() => void bringBack(member)}
                >
                  <UserRoundCheck aria-hidden="true" className="size-4" /> {t('retired.bringBack')}
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
  const { t } = useTranslation('staff');
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
        {t('add')}
      </h2>
      <StaffForm catalogue={catalogue} onSubmit={save} />
    </div>
  );
}

function EditStylist({ id, catalogue }: { id: string; catalogue: NonNullable<ReturnType<typeof useServices>['data']> }) {
  const member = useStaffMember(id);
  const hours = useStaffHours(id);
  const timeOff = useStaffTimeOff(id);
  const { t } = useTranslation('staff');
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
    return modifiedCount === 0 ? t('unchanged') : t('saved');
  }

  if (member.isPending) return <p role="status">{t('loadingDetails')}</p>;
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
        <h2 id="staff-editor-heading" tabIndex={-1} className="mb-4 font-display text-2xl font-semibold break-words" translate="no">
          {member.data.name}
        </h2>
        <StaffForm catalogue={catalogue} stylist={member.data} onSubmit={save} />
      </div>
      <div className={panelClass}>
        <h3 className="mb-4 text-xl font-semibold">{t('hoursHeading')}</h3>
        {hours.data ? (
          <HoursEditor hours={hours.data} timeZone={timeZone} onSave={async (week) => void (await saveHours.mutateAsync({ id, hours: week }))} />
        ) : hours.isError ? (
          <p role="alert" className="text-error">{hours.error.message}</p>
        ) : (
          <p role="status">{t('loadingHours')}</p>
        )}
      </div>
      <div className={panelClass}>
        <h3 className="mb-4 text-xl font-semibold">{t('timeOffHeading')}</h3>
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
          <p role="status">{t('loadingTimeOff')}</p>
        )}
      </div>
    </div>
  );
}
