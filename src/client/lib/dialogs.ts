import type { SweetAlertIcon } from 'sweetalert2';

/**
 * The one dialog and toast helper of the web app (SweetAlert2, themed).
 * The library is imported on first use so it never weighs on the first page load.
 */
const loadSweetAlert = () => import('./sweetalert');
const loadSwal = async () => (await loadSweetAlert()).ParlourSwal;

/** Where focus goes when a dialog closes (the control that opened it may be gone or locked by then). */
export type FocusAfter = () => HTMLElement | null | undefined;

function focusIsLost(): boolean {
  const active = document.activeElement;
  return (
    active === null ||
    active === document.body ||
    !active.isConnected ||
    (active instanceof HTMLButtonElement && active.disabled) ||
    active.closest('[inert]') !== null
  );
}

function focusOn(target: HTMLElement, options?: FocusOptions) {
  // A heading is not focusable by itself; focused by script it gets no ring (see index.css).
  if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) {
    target.setAttribute('tabindex', '-1');
    target.setAttribute('data-focus-target', '');
  }
  target.focus(options);
}

/**
 * SweetAlert2 hands focus back to whatever had it when the dialog opened. That is often nothing
 * useful: a submit button locked while its form saved, a Delete button whose row is gone. Focus
 * then falls to <body> and the next Tab starts again at the top of the page. Run once the dialog
 * has closed (after SweetAlert2's own restore), it puts focus on `focusAfter` when the caller
 * named a place, else, only if focus was lost, on the page's heading (without scrolling to it).
 */
function keepFocus(focusAfter: FocusAfter | undefined) {
  return () => {
    const target = focusAfter?.();
    if (target) {
      focusOn(target);
      return;
    }
    if (!focusIsLost()) return;
    const main = document.querySelector<HTMLElement>('main');
    const heading = main?.querySelector<HTMLElement>('h1') ?? main;
    if (heading) focusOn(heading, { preventScroll: true });
  };
}

export interface ConfirmDialogOptions {
  title: string;
  text?: string;
  icon?: SweetAlertIcon;
  confirmButtonText?: string;
  cancelButtonText?: string;
}

/**
 * Resolves true when the user confirms, false when she cancels or dismisses. Every confirmation
 * here guards something that cannot be undone (a delete, a cancellation, a role change), so the
 * dialog opens on the safe choice: a hasty Enter keeps things as they were.
 */
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
    focusCancel: true,
    didClose: keepFocus(undefined),
  });
  return result.isConfirmed;
}

export interface MessageDialogOptions {
  title: string;
  text?: string;
  /** Where focus goes once the dialog is closed, if its opener is gone or locked (default: the page's heading). */
  focusAfter?: FocusAfter;
}

export async function showSuccess({ title, text, focusAfter }: MessageDialogOptions): Promise<void> {
  const Swal = await loadSwal();
  await Swal.fire({ title, text, icon: 'success', confirmButtonText: 'OK', didClose: keepFocus(focusAfter) });
}

export async function showError({ title, text, focusAfter }: MessageDialogOptions): Promise<void> {
  const Swal = await loadSwal();
  await Swal.fire({ title, text, icon: 'error', confirmButtonText: 'OK', didClose: keepFocus(focusAfter) });
}

export const TOAST_DURATION_MS = 1500;

export interface ToastOptions {
  title: string;
  icon?: SweetAlertIcon;
}

/** A small notice in the top-end corner that closes itself after 1500 ms (spec section 8). */
export async function toast({ title, icon = 'success' }: ToastOptions): Promise<void> {
  const Toast = (await loadSweetAlert()).ParlourToast;
  await Toast.fire({
    position: 'top-end',
    icon,
    title,
    timer: TOAST_DURATION_MS,
    timerProgressBar: false,
    showConfirmButton: false,
  });
}
