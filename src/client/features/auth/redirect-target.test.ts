import { describe, expect, it } from 'vitest';
import { forwardedFromState, hasFrom, redirectTarget } from './redirect-target';
import { describeSignInError } from './sign-in-error';

describe('redirectTarget', () => {
  it("returns the recorded 'from' page with its query", () => {
    expect(redirectTarget({ from: { pathname: '/dashboard/bookinglist', search: '?paid=1', hash: '', key: 'x' } })).toBe(
      '/dashboard/bookinglist?paid=1',
    );
    expect(redirectTarget({ from: { pathname: '/dashboard/book' } })).toBe('/dashboard/book');
  });

  it('falls back to home without a usable page', () => {
    for (const state of [null, undefined, 'x', {}, { from: null }, { from: { search: '?a' } }, { from: { pathname: 5 } }]) {
      expect(redirectTarget(state)).toBe('/');
    }
  });

  it('never sends her to another site or back to an account page', () => {
    expect(redirectTarget({ from: { pathname: 'https://evil.example/' } })).toBe('/');
    expect(redirectTarget({ from: { pathname: '//evil.example/x' } })).toBe('/');
    for (const pathname of ['/login', '/signup', '/forgot-password', '/reset-password']) {
      expect(redirectTarget({ from: { pathname, search: '' } })).toBe('/');
    }
  });

  it("hands the same 'from' on, and only a real one", () => {
    expect(forwardedFromState({ from: { pathname: '/dashboard/review', search: '', key: 'k' } })).toEqual({
      from: { pathname: '/dashboard/review', search: '' },
    });
    expect(forwardedFromState(null)).toBeUndefined();
    expect(hasFrom({ from: { pathname: '/dashboard/review' } })).toBe(true);
    expect(hasFrom({})).toBe(false);
  });
});

describe('describeSignInError', () => {
  it('explains the codes the server adds to /login?error=', () => {
    expect(describeSignInError('account_not_linked')).toBe('This e-mail already has a Parlour account. Log in with your password.');
    expect(describeSignInError('state_mismatch')).toBe('Sign-in with that provider did not finish. Please try again.');
    expect(describeSignInError('anything_else')).toBe('Sign-in with that provider did not finish. Please try again.');
  });
});
