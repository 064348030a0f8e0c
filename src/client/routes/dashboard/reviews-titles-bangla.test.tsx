import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, customerUser } from '@/test/fixtures';
import { accountSession } from '@/test/handlers';
import { inBangla } from '@/test/bangla';
import { fakeReviews, managedReview, visitRecord } from '@/test/review-handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

/**
 * Her reviews and the admin's list name each visit by the service's Bangla title where the salon
 * wrote one (the booking keeps it: docs/decisions/050); an English-only title is marked English.
 */

const FACIAL_BN = 'সিগনেচার ফেসিয়াল';
const KERATIN_BN = 'কেরাটিন ট্রিটমেন্ট';
const facial = visitRecord(1, { title: 'Signature Facial', title_bn: FACIAL_BN });
const manicure = visitRecord(2, { title: 'Classic Manicure', title_bn: null, startsAt: '2030-11-01T09:00:00.000Z', status: 'confirmed' });
const keratin = visitRecord(3, { title: 'Keratin Treatment', title_bn: KERATIN_BN, startsAt: '2030-10-01T05:00:00.000Z' });
const gel = visitRecord(4, { title: 'Gel Nail Extensions', title_bn: null, startsAt: '2030-10-02T05:00:00.000Z' });

inBangla();

function withReviews(user: typeof customerUser, options: Omit<Parameters<typeof fakeReviews>[0], 'session'>) {
  const session = accountSession(user);
  const fake = fakeReviews({ session, ...options });
  server.use(...session.handlers, ...fake.handlers);
}

describe('the salon’s Bangla titles in reviews', () => {
  it('her visits to review and her reviews, and the form, name each visit in Bangla where the salon wrote it', async () => {
    withReviews(customerUser, {
      reviewable: [facial, manicure],
      reviews: [managedReview(1, { visit: keratin, email: customerUser.email }), managedReview(2, { visit: gel, email: customerUser.email })],
    });
    const { user } = renderApp('/dashboard/review');

    const bangla = await screen.findByText(FACIAL_BN);
    expect(bangla).not.toHaveAttribute('lang');
    expect(screen.queryByText('Signature Facial')).not.toBeInTheDocument();
    expect(screen.getByText('Classic Manicure')).toHaveAttribute('lang', 'en');
    expect(screen.getByText(KERATIN_BN)).not.toHaveAttribute('lang');
    expect(screen.queryByText('Keratin Treatment')).not.toBeInTheDocument();
    expect(screen.getByText('Gel Nail Extensions')).toHaveAttribute('lang', 'en');

    // The form names the visit it is about the same way.
    await user.click(within(bangla.closest('li')!).getByRole('button'));
    const form = within(await screen.findByRole('form'));
    expect(form.getByText(FACIAL_BN)).not.toHaveAttribute('lang');
  });

  it("the admin's list names each review's visit in Bangla where the salon wrote it", async () => {
    withReviews(adminUser, {
      reviews: [
        managedReview(1, { name: 'Mitu Customer', email: 'customer@parlour.test', visit: facial }),
        managedReview(2, { name: 'Rima Akter', email: 'rima@example.com', visit: manicure }),
      ],
    });
    renderApp('/dashboard/managereviews');

    const bangla = await screen.findByText(FACIAL_BN);
    expect(bangla).not.toHaveAttribute('lang');
    expect(screen.queryByText('Signature Facial')).not.toBeInTheDocument();
    expect(screen.getByText('Classic Manicure')).toHaveAttribute('lang', 'en');
  });
});
