import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser } from '@/test/fixtures';
import { accountSession } from '@/test/handlers';
import { fakeReviews, managedReview, visitRecord } from '@/test/review-handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

const glowing = managedReview(1, {
  name: 'Mitu Customer',
  email: 'customer@parlour.test',
  rating: 5,
  feedback: 'My skin glows, thank you!',
  visit: visitRecord(1, { title: 'Signature Facial' }),
});
const chipped = managedReview(2, {
  name: 'Rima Akter',
  email: 'rima@example.com',
  image: '',
  rating: 2,
  feedback: 'The polish chipped the next day.',
  state: 'hidden',
  visit: visitRecord(2, { title: 'Classic Manicure' }),
});
const seeded = managedReview(3, { name: 'Nusrat Jahan', rating: 4, feedback: 'Quick threading, lovely people.', role: 'University student' });

function adminWithReviews() {
  const session = accountSession(adminUser);
  const fake = fakeReviews({ session, reviews: [glowing, chipped, seeded] });
  server.use(...session.handlers, ...fake.handlers);
  return fake;
}

function card(name: string) {
  const item = within(screen.getByRole('list', { name: 'Reviews' })).getByText(name).closest('li');
  if (!item) throw new Error(`no review by ${name}`);
  return within(item);
}

describe('/dashboard/managereviews', () => {
  it("is in the admin's menu and lists every review with its visit, rating and state", async () => {
    adminWithReviews();
    renderApp('/dashboard/managereviews');

    expect(await screen.findByRole('heading', { level: 1, name: 'Customer reviews' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Dashboard menu' })).getByRole('link', { name: 'Reviews' })).toHaveAttribute('href', '/dashboard/managereviews');
    await screen.findByRole('list', { name: 'Reviews' });
    expect(screen.getByText('3 reviews')).toBeInTheDocument();
    expect(card('Mitu Customer').getByText('Signature Facial')).toBeInTheDocument();
    expect(card('Mitu Customer').getByText('Published')).toBeInTheDocument();
    expect(card('Mitu Customer').getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(card('Rima Akter').getByText('Hidden by the salon')).toBeInTheDocument();
    expect(card('Rima Akter').getByRole('button', { name: 'Show' })).toBeInTheDocument();
    expect(card('Nusrat Jahan').getByText(/no visit on record/)).toBeInTheDocument();
  });

  it('filters by rating and state, kept in the URL', async () => {
    adminWithReviews();
    const { user, router } = renderApp('/dashboard/managereviews');
    await screen.findByRole('list', { name: 'Reviews' });

    await user.selectOptions(screen.getByLabelText('Rating'), '2 stars');
    await waitFor(() => expect(screen.getByText('1 review')).toBeInTheDocument());
    expect(router.state.location.search).toBe('?rating=2');
    expect(card('Rima Akter').getByText('The polish chipped the next day.')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Rating'), 'All');
    await user.selectOptions(screen.getByLabelText('State'), 'Published');
    await waitFor(() => expect(screen.getByText('2 reviews')).toBeInTheDocument());
    expect(router.state.location.search).toBe('?state=published');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByText('3 reviews')).toBeInTheDocument());
  });

  it('opens with the filters of its URL, ignoring malformed ones', async () => {
    adminWithReviews();
    renderApp('/dashboard/managereviews?state=hidden&rating=9');
    await waitFor(() => expect(screen.getByText('1 review')).toBeInTheDocument());
    expect(screen.getByLabelText('State')).toHaveValue('hidden');
    expect(screen.getByLabelText('Rating')).toHaveValue('');
  });

  it('hides and shows a review', async () => {
    const fake = adminWithReviews();
    const { user } = renderApp('/dashboard/managereviews');
    await screen.findByRole('list', { name: 'Reviews' });

    await user.click(card('Mitu Customer').getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText('Review hidden from the home page')).toBeInTheDocument();
    expect(fake.state.writes).toEqual([{ method: 'PATCH', id: glowing._id, body: { hidden: true } }]);
    await waitFor(() => expect(card('Mitu Customer').getByText('Hidden by the salon')).toBeInTheDocument());

    await user.click(card('Rima Akter').getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(fake.state.writes.at(-1)).toEqual({ method: 'PATCH', id: chipped._id, body: { hidden: false } }));
    await waitFor(() => expect(card('Rima Akter').getByText('Published')).toBeInTheDocument());
  });

  it('replies in public, and takes the reply away', async () => {
    const fake = adminWithReviews();
    const { user } = renderApp('/dashboard/managereviews');
    await screen.findByRole('list', { name: 'Reviews' });

    await user.click(card('Mitu Customer').getByRole('button', { name: 'Reply' }));
    const form = within(screen.getByRole('form', { name: 'Reply to Mitu Customer' }));
    await user.click(form.getByRole('button', { name: 'Publish reply' }));
    expect(await form.findByText('Write a reply, or press Remove reply')).toBeInTheDocument();
    await user.type(form.getByLabelText('Public reply from the salon'), 'Thank you, Mitu! See you next month.');
    await user.click(form.getByRole('button', { name: 'Publish reply' }));
    expect(await screen.findByText('Reply published')).toBeInTheDocument();
    expect(fake.state.writes).toEqual([{ method: 'PATCH', id: glowing._id, body: { reply: 'Thank you, Mitu! See you next month.' } }]);
    await waitFor(() => expect(card('Mitu Customer').getByText('Reply from Parlour')).toBeInTheDocument());

    await user.click(card('Mitu Customer').getByRole('button', { name: 'Edit reply' }));
    await user.click(screen.getByRole('button', { name: 'Remove reply' }));
    await waitFor(() => expect(fake.state.writes.at(-1)).toEqual({ method: 'PATCH', id: glowing._id, body: { reply: null } }));
    await waitFor(() => expect(card('Mitu Customer').queryByText('Reply from Parlour')).not.toBeInTheDocument());
  });
});
