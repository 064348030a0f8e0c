import type { App } from '../types.js';

export type Account = { name: string; email: string; password: string; cookie: string; id: string };

let counter = 0;

/** The cookie header a browser would send back after these Set-Cookie headers. */
export function cookieFrom(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

/** Signs a new customer up through the real endpoint, as the sign-up page does. */
export async function signUp(app: App, overrides: Partial<Pick<Account, 'name' | 'email' | 'password'>> & { phone?: string } = {}): Promise<Account> {
  counter += 1;
  const body = {
    name: overrides.name ?? `Customer ${counter}`,
    email: overrides.email ?? `customer${counter}-${Date.now()}@example.com`,
    password: overrides.password ?? 'Secret123',
    image: '/images/reviews/nusrat.svg',
    ...(overrides.phone !== undefined && { phone: overrides.phone }),
  };
  // Each test customer comes from her own address, as real ones do, so the per-IP sign-up limit
  // (tested on its own) does not trip over test set-up.
  const remoteAddress = `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
  const res = await app.inject({ method: 'POST', url: '/api/auth/sign-up/email', remoteAddress, headers: { origin: app.config.publicUrl }, payload: body });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const { user } = res.json<{ user: { id: string } }>();
  return { ...body, cookie: cookieFrom(res.headers['set-cookie']), id: user.id };
}

export async function signIn(app: App, email: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: app.config.publicUrl }, payload: { email, password } });
}

/**
 * A customer promoted to admin directly in the database (as `npm run make-admin` does). The app is
 * told at once, as its own admin routes tell it, so her cached session is not the customer's copy
 * for the moment the notice takes to arrive.
 */
export async function signUpAdmin(app: App): Promise<Account> {
  const account = await signUp(app, { name: 'Admin' });
  const { makeAdmin } = await import('../repositories/users.js');
  await makeAdmin(app.db, account.id, app.sessionRevocations);
  return account;
}
