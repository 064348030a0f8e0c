import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  MAX_UPLOAD_BYTES,
  PASSWORD_MESSAGE,
  signUpInputSchema,
  userSchema,
  type SignUpInput,
  type UploadResult,
  type User,
} from '@shared/user';
import { PHONE_MESSAGE } from '@shared/phone';
import { verifyPhoneInputSchema, type MyPhone } from '@shared/sms';
import { accountSession, apiErrorResponse, authProvidersHandler } from '@/test/handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

const UPLOADED_URL = '/uploads/2b0f6c7e-1d2a-4c3b-9e8f-7a6b5c4d3e2f.webp';

function photo(name = 'me.png', type = 'image/png', bytes = 2048) {
  return new File([new Uint8Array(bytes)], name, { type });
}

/** A fake server for sign-up: it records the calls in order and signs the new account in. */
function signUpServer({ signUp }: { signUp?: () => Response } = {}) {
  const session = accountSession(null);
  const calls: string[] = [];
  const uploads: File[] = [];
  const signUps: SignUpInput[] = [];
  server.use(
    ...session.handlers,
    authProvidersHandler(),
    http.post('/api/upload', async ({ request }) => {
      calls.push('upload');
      const image = (await request.formData()).get('image');
      // A file part (Node's own File class, not jsdom's, so no instanceof here).
      if (image !== null && typeof image !== 'string') uploads.push(image);
      const body: UploadResult = { data: { display_url: UPLOADED_URL } };
      return HttpResponse.json(body, { status: 201 });
    }),
    http.post('/api/auth/sign-up/email', async ({ request }) => {
      calls.push('sign-up');
      const input = signUpInputSchema.parse(await request.json());
      signUps.push(input);
      if (signUp) return signUp();
      const user: User = userSchema.parse({
        _id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
        name: input.name,
        email: input.email,
        image: input.image,
        role: 'user',
      });
      session.user = user;
      return HttpResponse.json({ token: 'token', user: { id: user._id } });
    }),
  );
  return { calls, uploads, signUps };
}

async function fillForm(
  user: ReturnType<typeof userEvent.setup>,
  { name = 'Rima Akter', file = photo(), email = 'rima@example.com', password = 'Rima1234', phone = '' } = {},
) {
  if (name) await user.type(await screen.findByLabelText('Name'), name);
  if (file) await user.upload(screen.getByLabelText('Profile image'), file);
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  if (phone) await user.type(screen.getByLabelText(/^Mobile number/), phone);
}

/** Her number as the server keeps it after a sign-up that gave one: a code is waiting; 123456 proves it. */
function phoneAfterSignUp() {
  let state: MyPhone = { phone: '+8801712345678', verified: false, smsOptOut: false, codeExpiresAt: '2030-01-01T00:10:00Z' };
  const codes: string[] = [];
  server.use(
    http.get('/api/me/phone', () => HttpResponse.json(state)),
    http.post('/api/me/phone/verify', async ({ request }) => {
      const { code } = verifyPhoneInputSchema.parse(await request.json());
      codes.push(code);
      state = { ...state, verified: code === '123456' ? true : state.verified, codeExpiresAt: null };
      return HttpResponse.json(state);
    }),
  );
  return { codes };
}

describe('/signup', () => {
  it('welcomes her by the salon’s name, with the four fields, a way to log in and its title', async () => {
    server.use(authProvidersHandler());
    renderApp('/signup');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Parlour' })).toBeInTheDocument();
    expect(document.title).toBe('Sign Up | Parlour');
    expect(screen.getByLabelText('Name')).toBeInTheDocument();
    expect(screen.getByLabelText('Profile image')).toHaveAttribute('type', 'file');
    expect(screen.getByLabelText('Profile image')).toHaveAttribute('accept', 'image/*');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('names every missing field with the spec’s messages and sends nothing', async () => {
    const { calls } = signUpServer();
    const { user } = renderApp('/signup');

    await user.click(await screen.findByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('image is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Profile image')).toHaveAccessibleDescription('image is required');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(calls).toEqual([]);
  });

  it('refuses a weak password with the product’s password rule', async () => {
    const { calls } = signUpServer();
    const { user } = renderApp('/signup');

    await fillForm(user, { password: 'rima12' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText(PASSWORD_MESSAGE)).toBeInTheDocument();
    expect(PASSWORD_MESSAGE).toBe('Password must be at least 6 characters with 1 uppercase, 1 lowercase and 1 number');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(PASSWORD_MESSAGE);
    expect(calls).toEqual([]);
  });

  it('refuses a photo over 5 MB, and a file that is not an image, before uploading', async () => {
    const { calls } = signUpServer();
    const user = userEvent.setup({ applyAccept: false });
    renderApp('/signup');

    await fillForm(user, { file: photo('huge.png', 'image/png', MAX_UPLOAD_BYTES + 1) });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('The image must be at most 5 MB')).toBeInTheDocument();

    await user.upload(screen.getByLabelText('Profile image'), photo('notes.pdf', 'application/pdf'));
    expect(await screen.findByText(/Choose an image file/)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('uploads the photo, then creates the account with its address, then goes where she came from', async () => {
    const { calls, uploads, signUps } = signUpServer();
    const { user, router } = renderApp({ pathname: '/signup', state: { from: { pathname: '/dashboard/userhome', search: '' } } });

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Rima Akter' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/userhome');
    expect(calls).toEqual(['upload', 'sign-up']);
    // One file part named "image". (jsdom's File loses its name and bytes on the way into Node's
    // fetch, so only its type is compared here; the browser tests upload a real photo.)
    expect(uploads.map((file) => file.type)).toEqual(['image/png']);
    expect(signUps).toEqual([{ name: 'Rima Akter', email: 'rima@example.com', password: 'Rima1234', image: UPLOADED_URL }]);
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('img', { name: 'Rima Akter' })).toHaveAttribute(
      'src',
      UPLOADED_URL,
    );
  });

  it('sends the mobile number she gave, then asks for the texted code before going on', async () => {
    const { signUps } = signUpServer();
    const { codes } = phoneAfterSignUp();
    const { user, router } = renderApp({ pathname: '/signup', state: { from: { pathname: '/dashboard/userhome', search: '' } } });

    await fillForm(user, { phone: '01712-345678' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Your account is ready' })).toBeInTheDocument();
    expect(signUps).toEqual([{ name: 'Rima Akter', email: 'rima@example.com', password: 'Rima1234', image: UPLOADED_URL, phone: '+8801712345678' }]);
    expect(screen.getByText(/Until your number is proven with the code, we send it no texts/)).toHaveFocus();
    const mobile = within(await screen.findByRole('region', { name: 'Mobile number' }));
    expect(await mobile.findByText(/We texted a code to/)).toHaveTextContent('We texted a code to 01712 345678.');
    await user.type(mobile.getByLabelText('Code'), '123456');
    await user.click(mobile.getByRole('button', { name: 'Prove number' }));
    expect(await mobile.findByText('Proven')).toBeInTheDocument();
    expect(codes).toEqual(['123456']);
    expect(router.state.location.pathname).toBe('/signup');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/userhome'));
  });

  it('checks the mobile number before creating anything, and leaves a blank one out', async () => {
    const { calls, signUps } = signUpServer();
    const { user, router } = renderApp({ pathname: '/signup', state: { from: { pathname: '/dashboard/userhome', search: '' } } });

    await fillForm(user, { phone: '12345' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(PHONE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Mobile number/)).toHaveAccessibleDescription(expect.stringContaining(PHONE_MESSAGE));
    expect(calls).toEqual([]);

    await user.clear(screen.getByLabelText(/^Mobile number/));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/userhome'));
    expect(signUps).toEqual([{ name: 'Rima Akter', email: 'rima@example.com', password: 'Rima1234', image: UPLOADED_URL }]);
    expect(Object.keys(signUps[0]!)).not.toContain('phone');
  });

  it('goes home after signing up when she came from nowhere in particular', async () => {
    signUpServer();
    server.use(http.get('/api/service', () => HttpResponse.json([])), http.get('/api/review', () => HttpResponse.json([])));
    const { user, router } = renderApp('/signup');

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('says so when the e-mail is already registered, and stays on the page', async () => {
    const message = 'This e-mail is already registered. Log in instead, or use another e-mail.';
    const { calls } = signUpServer({ signUp: () => apiErrorResponse(409, message) });
    const { user, router } = renderApp('/signup');

    await fillForm(user, { email: 'customer@parlour.test' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(calls).toEqual(['upload', 'sign-up']);
    expect(router.state.location.pathname).toBe('/signup');
    expect(screen.getByLabelText('Email')).toHaveValue('customer@parlour.test');
  });

  it('shows why the server refused the photo, and does not create the account', async () => {
    const { calls } = signUpServer();
    server.use(
      http.post('/api/upload', () =>
        apiErrorResponse(415, 'That file is not an image we can use. Upload a JPEG, PNG, WebP, GIF or AVIF photo.', [
          { path: 'image', message: 'Only image files are accepted' },
        ]),
      ),
    );
    const { user } = renderApp('/signup');

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That file is not an image we can use. Upload a JPEG, PNG, WebP, GIF or AVIF photo.',
    );
    expect(screen.getByLabelText('Profile image')).toHaveAccessibleDescription('Only image files are accepted');
    expect(calls).not.toContain('sign-up');
  });

  it('says so when the server cannot be reached', async () => {
    signUpServer();
    server.use(http.post('/api/upload', () => HttpResponse.error()));
    const { user } = renderApp('/signup');

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot reach the server. Check your connection and try again.');
  });

  it('offers the configured providers here too', async () => {
    server.use(authProvidersHandler({ google: true, facebook: true, oidc: null }));
    renderApp('/signup');

    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Facebook' })).toBeInTheDocument();
  });
});
