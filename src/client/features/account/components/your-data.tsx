import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { deleteAccountFormSchema, FRESH_SIGN_IN_MESSAGE } from '../../../../shared/account';
import { DownloadCsvLink } from '../../../components/ui/download-csv-link';
import { ErrorState } from '../../../components/ui/error-state';
import { FormActions } from '../../../components/ui/form-actions';
import { FormAlert } from '../../../components/ui/form-alert';
import { PasswordField } from '../../../components/ui/form-field';
import { ApiRequestError } from '../../../lib/api-client';
import { confirmDialog, showSuccess } from '../../../lib/dialogs';
import { useDeleteAccount } from '../api/delete-account';
import { useMyAccount } from '../api/get-my-account';

interface YourDataProps {
  /** The salon's cancellation notice: appointments sooner than this are cancelled without a refund. */
  cancelNoticeHours: number | undefined;
  /** Once the account is gone: forget the session and leave the dashboard. */
  onDeleted: () => void | Promise<void>;
}

function consequences(cancelNoticeHours: number | undefined): string {
  const notice = cancelNoticeHours === undefined ? 'the cancellation notice' : `${cancelNoticeHours} hours`;
  return (
    `Your upcoming appointments are cancelled: those more than ${notice} away are refunded in full, those sooner are cancelled without a refund. ` +
    'Your name, e-mail, photo, reviews and messages are removed and you are signed out everywhere. ' +
    'Your payments stay in the salon’s accounts without your name. This cannot be undone.'
  );
}

/** The user home's 'Your data': download everything the salon keeps about her, or delete her account. */
export function YourData({ cancelNoticeHours, onDeleted }: YourDataProps) {
  const [deleting, setDeleting] = useState(false);
  return (
    <section aria-labelledby="your-data" className="mt-8 rounded-box bg-base-100 p-5 shadow-soft ring-1 ring-base-300/70 sm:p-6">
      <h2 id="your-data" className="text-xl font-semibold">
        Your data
      </h2>
      <p className="mt-2 text-base-content/75">
        Download everything we keep about you (your profile, appointments, payments, waitlist, reviews, messages and our e-mails and
        texts to you) as one file, or delete your account.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <DownloadCsvLink href="/api/me/export" label="Download my data" />
        {deleting ? null : (
          <button type="button" className="btn gap-2 btn-outline btn-sm btn-error" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden="true" className="size-4" />
            Delete my account
          </button>
        )}
      </div>
      {deleting ? <DeleteAccountPanel cancelNoticeHours={cancelNoticeHours} onClose={() => setDeleting(false)} onDeleted={onDeleted} /> : null}
    </section>
  );
}

function DeleteAccountPanel({ cancelNoticeHours, onClose, onDeleted }: YourDataProps & { onClose: () => void }) {
  const account = useMyAccount(true);
  return (
    <div className="mt-5 border-t border-base-300/70 pt-5">
      <h3 className="text-lg font-semibold">Delete my account</h3>
      <p className="mt-2 text-base-content/75">{consequences(cancelNoticeHours)}</p>
      {account.isPending ? (
        <div role="status" aria-label="Checking your account" className="mt-4 skeleton h-10 w-full max-w-sm" />
      ) : account.isError ? (
        <div className="mt-4">
          <ErrorState title="Your account could not be checked" message={account.error.message} onRetry={() => void account.refetch()} isRetrying={account.isFetching} />
        </div>
      ) : account.data.freshSignInRequired ? (
        <div className="mt-4 space-y-3">
          <FormAlert>{FRESH_SIGN_IN_MESSAGE}</FormAlert>
          <button type="button" className="btn rounded-full btn-ghost" onClick={onClose}>
            Keep my account
          </button>
        </div>
      ) : (
        <DeleteAccountForm hasPassword={account.data.hasPassword} cancelNoticeHours={cancelNoticeHours} onClose={onClose} onDeleted={onDeleted} />
      )}
    </div>
  );
}

function DeleteAccountForm({ hasPassword, cancelNoticeHours, onClose, onDeleted }: YourDataProps & { hasPassword: boolean; onClose: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    // An account without a password has nothing to type: its fresh sign-in is the proof.
    resolver: hasPassword ? zodResolver(deleteAccountFormSchema) : undefined,
    defaultValues: { password: '' },
  });
  const deletion = useDeleteAccount();

  const onSubmit = handleSubmit(async ({ password }) => {
    const confirmed = await confirmDialog({
      title: 'Delete your account?',
      text: consequences(cancelNoticeHours),
      confirmButtonText: 'Yes, delete my account',
      cancelButtonText: 'Keep my account',
    });
    if (!confirmed) return;
    deletion.mutate(hasPassword ? { password } : {}, {
      onSuccess: async () => {
        await showSuccess({ title: 'Your account is deleted', text: 'Thank you for having been our guest.' });
        await onDeleted();
      },
      onError: (error) => {
        const issue = error instanceof ApiRequestError ? error.issues?.find((i) => i.path === 'password') : undefined;
        if (issue) setError('password', { type: 'server', message: issue.message });
      },
    });
  });
  // A refusal about the password shows under the field; anything else above the button.
  const refusal = deletion.error && !(deletion.error instanceof ApiRequestError && deletion.error.issues?.some((i) => i.path === 'password')) ? deletion.error.message : undefined;

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Delete my account" className="mt-4 max-w-sm space-y-4">
      {hasPassword ? (
        <PasswordField label="Your password" autoComplete="current-password" error={errors.password?.message} registration={register('password')} />
      ) : null}
      <FormActions label="Delete my account" icon={Trash2} pending={deletion.isPending} error={refusal} className="w-full btn-error sm:w-auto" />
      <button type="button" className="btn w-full rounded-full btn-ghost sm:ml-2 sm:w-auto" onClick={onClose}>
        Keep my account
      </button>
    </form>
  );
}
