import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { deleteAccountFormSchema, FRESH_SIGN_IN_MESSAGE } from '@shared/account';
import { DownloadCsvLink } from '@/components/ui/download-csv-link';
import { ErrorState } from '@/components/ui/error-state';
import { FormActions } from '@/components/ui/form-actions';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/form-field';
import { useErrorText } from '@/hooks/use-error-text';
import { ApiRequestError } from '@/lib/api-client';
import { confirmDialog, showSuccess } from '@/lib/dialogs';
import { applyServerFieldErrors, fieldsNamed } from '@/lib/server-field-errors';
import { useDeleteAccount } from '../api/delete-account';
import { useMyAccount } from '../api/get-my-account';

interface YourDataProps {
  /** The salon's cancellation notice: appointments sooner than this are cancelled without a refund. */
  cancelNoticeHours: number | undefined;
  /** Once the account is gone: forget the session and leave the dashboard. */
  onDeleted: () => void | Promise<void>;
}

function consequences(t: TFunction<'dashboard'>, cancelNoticeHours: number | undefined): string {
  const appointments =
    cancelNoticeHours === undefined ? t('yourData.consequences.noticeUnknown') : t('yourData.consequences.notice', { count: cancelNoticeHours });
  return `${appointments} ${t('yourData.consequences.rest')}`;
}

/** The user home's 'Your data': download everything the salon keeps about her, or delete her account. */
export function YourData({ cancelNoticeHours, onDeleted }: YourDataProps) {
  const { t } = useTranslation('dashboard');
  const [deleting, setDeleting] = useState(false);
  return (
    <section aria-labelledby="your-data" className="mt-8 rounded-box bg-base-100 p-5 shadow-soft ring-1 ring-base-300/70 sm:p-6">
      <h2 id="your-data" className="text-xl font-semibold">
        {t('yourData.heading')}
      </h2>
      <p className="mt-2 text-base-content/75">{t('yourData.intro')}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <DownloadCsvLink href="/api/me/export" label={t('yourData.download')} />
        {deleting ? null : (
          <button type="button" className="btn gap-2 btn-outline btn-sm btn-error" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden="true" className="size-4" />
            {t('yourData.delete')}
          </button>
        )}
      </div>
      {deleting ? <DeleteAccountPanel cancelNoticeHours={cancelNoticeHours} onClose={() => setDeleting(false)} onDeleted={onDeleted} /> : null}
    </section>
  );
}

function DeleteAccountPanel({ cancelNoticeHours, onClose, onDeleted }: YourDataProps & { onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const errorText = useErrorText();
  const account = useMyAccount(true);
  return (
    <div className="mt-5 border-t border-base-300/70 pt-5">
      <h3 className="text-lg font-semibold">{t('yourData.delete')}</h3>
      <p className="mt-2 text-base-content/75">{consequences(t, cancelNoticeHours)}</p>
      {account.isPending ? (
        <div role="status" aria-label={t('yourData.checking')} className="mt-4 skeleton h-10 w-full max-w-sm" />
      ) : account.isError ? (
        <div className="mt-4">
          <ErrorState title={t('yourData.checkFailed')} message={account.error.message} onRetry={() => void account.refetch()} isRetrying={account.isFetching} />
        </div>
      ) : account.data.freshSignInRequired ? (
        <div className="mt-4 space-y-3">
          <FormAlert>{errorText(FRESH_SIGN_IN_MESSAGE)}</FormAlert>
          <button type="button" className="btn rounded-full btn-ghost" onClick={onClose}>
            {t('yourData.keep')}
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
  const { t } = useTranslation('dashboard');
  const deletion = useDeleteAccount();

  const onSubmit = handleSubmit(async ({ password }) => {
    const confirmed = await confirmDialog({
      title: t('yourData.confirmTitle'),
      text: consequences(t, cancelNoticeHours),
      confirmButtonText: t('yourData.confirmYes'),
      cancelButtonText: t('yourData.keep'),
    });
    if (!confirmed) return;
    deletion.mutate(hasPassword ? { password } : {}, {
      onSuccess: async () => {
        await showSuccess({ title: t('yourData.deletedTitle'), text: t('yourData.deletedText') });
        await onDeleted();
      },
      // A wrong password: focus goes to the field it is shown under, ready for her to type it
      // again (the button she pressed is locked while it saves, and a locked button loses focus).
      onError: (error) => void applyServerFieldErrors(error, setError, fieldsNamed<{ password: string }>('password'), { focus: true }),
    });
  });
  // A refusal about the password shows under the field; anything else above the button.
  const refusal = deletion.error && !(deletion.error instanceof ApiRequestError && deletion.error.issues?.some((i) => i.path === 'password')) ? deletion.error.message : undefined;

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('yourData.delete')} className="mt-4 max-w-sm space-y-4">
      {hasPassword ? (
        <PasswordField label={t('yourData.password')} autoComplete="current-password" error={errors.password?.message} registration={register('password')} />
      ) : null}
      <FormActions label={t('yourData.delete')} icon={Trash2} pending={deletion.isPending} error={refusal} className="w-full btn-error sm:w-auto" />
      <button type="button" className="btn w-full rounded-full btn-ghost sm:ml-2 sm:w-auto" onClick={onClose}>
        {t('yourData.keep')}
      </button>
    </form>
  );
}
