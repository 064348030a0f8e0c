import { afterAll, beforeAll } from 'vitest';
import { cartListSchema, type CartItem } from '../../shared/cart.js';
import { serviceListSchema, type Service } from '../../shared/service.js';
import { signUpAdmin, type Account } from './accounts.js';
import { asUser } from './booking.js';
import { createTestApp, type TestApp } from './test-app.js';

export interface CartSuite {
  /** Filled before the file's first test. */
  t: TestApp;
  admin: Account;
  /** The demo catalogue as the API lists it. */
  catalogue: Service[];
  byTitle: (title: string) => Service;
  /** Her booking list as she sees it through the API. */
  cartOf: (who: Account) => Promise<CartItem[]>;
}

/**
 * The booking-list suites' common ground: one app on a fresh database with the demo catalogue and
 * an admin, opened before the file's tests and closed after them.
 */
export function cartSuite(): CartSuite {
  const suite: CartSuite = {
    t: undefined as unknown as TestApp,
    admin: undefined as unknown as Account,
    catalogue: [],
    byTitle: (title) => {
      const found = suite.catalogue.find((service) => service.title === title);
      if (!found) throw new Error(`No service called ${title} in the demo catalogue`);
      return found;
    },
    cartOf: async (who) => cartListSchema.parse((await asUser(suite.t.app, who).get('/api/cart')).json()),
  };
  beforeAll(async () => {
    suite.t = await createTestApp();
    suite.admin = await signUpAdmin(suite.t.app);
    suite.catalogue = serviceListSchema.parse((await suite.t.app.inject({ url: '/api/service' })).json());
  });
  afterAll(async () => suite.t.close());
  return suite;
}
