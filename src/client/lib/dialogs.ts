import type { SweetAlertIcon } from 'sweetalert2';
import { getI18n } from 'react-i18next';

type ButtonWord = 'yes' | 'no' | 'cancel' | 'ok' | 'undo' | 'close';
// SweetAlert2's own word for its close button, kept for English pages.
const ENGLISH_BUTTONS: Record<ButtonWord, string> = { yes: 'Yes', no: 'No', cancel: 'Cancel', ok: 'OK', undo: 'Undo', close: 'Close this dialog' };
const BUTTON_KEYS = { yes: 'dialog.yes', no: 'dialog.no', cancel: 'dialog.cancel', ok: 'dialog.ok', undo: 'dialog.undo', close: 'dialog.close' } as const;

/**
 * A default button's word in the page's language. Dialogs open outside React, so they read the
 * page's i18next instance (react-i18next keeps it); `common`, where these live, is loaded with
 * every page. English when there is none (a script run before the app).
 */
function buttonWord(word: ButtonWord): string {
  const i18n = getI18n() as ReturnType<typeof getI18n> | undefined;
  return i18n ? i18n.t(BUTTON_KEYS[word], { ns: 'common' }) : ENGLISH_BUTTONS[word];
}

/**
 * SweetAlert2 keeps its unused buttons in the dialog, hidden, and a close button whose name only a
 * screen reader says: their words too, in the page's language.
 */
function unusedButtons() {
  return { denyButtonText: buttonWord('no'), cancelButtonText: buttonWord('cancel'), closeButtonAriaLabel: buttonWord('close') };
}

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
  confirmButtonText = buttonWord('yes'),
  cancelButtonText = buttonWord('cancel'),
}: ConfirmDialogOptions): Promise<boolean> {
  const Swal = await loadSwal();
  // SweetAlert2 answers at the click, but gives focus back only once the dialog has gone. What the
  // caller does next (a save that locks the button that opened it) must come after that, or focus
  // goes back to a locked button, falls to the heading, and she loses her place by chance.
  let gone = () => {};
  const closed = new Promise<void>((resolve) => (gone = resolve));
  const result = await Swal.fire({
    ...unusedButtons(),
    title,
    text,
    icon,
    showCancelButton: true,
    confirmButtonText,
    cancelButtonText,
    focusCancel: true,
    didClose: () => {
      keepFocus(undefined)();
      gone();
    },
  });
  await closed;
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
  await Swal.fire({ ...unusedButtons(), title, text, icon: 'success', confirmButtonText: buttonWord('ok'), didClose: keepFocus(focusAfter) });
}

export async function showError({ title, text, focusAfter }: MessageDialogOptions): Promise<void> {
  const Swal = await loadSwal();
  await Swal.fire({ ...unusedButtons(), title, text, icon: 'error', confirmButtonText: buttonWord('ok'), didClose: keepFocus(focusAfter) });
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
    ...unusedButtons(),
    position: 'top-end',
    icon,
    title,
    timer: TOAST_DURATION_MS,
    timerProgressBar: false,
    showConfirmButton: false,
  });
}

/** How long 'Undo' is offered after an action that can be taken back. */
export const UNDO_DURATION_MS = 8000;

export interface UndoToastOptions {
  title: string;
  /** Where focus goes if it was inside the toast when it closed (default: the page's heading). */
  focusAfter?: FocusAfter;
}

/**
 * A toast that offers 'Undo' for UNDO_DURATION_MS; resolves true when she pressed it in time.
 * The button takes focus, so a keyboard user can undo with Enter or Space straight away; the
 * countdown pauses while the pointer is on the toast, so it does not close under her hand.
 */
export async function undoToast({ title, focusAfter }: UndoToastOptions): Promise<boolean> {
  const Toast = (await loadSweetAlert()).ParlourToast;
  const result = await Toast.fire({
    ...unusedButtons(),
    position: 'top-end',
    icon: 'success',
    title,
    timer: UNDO_DURATION_MS,
    timerProgressBar: true,
    showConfirmButton: true,
    confirmButtonText: buttonWord('undo'),
    didOpen: (popup) => {
      popup.addEventListener('mouseenter', () => Toast.stopTimer());
      popup.addEventListener('mouseleave', () => Toast.resumeTimer());
      popup.querySelector<HTMLElement>('.swal2-confirm')?.focus();
    },
    // Only when focus was in the toast (now gone): she may have moved on meanwhile.
    didClose: () => {
      if (!focusIsLost()) return;
      keepFocus(focusAfter)();
    },
  });
  return result.isConfirmed;
}

/** How long a toast with a link stays: long enough to reach the link, like 'Undo'. */
export const LINK_TOAST_DURATION_MS = UNDO_DURATION_MS;

export interface LinkToastOptions {
  title: string;
  /** The link's words and address (a path of this site). */
  linkText: string;
  href: string;
  /** Follows the link inside the app (the router's navigate); a modified click opens it as the browser would. */
  onFollow: (href: string) => void;
  /** Where focus goes if it was inside the toast when it closed (default: the page's heading). */
  focusAfter?: FocusAfter;
}

/**
 * A toast with a link (e.g. to the list something was just added to). The link takes focus, as
 * 'Undo' does, so a keyboard user can follow it with Enter straight away; the countdown pauses while
 * the pointer is on the toast, so it does not close under her hand.
 */
export async function linkToast({ title, linkText, href, onFollow, focusAfter }: LinkToastOptions): Promise<void> {
  const Toast = (await loadSweetAlert()).ParlourToast;
  const link = document.createElement('a');
  link.href = href;
  link.textContent = linkText;
  link.className = 'link font-semibold link-primary';
  link.addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    Toast.close();
    onFollow(href);
  });
  await Toast.fire({
    ...unusedButtons(),
    position: 'top-end',
    icon: 'success',
    title,
    html: link,
    timer: LINK_TOAST_DURATION_MS,
    timerProgressBar: true,
    showConfirmButton: false,
    didOpen: (popup) => {
      popup.addEventListener('mouseenter', () => Toast.stopTimer());
      popup.addEventListener('mouseleave', () => Toast.resumeTimer());
      link.focus();
    },
    didClose: () => {
      if (!focusIsLost()) return;
      keepFocus(focusAfter)();
    },
  });
}
