import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminSummary } from '@shared/admin-summary';
import { adminUser } from '@/test/fixtures';
import { accountSession } from '@/test/handlers';
import { adminSummaryHandler, quietSummary } from '@/test/admin-summary-handlers';
import { inBangla } from '@/test/bangla';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

// jsdom draws no canvas (as in admin-home.test.tsx).
vi.mock('@/features/admin-summary/components/revenue-chart', () => ({ default: () => <div data-testid="revenue-chart" /> }));

/**
 * The admin home's top services name each service in the salon's Bangla where it wrote one
 * (docs/decisions/050); an English-only title is marked English.
 */

const KERATIN_BN = 'কেরাটিন ট্রিটমেন্ট';
// Saturday 2 March 2030, 12:00 in Dhaka.
const NOW = new Date('2030-03-02T06:00:00.000Z');

inBangla();
beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

function withTopServices(period: { from: string; to: string }): AdminSummary {
  return {
    ...quietSummary(period.from, period.to),
    bookings: 5,
    revenue: 12300.5,
    topServices: [
      { serviceId: '1f0e2d3c-4b5a-4697-8a8b-9c0d1e2f3a4b', title: 'Keratin Treatment', title_bn: KERATIN_BN, bookings: 2, revenue: 9000 },
      { serviceId: '2f0e2d3c-4b5a-4697-8a8b-9c0d1e2f3a4b', title: 'Classic Manicure', title_bn: null, bookings: 3, revenue: 3300.5 },
    ],
  };
}

describe('/bn/dashboard/adminhome: top services', () => {
  it("names each in the salon's Bangla where it wrote one, an English-only one marked English", async () => {
    server.use(...accountSession(adminUser).handlers, adminSummaryHandler(withTopServices).handler);
    renderApp('/dashboard/adminhome');

    const top = within(await screen.findByRole('region', { name: 'আয়ে সেরা সেবাগুলো' }));
    expect(await top.findByText(KERATIN_BN)).not.toHaveAttribute('lang');
    expect(top.queryByText('Keratin Treatment')).not.toBeInTheDocument();
    expect(top.getByText('Classic Manicure')).toHaveAttribute('lang', 'en');
  });
});
