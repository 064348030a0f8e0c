import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reviewsHandler, servicesHandler } from '../test/handlers';
import { renderApp } from '../test/render';
import { server } from '../test/server';

describe('App routes', () => {
  it('renders the home page inside the layout with navbar and footer', async () => {
    server.use(servicesHandler(), reviewsHandler());
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'BEAUTY SALON FOR EVERY WOMEN' })).toBeInTheDocument();
    expect(document.title).toBe('Parlour|Home');
    // LogIn appears once the session is known to be empty.
    expect(await within(screen.getByRole('navigation', { name: 'Main' })).findByRole('link', { name: 'LogIn' })).toBeInTheDocument();
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByText('© 2026 Parlour. All rights reserved.')).toBeInTheDocument();
    expect(footer.getByText(/Dhaka 1205, Bangladesh/)).toBeInTheDocument();
    for (const item of ['Our Team', 'Our services', 'Book an appointment', 'Contact', 'Cookie policy']) {
      expect(footer.getByRole('link', { name: item })).toBeInTheDocument();
    }
    // The template's entries a salon has no page for are not there at all.
    for (const item of ['Submit Listing', 'Rentals', 'Sales', 'Our Blog']) {
      expect(footer.queryByText(item)).not.toBeInTheDocument();
    }
    await screen.findByRole('button', { name: 'Send Message' });
  });

  it('shows a real "Page not found" page for an unknown address, with a way home', async () => {
    server.use(servicesHandler(), reviewsHandler());
    const { user } = renderApp('/no-such-page');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(document.title).toBe('Page not found | Parlour');

    await user.click(screen.getByRole('link', { name: 'Back to home' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'BEAUTY SALON FOR EVERY WOMEN' });
    expect(document.title).toBe('Parlour|Home');
    // Focus follows the navigation to the new page's main heading.
    await waitFor(() => expect(heading).toHaveFocus());
    await screen.findByRole('button', { name: 'Send Message' });
  });

  it('moves focus to the contact section when Contact Us is followed', async () => {
    server.use(servicesHandler(), reviewsHandler());
    const { user } = renderApp('/no-such-page');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });

    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    await user.click(nav.getByRole('link', { name: 'Contact Us' }));

    await waitFor(() => expect(document.getElementById('contact')).toHaveFocus());
    expect(nav.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('aria-current', 'page');
    await screen.findByRole('button', { name: 'Send Message' });
  });
});
