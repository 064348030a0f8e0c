import { useCart } from './api/get-cart';

/**
 * The n of the navbar's Booking(n): how many items are in the signed-in user's list (her e-mail),
 * 0 for a visitor (undefined). The root layout passes who is signed in, so this feature does not
 * reach into the sign-in feature; the cart query waits until that is known.
 */
export function useBookingCount(email: string | undefined): number {
  const cart = useCart(email);
  return email ? (cart.data?.length ?? 0) : 0;
}
