// Loaded on demand by dialogs.ts so SweetAlert2 stays out of the first page load.
// The plain ES build is used so the library never injects an inline <style> (our CSP prefers not).
import Swal from 'sweetalert2/dist/sweetalert2.esm.js';
import type { SweetAlertOptions } from 'sweetalert2';
import './sweetalert.css';

/** What dialogs and toasts share: the site's look, and icons kept from screen readers. */
const common: SweetAlertOptions = {
  buttonsStyling: false,
  // The icon's '!' or 'i' is drawn as text, which screen readers would read out before the title.
  didRender: (popup) => popup.querySelector('.swal2-icon')?.setAttribute('aria-hidden', 'true'),
  customClass: {
    popup: 'rounded-box bg-base-100 text-base-content shadow-lift font-sans',
    title: 'font-display text-2xl font-semibold text-base-content',
    htmlContainer: 'text-base text-base-content/80',
    actions: 'gap-3',
    confirmButton: 'btn btn-primary rounded-full px-6',
    denyButton: 'btn btn-secondary rounded-full px-6',
    cancelButton: 'btn btn-ghost rounded-full px-6',
    closeButton: 'text-base-content/70',
  },
};

export const ParlourSwal = Swal.mixin({
  ...common,
  // Leave <html>/<body> heights alone: the fixed navbar layout relies on normal document scrolling.
  heightAuto: false,
  reverseButtons: false,
});

/**
 * Toasts: without the dialogs' modal-only options, which SweetAlert2 warns about in the console
 * for every toast that carries them (heightAuto; a toast never touches the page's height).
 */
export const ParlourToast = Swal.mixin({ ...common, toast: true });
