import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Staff } from '../../shared/staff';
import { services } from '../test/fixtures';
import { servicesHandler } from '../test/handlers';
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
