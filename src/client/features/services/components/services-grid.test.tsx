import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, servicesHandler } from '@/test/handlers';
import { services } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { ServicesGrid } from './services-grid';

describe('ServicesGrid', () => {
  it('shows Loading, then a card per service with its formatted price and duration', async () => {
    server.use(servicesHandler());
    renderWithProviders(<ServicesGrid onAddToBooking={vi.fn()} />);

    expect(screen.getByRole('heading', { level: 2, name: 'Our Services' })).toBeInTheDocument();
    expect(screen.getByText('Loading')).toBeInTheDocument();

    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(3);
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();

    const manicure = within(screen.getByRole('article', { name: 'Classic Manicure' }));
    expect(manicure.getByRole('img', { name: 'Classic Manicure' })).toHaveAttribute('src', '/images/services/manicure.svg');
    expect(manicure.getByText('৳1,200')).toBeInTheDocument();
    expect(manicure.getByText('45 min')).toBeInTheDocument();
    expect(manicure.getByText('Shaping, cuticle care and a polish of your choice.')).toBeInTheDocument();
    expect(manicure.getByRole('button', { name: 'Add to Booking list' })).toBeInTheDocument();

    const keratin = within(screen.getByRole('article', { name: 'Keratin Treatment' }));
    expect(keratin.getByText('৳8,999.50')).toBeInTheDocument();
    expect(keratin.getByText('150 min')).toBeInTheDocument();
  });

  it('hands the chosen service to onAddToBooking', async () => {
    server.use(servicesHandler());
    const onAddToBooking = vi.fn();
    const { user } = renderWithProviders(<ServicesGrid onAddToBooking={onAddToBooking} />);

    const card = await screen.findByRole('article', { name: 'Signature Facial' });
    await user.click(within(card).getByRole('button', { name: 'Add to Booking list' }));
    expect(onAddToBooking).toHaveBeenCalledWith(services[1]);
  });

  it('shows the error with a Try again button that loads the services', async () => {
    let calls = 0;
    server.use(
      http.get('/api/service', () => {
        calls += 1;
        return calls === 1 ? apiErrorResponse(503, 'The catalogue is unavailable right now.') : HttpResponse.json(services);
      }),
    );
    const { user } = renderWithProviders(<ServicesGrid onAddToBooking={vi.fn()} />);

    expect(await screen.findByText('The catalogue is unavailable right now.')).toBeInTheDocument();
    expect(screen.getByText("We couldn't load our services")).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Classic Manicure' })).toBeInTheDocument();
    expect(screen.queryByText('The catalogue is unavailable right now.')).not.toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('says so when there are no services', async () => {
    server.use(servicesHandler([]));
    renderWithProviders(<ServicesGrid onAddToBooking={vi.fn()} />);
    expect(await screen.findByText('No services yet')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});
