import { http, HttpResponse } from 'msw';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emailSchema, PASSWORD_MESSAGE, resetPasswordInputSchema, type ResetPasswordInput } from '@shared/user';
import { apiErrorResponse } from '@/test/handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

const SENT = 'If an account uses this e-mail, we have sent a link to reset the password. It works for one hour.';
const INVALID_LINK = 'This reset link is invalid or has expired. Ask for a new one.';

describe('/forgot-password', () => {
  it('answers with the same words for any address, and asks for the link to /reset-password', async () => {
    const requests: unknown[] = [];
    server.use(
      http.post('/api/auth/request-password-reset', async ({ request }) => {
        requests.push(z.object({ email: emailSchema, redirectTo: z.string() }).parse(await request.json()));
        return HttpResponse.json({ status: true, message: 'If this email exists in our system, check your email for the reset link' });
      }),
    );
    const { user } = renderApp('/forgot-password');

    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    expect(document.title).toBe('Forgot Password | Parlour');
    await user.type(screen.getByLabelText('Email'), 'customer@parlour.test');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);

    expect(requests).toEqual([
      { email: 'customer@parlour.test', redirectTo: '/reset-password' },
      { email: 'nobody@example.com', redirectTo: '/reset-password' },
    ]);
  });

  it('asks for the e-mail first', async () => {
    const { user } = renderApp('/forgot-password');
    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows a refusal (too many requests) instead of the confirmation', async () => {
    server.use(http.post('/api/auth/request-password-reset', () => apiErrorResponse(429, 'Too many tries. Please wait a minute and try again.')));
    const { user } = renderApp('/forgot-password');

    await user.type(await screen.findByLabelText('Email'), 'customer@parlour.test');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many tries. Please wait a minute and try again.');
    expect(screen.queryByText(SENT)).not.toBeInTheDocument();
  });
});

describe('/reset-password', () => {
  it('refuses two different passwords, and a weak one, without asking the server', async () => {
    let requests = 0;
    server.use(
      http.post('/api/auth/reset-password', () => {
        requests += 1;
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = renderApp('/reset-password?token=abc123');

    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    expect(document.title).toBe('Reset Password | Parlour');
    await user.type(screen.getByLabelText('New password'), 'Fresh456');
    await user.type(screen.getByLabelText('Confirm new password'), 'Fresh457');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription('Passwords do not match');

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'fresh');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(PASSWORD_MESSAGE)).toBeInTheDocument();
    expect(requests).toBe(0);
  });

  it('changes the password with the token from the link and leads to the log-in page', async () => {
    const received: ResetPasswordInput[] = [];
    server.use(
      http.post('/api/auth/reset-password', async ({ request }) => {
        received.push(resetPasswordInputSchema.parse(await request.json()));
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = renderApp('/reset-password?token=abc123');

    await user.type(await screen.findByLabelText('New password'), 'Fresh456');
    await user.type(screen.getByLabelText('Confirm new password'), 'Fresh456');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your password has been changed. Log in with your new password.',
    );
    expect(received).toEqual([{ newPassword: 'Fresh456', token: 'abc123' }]);
    expect(screen.getByRole('link', { name: 'Go to Log In' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('shows the server’s words and the way to a new link when the token has expired', async () => {
    server.use(
      http.post('/api/auth/reset-password', () =>
        HttpResponse.json(
          { statusCode: 400, error: 'Bad Request', message: INVALID_LINK, code: 'INVALID_TOKEN' },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/reset-password?token=used-token');

    await user.type(await screen.findByLabelText('New password'), 'Fresh456');
    await user.type(screen.getByLabelText('Confirm new password'), 'Fresh456');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_LINK);
    expect(screen.getByRole('link', { name: 'Ask for a new reset link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('explains a link the server already found invalid (?error=INVALID_TOKEN), or one without a token', async () => {
    renderApp('/reset-password?error=INVALID_TOKEN');
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_LINK);
    expect(screen.getByRole('link', { name: 'Ask for a new reset link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('shows a weak-password refusal from the server as it is', async () => {
    server.use(http.post('/api/auth/reset-password', () => apiErrorResponse(400, PASSWORD_MESSAGE)));
    const { user } = renderApp('/reset-password?token=abc123');

    // Passes the browser's check (same rule), so only a server with another rule would refuse;
    // the page must still say why.
    await user.type(await screen.findByLabelText('New password'), 'Fresh456');
    await user.type(screen.getByLabelText('Confirm new password'), 'Fresh456');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_MESSAGE);
    expect(screen.queryByRole('link', { name: 'Ask for a new reset link' })).not.toBeInTheDocument();
  });
});
