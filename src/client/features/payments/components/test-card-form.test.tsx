import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { TestCardForm } from './test-card-form';

describe('TestCardForm', () => {
  it('says Test mode inside the form that asks for the card, so it is never taken for a real checkout', () => {
    renderWithProviders(<TestCardForm clientSecret="pi_test_secret" amount={3300} currency="bdt" onPaid={() => undefined} onListChanged={() => undefined} />);
    const form = within(screen.getByRole('form', { name: 'Card details' }));
    expect(form.getByLabelText('Card number')).toBeInTheDocument();
    expect(form.getByText('Test mode:')).toBeInTheDocument();
    expect(form.getByText(/is charged to this test card; no real money moves\./)).toHaveTextContent('Test mode: ৳3,300 is charged to this test card; no real money moves.');
  });
});
