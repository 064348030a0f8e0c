import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reviews } from '../test/fixtures';
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

  it("shows the average rating of the published reviews above the carousel, and the salon's reply under a review", async () => {
    const withReply = reviews.map((review, index) => (index === 0 ? { ...review, reply: 'Thank you, Nusrat!', repliedAt: '2030-02-21T08:00:00.000Z' } : review));
    server.use(servicesHandler(), reviewsHandler(withReply));
    renderWithProviders(<HomeRoute />);

    // 5, 4 and 5 stars.
    expect(await screen.findByText('4.7 out of 5 from 3 reviews')).toBeInTheDocument();
    const carousel = screen.getByRole('region', { name: 'Customer testimonials' });
    expect(within(carousel).getByText('Reply from Parlour')).toBeInTheDocument();
    expect(within(carousel).getByText('Thank you, Nusrat!')).toBeInTheDocument();
  });

  it('describes the salon, its average rating and its reviews to search engines as schema.org JSON-LD', async () => {
    const tricky = [...reviews, { ...reviews[0]!, _id: '5a0c1e7b-9d3e-4c1a-8f0e-2b7d6c5a4e09', rating: 1, feedback: 'Bad </script><script>alert(1)</script>' }];
    server.use(servicesHandler(), reviewsHandler(tricky));
    renderWithProviders(<HomeRoute />);
    await screen.findByText('3.8 out of 5 from 4 reviews');

    const scripts = document.querySelectorAll('script[type="application/ld+json"]');
    expect(scripts).toHaveLength(1);
    const text = scripts[0]!.innerHTML;
    expect(text).not.toContain('</script>');
    const data = JSON.parse(text) as Record<string, unknown>;
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BeautySalon',
      name: 'Parlour',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 3.8, reviewCount: 4, bestRating: 5, worstRating: 1 },
    });
    const items = data.review as { '@type': string; author: { name: string }; reviewRating: { ratingValue: number }; reviewBody: string; datePublished: string }[];
    expect(items).toHaveLength(4);
    expect(items[0]).toMatchObject({ '@type': 'Review', author: { name: 'Nusrat Jahan' }, reviewRating: { ratingValue: 5 }, datePublished: '2030-02-20' });
    expect(items[3]!.reviewBody).toBe('Bad </script><script>alert(1)</script>');
  });
});
