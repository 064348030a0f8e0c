import { http, HttpResponse } from 'msw';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contactMessageInputSchema, type ContactMessageInput } from '@shared/contact';
import { apiErrorResponse } from '@/test/handlers';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { ContactForm } from './contact-form';

/** The spec's words, word for word (section 3). */
const CONTACT_SUCCESS_MESSAGE = 'Thank you! Your message has been sent. We will get back to you soon.';

/** The input labelled `name` (a label may add "(optional)"). */
function field(name: string) {
  return screen.getByLabelText(new RegExp(`^${name}`));
}

describe('ContactForm', () => {
  it('shows a message under each required field and sends nothing', async () => {
    let requests = 0;
    server.use(
      http.post('/api/contact', () => {
        requests += 1;
        return HttpResponse.json({ insertedId: 'x' }, { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<ContactForm />);

    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(field('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('First name')).toHaveAccessibleDescription('First name is required');
    expect(field('Email')).toHaveAccessibleDescription('Email is required');
    expect(field('Message')).toHaveAccessibleDescription('Message is required');
    expect(field('Last name')).not.toHaveAttribute('aria-invalid');
    expect(field('First name')).toHaveFocus();
    expect(requests).toBe(0);
  });

  it('rejects a malformed email address and phone number', async () => {
    const { user } = renderWithProviders(<ContactForm />);

    await user.type(field('Email'), 'nusrat@');
    await user.type(field('Phone'), 'call me');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid phone number')).toBeInTheDocument();
    expect(field('Phone')).toHaveAccessibleDescription('Enter a valid phone number');
  });

  it('posts the message, thanks the visitor and clears the form', async () => {
    let received: ContactMessageInput | undefined;
    server.use(
      http.post('/api/contact', async ({ request }) => {
        received = contactMessageInputSchema.parse(await request.json());
        return HttpResponse.json({ insertedId: '3d1f6c1e-0a4b-4a57-8c8e-5f3d2b1a0c9e' }, { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<ContactForm />);

    await user.type(field('First name'), 'Nusrat');
    await user.type(field('Last name'), 'Jahan');
    await user.type(field('Email'), 'nusrat@example.com');
    await user.type(field('Phone'), '+880 1711-223344');
    await user.type(field('Message'), 'Do you do bridal trials on Saturdays?');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText(CONTACT_SUCCESS_MESSAGE)).toBeInTheDocument();
    expect(received).toEqual({
      firstName: 'Nusrat',
      lastName: 'Jahan',
      email: 'nusrat@example.com',
      phone: '+880 1711-223344',
      message: 'Do you do bridal trials on Saturdays?',
    });
    expect(field('First name')).toHaveValue('');
    expect(field('Email')).toHaveValue('');
    expect(field('Message')).toHaveValue('');
  });

  it('shows what the server refused, with field problems under their fields', async () => {
    server.use(
      http.post('/api/contact', () =>
        apiErrorResponse(400, 'Please correct the highlighted fields.', [
          { path: 'email', message: 'This address cannot receive mail' },
        ]),
      ),
    );
    const { user } = renderWithProviders(<ContactForm />);

    await user.type(field('First name'), 'Nusrat');
    await user.type(field('Email'), 'nusrat@example.com');
    await user.type(field('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
    expect(field('Email')).toHaveAccessibleDescription('This address cannot receive mail');
    expect(field('Email')).toHaveValue('nusrat@example.com');
    expect(screen.queryByText(CONTACT_SUCCESS_MESSAGE)).not.toBeInTheDocument();
  });

  it('says so when the server cannot be reached', async () => {
    server.use(http.post('/api/contact', () => HttpResponse.error()));
    const { user } = renderWithProviders(<ContactForm />);

    await user.type(field('First name'), 'Nusrat');
    await user.type(field('Email'), 'nusrat@example.com');
    await user.type(field('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Cannot reach the server. Check your connection and try again.',
    );
  });
});
