import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customerUser } from '@/test/fixtures';
import { accountSession } from '@/test/handlers';
import { fakeReviews, managedReview, visitRecord } from '@/test/review-handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

const facial = visitRecord(1, { title: 'Signature Facial' });
const manicure = visitRecord(2, { title: 'Classic Manicure', image: '/images/services/manicure.svg', startsAt: '2030-11-01T09:00:00.000Z', status: 'confirmed' });
const earlier = visitRecord(3, { title: 'Keratin Treatment', startsAt: '2030-10-01T05:00:00.000Z' });

function customerWithVisits(options: Parameters<typeof fakeReviews>[0] extends infer O ? Partial<O> : never = {}) {
  const session = accountSession(customerUser);
  const fake = fakeReviews({ session, reviewable: [facial, manicure], ...options });
  server.use(...session.handlers, ...fake.handlers);
  return fake;
}

async function visitsToReview() {
  return within(await screen.findByRole('list', { name: 'Visits to review' }));
}

describe('/dashboard/review', () => {
  it('lists the visits she can review and her reviews with their state and the salon’s reply', async () => {
    customerWithVisits({
      reviews: [
        managedReview(1, { visit: earlier, rating: 4, role: 'Banker', email: customerUser.email, reply: 'Thank you, Mitu!' }),
        managedReview(2, { visit: visitRecord(4, { title: 'Gel Nail Extensions' }), state: 'hidden', email: customerUser.email }),
      ],
    });
    renderApp('/dashboard/review');

    expect(await screen.findByRole('heading', { level: 1, name: 'Tell us how your visit went' })).toBeInTheDocument();
    expect(document.title).toBe('Add a Review | Parlour');
    const visits = await visitsToReview();
    expect(visits.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Signature Facial'),
      expect.stringContaining('Classic Manicure'),
    ]);
    // Times in the salon's zone: 04:00Z is 10:00 in Dhaka.
    expect(visits.getAllByRole('listitem')[0]).toHaveTextContent('10:00');
    expect(visits.getAllByRole('button', { name: 'Write a review' })).toHaveLength(2);

    const mine = within(screen.getByRole('list', { name: 'Your reviews' }));
    const keratin = within(mine.getByText('Keratin Treatment').closest('li')!);
    expect(keratin.getByText('Published')).toBeInTheDocument();
    expect(keratin.getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(keratin.getByText('Reply from Parlour')).toBeInTheDocument();
    expect(keratin.getByText('Thank you, Mitu!')).toBeInTheDocument();
    const gel = within(mine.getByText('Gel Nail Extensions').closest('li')!);
    expect(gel.getByText('Hidden by the salon')).toBeInTheDocument();
  });

  it('shows a kind empty state when there is nothing to review yet', async () => {
    customerWithVisits({ reviewable: [] });
    renderApp('/dashboard/review');
    expect(await screen.findByText('No visits waiting for a review')).toBeInTheDocument();
    expect(screen.getByText('No reviews yet')).toBeInTheDocument();
  });

  it('writes a review: stars by keyboard, field messages from the shared schema, her name from her account, a message that stays', async () => {
    const fake = customerWithVisits();
    const { user, router } = renderApp('/dashboard/review');

    const visits = await visitsToReview();
    await user.click(visits.getAllByRole('button', { name: 'Write a review' })[0]!);
    expect(router.state.location.search).toBe(`?booking=${facial.bookingId}`);
    expect(router.state.location.hash).toBe('#review-form');
    const form = within(await screen.findByRole('form', { name: 'Write your review' }));
    expect(form.getByRole('heading', { name: 'Write your review' })).toHaveFocus();
    expect(form.getByText('Mitu Customer')).toBeInTheDocument();
    expect(form.getByRole('img', { name: 'Mitu Customer' })).toHaveAttribute('src', customerUser.image);

    // Sent empty: each field says what it needs, nothing reaches the server.
    await user.click(form.getByRole('button', { name: 'Send review' }));
    expect(await form.findByText('Choose a rating from 1 to 5 stars')).toBeInTheDocument();
    expect(form.getByText('Feedback is required')).toBeInTheDocument();
    expect(form.getByRole('radiogroup', { name: 'Your rating' })).toHaveAttribute('aria-invalid', 'true');
    await user.type(form.getByLabelText('Your feedback'), 'Too short');
    await user.click(form.getByRole('button', { name: 'Send review' }));
    expect(await form.findByText('Feedback must be at least 10 characters')).toBeInTheDocument();
    await user.type(form.getByLabelText(/About you/), 'r'.repeat(61));
    await user.click(form.getByRole('button', { name: 'Send review' }));
    expect(await form.findByText('Role must be at most 60 characters')).toBeInTheDocument();
    expect(fake.state.writes).toEqual([]);

    // The stars are a radio group: Tab reaches it, the arrows choose.
    form.getByRole('heading', { name: 'Write your review' }).focus();
    await user.tab();
    expect(form.getByRole('radio', { name: '1 star' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(form.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await user.keyboard('{ArrowLeft}');
    expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(form.getByRole('radio', { name: '4 stars' })).toHaveFocus();
    expect(form.getByText('4 of 5')).toBeInTheDocument();
    await waitFor(() => expect(form.queryByText('Choose a rating from 1 to 5 stars')).not.toBeInTheDocument());

    await user.clear(form.getByLabelText('Your feedback'));
    await user.type(form.getByLabelText('Your feedback'), '  Calm, kind and my skin glows.  ');
    await user.clear(form.getByLabelText(/About you/));
    await user.type(form.getByLabelText(/About you/), 'Bride, December');
    await user.click(form.getByRole('button', { name: 'Send review' }));

    // Said where she is looking, and kept there once the form has gone.
    const notice = (await screen.findByText('Thank you for your review!')).closest('[role="status"]') as HTMLElement;
    expect(notice).toHaveTextContent('It is on our home page now, and under Your reviews below, where you can change it.');
    expect(fake.state.writes).toEqual([
      { method: 'POST', body: { bookingId: facial.bookingId, rating: 4, feedback: 'Calm, kind and my skin glows.', role: 'Bride, December' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Write your review' })).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
    const mine = within(await screen.findByRole('list', { name: 'Your reviews' }));
    expect(mine.getByText('Calm, kind and my skin glows.')).toBeInTheDocument();
    expect((await visitsToReview()).queryByText('Signature Facial')).not.toBeInTheDocument();
    // It stays (no timer) until she closes it or opens another form.
    await user.click(screen.getByRole('button', { name: 'Close the message' }));
    expect(screen.queryByText('Thank you for your review!')).not.toBeInTheDocument();
  });

  it('?booking=<id>, the link in the e-mail, opens the form for that visit', async () => {
    customerWithVisits();
    renderApp(`/dashboard/review?booking=${manicure.bookingId}`);
    const form = await screen.findByRole('form', { name: 'Write your review' });
    expect(within(form).getByText(/Classic Manicure/)).toBeInTheDocument();
  });

  it('a link to a visit that cannot be reviewed says so', async () => {
    customerWithVisits();
    renderApp('/dashboard/review?booking=b0000000-0000-4000-8000-000000000099');
    expect(await screen.findByText(/This visit cannot be reviewed/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Write your review' })).not.toBeInTheDocument();
  });

  it('shows what the server refused, e.g. a second review of one visit', async () => {
    const fake = customerWithVisits();
    // The visit was reviewed in another tab meanwhile.
    fake.state.reviews.push(managedReview(9, { visit: facial, email: customerUser.email }));
    const { user } = renderApp(`/dashboard/review?booking=${facial.bookingId}`);
    const form = within(await screen.findByRole('form', { name: 'Write your review' }));
    await user.click(form.getByRole('radio', { name: '5 stars' }));
    await user.type(form.getByLabelText('Your feedback'), 'Lovely as always, thank you.');
    await user.click(form.getByRole('button', { name: 'Send review' }));
    expect(await form.findByRole('alert')).toHaveTextContent('You have already reviewed this visit');
  });

  it('edits and deletes her review (after confirming)', async () => {
    const fake = customerWithVisits({
      reviewable: [],
      reviews: [managedReview(1, { visit: facial, rating: 5, feedback: 'A calm room and very kind hands.', email: customerUser.email })],
    });
    const { user } = renderApp('/dashboard/review');
    const mine = within(await screen.findByRole('list', { name: 'Your reviews' }));
    await user.click(mine.getByRole('button', { name: 'Edit' }));
    const form = within(await screen.findByRole('form', { name: 'Change your review' }));
    expect(form.getByRole('radio', { name: '5 stars' })).toBeChecked();
    expect(form.getByLabelText('Your feedback')).toHaveValue('A calm room and very kind hands.');
    await user.click(form.getByRole('radio', { name: '3 stars' }));
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your review is updated')).toBeInTheDocument();
    expect(fake.state.writes.at(-1)).toEqual({ method: 'PATCH', id: managedReview(1)._id, body: { rating: 3, feedback: 'A calm room and very kind hands.', role: '' } });
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Your reviews' })).getByRole('img', { name: 'Rated 3 out of 5' })).toBeInTheDocument());

    await user.click(within(screen.getByRole('list', { name: 'Your reviews' })).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this review?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete it' }));
    await waitFor(() => expect(fake.state.writes.at(-1)).toEqual({ method: 'DELETE', id: managedReview(1)._id }));
    expect(await screen.findByText('No reviews yet')).toBeInTheDocument();
    expect((await visitsToReview()).getByText('Signature Facial')).toBeInTheDocument();
  });

  it('cancelling the delete dialog keeps the review', async () => {
    const fake = customerWithVisits({ reviews: [managedReview(1, { visit: facial, email: customerUser.email })] });
    const { user } = renderApp('/dashboard/review');
    const mine = within(await screen.findByRole('list', { name: 'Your reviews' }));
    await user.click(mine.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete this review?' })).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.state.writes).toEqual([]);
    expect(mine.getByText('A calm room and very kind hands.')).toBeInTheDocument();
  });
});
