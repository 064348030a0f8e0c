// Placeholder: the cart issue replaces this with the length of the user's cart query.
export function useBookingCount(): number {
  return 0;
}
