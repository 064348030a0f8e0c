// Placeholder until the accounts issue lands: it replaces this hook with the real session query.
export interface CurrentUser {
  name: string;
  email: string;
  image: string | null;
}

export interface CurrentUserState {
  user: CurrentUser | null;
  isLoading: boolean;
  isAdmin: boolean;
}

export function useCurrentUser(): CurrentUserState {
  return { user: null, isLoading: false, isAdmin: false };
}
