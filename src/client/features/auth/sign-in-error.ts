const oauthErrors: Record<string, string> = {
  account_not_linked: 'This e-mail already has a Parlour account. Log in with your password.',
};

/** Plain words for the `?error=` code the server adds when a sign-in with a provider failed. */
export function describeSignInError(code: string): string {
  return oauthErrors[code] ?? 'Sign-in with that provider did not finish. Please try again.';
}
