import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reviewsHandler, servicesHandler } from '../test/handlers';
import { renderWithProviders } from '../test/render';
import { server } from '../test/server';
import { HomeRoute } from './home';

function renderHome() {
  server.use(servicesHandler(), reviewsHandler());
  return renderWithProviders(<HomeRoute />);
}

describe('Home page', () => {
  it("is titled 'Parlour|Home' and shows the hero, services, figures, testimonials and contact form", async () => {
    renderHome();

    expect(document.title).toBe('Parlour|Home');
    expect(screen.getByRole('heading', { level: 1, name: 'BEAUTY SALON FOR EVERY WOMEN' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get an Appointment' })).toHaveAttribute('href', '/#services');
    expect(screen.getByRole('link', { name: 'Explore More' })).toHaveAttribute('href', '/#services');
    expect(screen.getByRole('link', { name: 'Book an Appointment' })).toHaveAttribute('href', '/#services');
    expect(screen.getByText('Happy Customers')).toBeInTheDocument();
    expect(screen.getByText('500+')).toBeInTheDocument();
    expect(screen.getByText('Total Services')).toBeInTheDocument();
    expect(screen.getByText('16+')).toBeInTheDocument();

    expect(await screen.findByRole('article', { name: 'Classic Manicure' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Customer testimonials' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Send Message' })).toBeInTheDocument();
    expect(document.getElementById('services')).toContainElement(screen.getByRole('heading', { name: 'Our Services' }));
    expect(document.getElementById('contact')).toContainElement(screen.getByRole('button', { name: 'Send Message' }));
  });

  it('asks a signed-out visitor to log in before adding to the booking list, and takes her to /login', async () => {
    const { user } = renderHome();

    const card = await screen.findByRole('article', { name: 'Signature Facial' });
    await user.click(within(card).getByRole('button', { name: 'Add to Booking list' }));

    const dialog = await screen.findByRole('dialog', { name: 'You are not logged in' });
    expect(within(dialog).getByText('please login to add to the cart!')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes,Login' }));

    const location = await screen.findByTestId('location');
    expect(location).toHaveTextContent('/login');
    expect(JSON.parse(location.dataset.state ?? 'null')).toMatchObject({ from: { pathname: '/' } });
  });

  it('stays on the page when the visitor cancels the log-in prompt', async () => {
    const { user } = renderHome();

    const card = await screen.findByRole('article', { name: 'Classic Manicure' });
    await user.click(within(card).getByRole('button', { name: 'Add to Booking list' }));
    const dialog = await screen.findByRole('dialog', { name: 'You are not logged in' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'BEAUTY SALON FOR EVERY WOMEN' })).toBeInTheDocument();
  });
});
