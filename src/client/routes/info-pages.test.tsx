import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SALON_SETTINGS } from '@shared/salon-settings';
import { salon } from '@shared/salon';
import type { Staff } from '@shared/staff';
import { services } from '../test/fixtures';
import { apiErrorResponse, servicesHandler } from '../test/handlers';
import { renderApp } from '../test/render';
import { server } from '../test/server';

const team: Staff[] = [
  { _id: '3f1b0c2a-1111-4aaa-8bbb-000000000001', name: 'Shirin Akter', bio: 'Cuts and colour.', photo_url: null, serviceIds: [services[0]!._id, services[2]!._id] },
  { _id: '3f1b0c2a-1111-4aaa-8bbb-000000000002', name: 'Nila Roy', bio: '', photo_url: '/images/reviews/nusrat.svg', serviceIds: [] },
];

describe('/team', () => {
  it('shows each active stylist: photo or initials, name, bio, what she does and a link to book with her', async () => {
    server.use(servicesHandler(), http.get('/api/staff', () => HttpResponse.json(team)));
    renderApp('/team');
    const shirin = (await screen.findByRole('heading', { level: 2, name: 'Shirin Akter' })).closest('li')!;
    expect(within(shirin).getByRole('img', { name: 'Shirin Akter' })).toHaveTextContent('SA');
    expect(shirin).toHaveTextContent('Cuts and colour.');
    expect(shirin).toHaveTextContent(`Does: ${services[0]!.title}, ${services[2]!.title}`);
    expect(within(shirin).getByRole('link', { name: 'Book with her: Shirin Akter' })).toHaveAttribute('href', `/?stylist=${team[0]!._id}#services`);
    const nila = screen.getByRole('heading', { level: 2, name: 'Nila Roy' }).closest('li')!;
    expect(within(nila).getByRole('img', { name: 'Nila Roy' })).toHaveAttribute('src', '/images/reviews/nusrat.svg');
    // Nothing to book with her yet: no link that leads to an empty list.
    expect(within(nila).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says so when there is nobody to show', async () => {
    renderApp('/team');
    expect(await screen.findByText('Our team is on its way')).toBeInTheDocument();
  });
});

describe('/terms', () => {
  it("names the salon's cancellation notice, in hours, from its settings", async () => {
    server.use(http.get('/api/settings', () => HttpResponse.json({ ...DEFAULT_SALON_SETTINGS, cancelNoticeHours: 48 })));
    renderApp('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeInTheDocument();
    expect(await screen.findByText(/up to 48 hours before it starts/)).toBeInTheDocument();
    expect(screen.getByText('These terms apply when you book a treatment with Parlour on this website.')).toBeInTheDocument();
  });

  it('says one hour, not one hours', async () => {
    server.use(http.get('/api/settings', () => HttpResponse.json({ ...DEFAULT_SALON_SETTINGS, cancelNoticeHours: 1 })));
    renderApp('/terms');
    expect(await screen.findByText(/up to 1 hour before it starts/)).toBeInTheDocument();
  });

  it('points at the booking when the settings cannot be read', async () => {
    server.use(http.get('/api/settings', () => apiErrorResponse(500, 'Something went wrong on our side.')));
    renderApp('/terms');
    expect(await screen.findByText(/up to the time shown on your booking before it starts/)).toBeInTheDocument();
  });
});

describe('/privacy', () => {
  it('gives the address to write to and links the cookie policy', async () => {
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument();
    const rights = screen.getByRole('heading', { level: 2, name: 'Your rights' }).closest('section')!;
    expect(rights).toHaveTextContent(`or to delete your account by writing to ${salon.email}. We keep payment records as long as the tax rules require.`);
    expect(within(rights).getByRole('link', { name: salon.email })).toHaveAttribute('href', `mailto:${salon.email}`);
    expect(screen.getByText(/See also our/)).toHaveTextContent(/^See also our cookie policy\.$/);
    expect(screen.getByRole('link', { name: 'cookie policy' })).toHaveAttribute('href', '/cookies');
  });
});
