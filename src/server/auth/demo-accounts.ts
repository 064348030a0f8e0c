import { eq } from 'drizzle-orm';
import type { App } from '../types.js';
import { user } from '../db/schema.js';
import { findUserByEmail } from '../repositories/users.js';
import { linkDemoStylist, stylistOfUser } from '../repositories/staff.js';
import { seedDemoHistory } from './demo-history.js';
import { seedDemoStylistDay } from './demo-stylist-day.js';

/** Documented in the README; created only when SEED_DEMO_ACCOUNTS is on (`npm start` turns it on). */
export const demoAccounts: { name: string; email: string; password: string; role: 'admin' | 'user'; image: string; stylist?: string }[] = [
  { name: 'Salon Admin', email: 'admin@parlour.test', password: 'Admin123', role: 'admin', image: '/images/reviews/tahmina.svg' },
  { name: 'Mitu Customer', email: 'customer@parlour.test', password: 'Customer123', role: 'user', image: '/images/reviews/nusrat.svg' },
  // The demo team's skin therapist signs in as herself: 'My day' (docs/decisions/039).
  { name: 'Nasima Begum', email: 'stylist@parlour.test', password: 'Stylist123', role: 'user', image: '/images/reviews/rumana.svg', stylist: 'Nasima Begum' },
];

/**
 * Creates the demo accounts through better-auth (so their passwords are hashed as any other), and
 * gives a newly created demo customer her past visits (see demo-history.ts). At every start the
 * demo stylist gets visits around today (demo-stylist-day.ts), so her day is never empty. Instances starting
 * together on one PostgreSQL take turns under the start-up lock: the one that comes second finds
 * the accounts there, instead of racing the sign-up into a unique violation that better-auth logs
 * as an error.
 */
export async function seedDemoAccounts(app: App): Promise<string[]> {
  return app.database.withStartupLock(async () => {
    const created: string[] = [];
    for (const account of demoAccounts) {
      if (await findUserByEmail(app.db, account.email)) continue;
      await app.auth.api.signUpEmail({ body: { name: account.name, email: account.email, password: account.password, image: account.image } });
      await app.db.update(user).set({ role: account.role }).where(eq(user.email, account.email));
      created.push(account.email);
      const signedUp = await findUserByEmail(app.db, account.email);
      if (!signedUp) continue;
      if (account.stylist) await linkDemoStylist(app.db, account.stylist, signedUp._id);
      else if (account.role === 'user') await seedDemoHistory(app, signedUp._id);
    }
    for (const account of demoAccounts) {
      const signedUp = account.stylist ? await findUserByEmail(app.db, account.email) : undefined;
      const stylist = signedUp && (await stylistOfUser(app.db, signedUp._id));
      if (stylist) await seedDemoStylistDay(app, stylist._id);
    }
    return created;
  });
}
