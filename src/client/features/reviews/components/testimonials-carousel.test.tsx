import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiErrorResponse, reviewsHandler } from '@/test/handlers';
import { reviews } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { TestimonialsSection } from './testimonials-carousel';

function currentSlide() {
  return screen.getByRole('group');
}

describe('Testimonials carousel', () => {
  it("shows 'loading.....' and then the first review with its photo, role and stars", async () => {
    server.use(reviewsHandler());
    renderWithProviders(<TestimonialsSection />);

    expect(screen.getByText('loading.....')).toBeInTheDocument();
    const carousel = await screen.findByRole('region', { name: 'Customer testimonials' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');

    const slide = within(currentSlide());
    expect(currentSlide()).toHaveAccessibleName('1 of 3');
    expect(slide.getByRole('img', { name: 'Nusrat Jahan' })).toHaveAttribute('src', '/images/reviews/nusrat.svg');
    expect(slide.getByText('Nusrat Jahan')).toBeInTheDocument();
    expect(slide.getByText('Bride')).toBeInTheDocument();
    expect(slide.getByText('“They made my wedding morning calm and beautiful.”')).toBeInTheDocument();
    expect(slide.getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(screen.queryByText('loading.....')).not.toBeInTheDocument();
  });

  it('wraps around in both directions with the Previous and Next buttons', async () => {
    server.use(reviewsHandler());
    const { user } = renderWithProviders(<TestimonialsSection />);
    await screen.findByRole('region', { name: 'Customer testimonials' });
    const next = screen.getByRole('button', { name: 'Next testimonial' });
    const previous = screen.getByRole('button', { name: 'Previous testimonial' });

    await user.click(previous);
    expect(currentSlide()).toHaveAccessibleName('3 of 3');
    expect(within(currentSlide()).getByText('Tahmina Rahman')).toBeInTheDocument();

    await user.click(next);
    expect(currentSlide()).toHaveAccessibleName('1 of 3');

    await user.click(next);
    expect(currentSlide()).toHaveAccessibleName('2 of 3');
    expect(within(currentSlide()).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();

    await user.click(next);
    await user.click(next);
    expect(currentSlide()).toHaveAccessibleName('1 of 3');
    expect(screen.getByText('Testimonial 1 of 3: Nusrat Jahan')).toBeInTheDocument();
  });

  it('moves with ArrowLeft and ArrowRight when the carousel has focus, wrapping at both ends', async () => {
    server.use(reviewsHandler());
    const { user } = renderWithProviders(<TestimonialsSection />);
    const carousel = await screen.findByRole('region', { name: 'Customer testimonials' });

    await user.tab();
    expect(carousel).toHaveFocus();

    await user.keyboard('{ArrowLeft}');
    expect(currentSlide()).toHaveAccessibleName('3 of 3');
    await user.keyboard('{ArrowRight}');
    expect(currentSlide()).toHaveAccessibleName('1 of 3');
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(currentSlide()).toHaveAccessibleName('1 of 3');
    await user.keyboard('{ArrowRight}');
    expect(within(currentSlide()).getByText('Farhana Akter')).toBeInTheDocument();
  });

  it('jumps to a testimonial from its dot', async () => {
    server.use(reviewsHandler());
    const { user } = renderWithProviders(<TestimonialsSection />);
    await screen.findByRole('region', { name: 'Customer testimonials' });

    await user.click(screen.getByRole('button', { name: 'Go to testimonial 3' }));
    expect(currentSlide()).toHaveAccessibleName('3 of 3');
    expect(screen.getByRole('button', { name: 'Go to testimonial 3' })).toHaveAttribute('aria-current', 'true');
  });

  it("shows 'Something went wrong' with a Try again button that loads the reviews", async () => {
    let calls = 0;
    server.use(
      http.get('/api/review', () => {
        calls += 1;
        return calls === 1 ? apiErrorResponse(500, 'Internal Server Error') : HttpResponse.json(reviews);
      }),
    );
    const { user } = renderWithProviders(<TestimonialsSection />);

    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group')).toHaveAccessibleName('1 of 3');
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });

  it('says so when there are no reviews yet', async () => {
    server.use(reviewsHandler([]));
    renderWithProviders(<TestimonialsSection />);
    expect(await screen.findByText(/No reviews yet/)).toBeInTheDocument();
  });
});
