import type { SweetAlertIcon } from 'sweetalert2';

/**
 * The one dialog and toast helper of the web app (SweetAlert2, themed).
 * The library is imported on first use so it never weighs on the first page load.
 */
async function loadSwal() {
  const { ParlourSwal } = await import('./sweetalert');
  return ParlourSwal;
}

export interface ConfirmDialogOptions {
  title: string;
  text?: string;
  icon?: SweetAlertIcon;
  confirmButtonText?: string;
  cancelButtonText?: string;
}

/** Resolves true when the user confirms, false when she cancels or dismisses. */
export async function confirmDialog({
  title,
  text,
  icon = 'warning',
  confirmButtonText = 'Yes',
  cancelButtonText = 'Cancel',
}: ConfirmDialogOptions): Promise<boolean> {
  const Swal = await loadSwal();
  const result = await Swal.fire({
    title,
    text,
    icon,
    showCancelButton: true,
    confirmButtonText,
    cancelButtonText,
    focusCancel: false,
  });
  return result.isConfirmed;
}

export interface MessageDialogOptions {
  title: string;
  text?: string;
}

export async function showSuccess({ title, text }: MessageDialogOptions): Promise<void> {
  const Swal = await loadSwal();
  await Swal.fire({ title, text, icon: 'success', confirmButtonText: 'OK' });
}

export async function showError({ title, text }: MessageDialogOptions): Promise<void> {
  const Swal = await loadSwal();
  await Swal.fire({ title, text, icon: 'error', confirmButtonText: 'OK' });
}

export const TOAST_DURATION_MS = 1500;

export interface ToastOptions {
  title: string;
  icon?: SweetAlertIcon;
}

/** A small notice in the top-end corner that closes itself after 1500 ms (spec section 8). */
export async function toast({ title, icon = 'success' }: ToastOptions): Promise<void> {
  const Swal = await loadSwal();
  await Swal.fire({
    toast: true,
    position: 'top-end',
    icon,
    title,
    timer: TOAST_DURATION_MS,
    timerProgressBar: false,
    showConfirmButton: false,
  });
}
