import { useCurrentUser } from '../auth/use-current-user';
import { useCart } from './api/get-cart';

/**
 * The n of the navbar's Booking(n): how many items are in the signed-in user's list, 0 for a
 * visitor. The root layout calls it without arguments, so it asks who is signed in itself (the
 * session query is shared, not fetched twice); the cart query waits until that is known.
 */
export function useBookingCount(): number {
  const { user } = useCurrentUser();
  const cart = useCart(user?.email);
  return user ? (cart.data?.length ?? 0) : 0;
}
