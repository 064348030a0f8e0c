import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Service } from '@shared/service';
import { adminUser, services } from '@/test/fixtures';
import { accountSession, apiErrorResponse, fakeCatalogue, UPLOADED_IMAGE_URL } from '@/test/handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

const manicure = services[0] as Service;
const path = `/dashboard/updateservice/${manicure._id}`;

function catalogueForAdmin() {
  const catalogue = fakeCatalogue();
  server.use(...accountSession(adminUser).handlers, ...catalogue.handlers);
  return catalogue;
}

function image(name = 'new-look.png', type = 'image/png') {
  return new File([new Uint8Array(2048)], name, { type });
}

function heading() {
  return screen.findByRole('heading', { level: 1, name: 'You can update your service' });
}

describe('/dashboard/updateservice/:id', () => {
  it('loads the service before the page renders, then shows it in the form with its current image', async () => {
    let answer: () => void = () => undefined;
    const catalogue = catalogueForAdmin();
    server.use(
      http.get('/api/service/:id', async () => {
        catalogue.calls.push('get (held)');
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json(manicure);
      }),
    );
    const { router } = renderApp(path);

    // While the loader waits, no part of the page is on screen: the router has not committed to it.
    await waitFor(() => expect(catalogue.calls).toContain('get (held)'));
    expect(router.state.location.pathname).toBe(path);
    expect(router.state.initialized).toBe(false);
    expect(screen.queryByRole('heading', { name: 'You can update your service' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Service Title')).not.toBeInTheDocument();

    answer();
    expect(await heading()).toBeInTheDocument();
    // Filled in from the first render on: no empty form first.
    expect(screen.getByLabelText('Service Title')).toHaveValue('Classic Manicure');
    expect(screen.getByLabelText('Price')).toHaveValue(1200);
    expect(screen.getByLabelText('Description')).toHaveValue('Shaping, cuticle care and a polish of your choice.');
    expect(screen.getByLabelText('Duration (minutes)')).toHaveValue(45);
    expect(screen.getByLabelText(/^Time after the visit \(minutes\)/)).toHaveValue(0);
    expect(screen.getByLabelText(/^Category/)).toHaveValue('Nails');
    expect(screen.getByLabelText('Upload Image')).toHaveAttribute('accept', 'image/*');
    expect(screen.getByLabelText('Upload Image')).toHaveAccessibleDescription(/Leave empty to keep the current image/);
    expect(screen.getByRole('img', { name: 'Current image of Classic Manicure' })).toHaveAttribute('src', '/images/services/manicure.svg');
    expect(document.title).toBe('Update Service | Parlour');
    expect(catalogue.calls).toEqual(['get (held)']);
  });

  it('keeps the current image when none is chosen: no upload, and no image_url in the PATCH', async () => {
    const catalogue = catalogueForAdmin();
    const { user } = renderApp(path);
    await heading();

    await user.clear(screen.getByLabelText('Description'));
    await user.type(screen.getByLabelText('Description'), 'Shaping, cuticle care and a gel polish.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('dialog', { name: 'Service updated' })).toBeInTheDocument();
    expect(catalogue.calls).not.toContain('upload');
    expect(catalogue.writes).toEqual([
      {
        method: 'PATCH',
        id: manicure._id,
        body: {
          title: 'Classic Manicure',
          price: 1200,
          description: 'Shaping, cuticle care and a gel polish.',
          duration: 45,
          buffer: 0,
          category: 'Nails',
          // No Bangla title or description, as before (null: none).
          title_bn: null,
          description_bn: null,
          // The salon's policy, as it was.
          paymentPolicy: null,
        },
      },
    ]);
    expect(catalogue.list[0]?.image_url).toBe('/images/services/manicure.svg');
  });

  it('sends a changed price, says "Service updated", refreshes the caches and shows the saved values', async () => {
    const catalogue = catalogueForAdmin();
    const { user, queryClient } = renderApp(path);
    queryClient.setQueryData(['services'], services);
    await heading();

    await user.clear(screen.getByLabelText('Price'));
    await user.type(screen.getByLabelText('Price'), '1350');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const done = await screen.findByRole('dialog', { name: 'Service updated' });
    expect(within(done).getByText('Classic Manicure is saved.')).toBeInTheDocument();
    expect(catalogue.writes).toHaveLength(1);
    expect(catalogue.writes[0]?.body).toMatchObject({ price: 1350 });
    expect(queryClient.getQueryState(['services'])?.isInvalidated).toBe(true);
    await user.click(within(done).getByRole('button', { name: 'OK' }));

    // The page loads the saved service again.
    await waitFor(() => expect(catalogue.calls.filter((call) => call === `get ${manicure._id}`)).toHaveLength(2));
    expect(await screen.findByLabelText('Price')).toHaveValue(1350);
  });

  it('uploads a newly chosen image first and shows it as the current image once saved', async () => {
    const catalogue = catalogueForAdmin();
    const { user } = renderApp(path);
    await heading();

    await user.upload(screen.getByLabelText('Upload Image'), image());
    // The preview shows the chosen file in place of the current image.
    expect(screen.getByRole('img', { name: 'The chosen image' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Current image of Classic Manicure' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const done = await screen.findByRole('dialog', { name: 'Service updated' });
    expect(catalogue.calls.filter((call) => call !== `get ${manicure._id}`)).toEqual(['upload', `PATCH ${manicure._id}`]);
    expect(catalogue.writes[0]?.body).toMatchObject({ image_url: UPLOADED_IMAGE_URL });
    await user.click(within(done).getByRole('button', { name: 'OK' }));

    const current = await screen.findByRole('img', { name: 'Current image of Classic Manicure' });
    await waitFor(() => expect(current).toHaveAttribute('src', UPLOADED_IMAGE_URL));
    expect(current.getAttribute('srcset')).toContain('-w400.webp 400w');
  });

  it('requires the price and the description; an empty title keeps the current title', async () => {
    const catalogue = catalogueForAdmin();
    const { user } = renderApp(path);
    await heading();

    await user.clear(screen.getByLabelText('Service Title'));
    await user.clear(screen.getByLabelText('Price'));
    await user.clear(screen.getByLabelText('Description'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Price is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Price')).toHaveAccessibleDescription('Price is required');
    expect(screen.getByLabelText('Description')).toHaveAccessibleDescription('Description is required');
    expect(screen.queryByText('Title is required')).not.toBeInTheDocument();
    expect(screen.queryByText('Image is required')).not.toBeInTheDocument();
    expect(catalogue.writes).toEqual([]);

    await user.type(screen.getByLabelText('Price'), '1300');
    await user.type(screen.getByLabelText('Description'), 'Shaping and polish.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await screen.findByRole('dialog', { name: 'Service updated' });
    expect(catalogue.writes[0]?.body).not.toHaveProperty('title');
    expect(catalogue.list[0]?.title).toBe('Classic Manicure');
  });

  it("shows a service's time after the visit and saves a new one; the server's refusal of it shows under the field", async () => {
    const keratin = services[2] as Service;
    const catalogue = catalogueForAdmin();
    const { user } = renderApp(`/dashboard/updateservice/${keratin._id}`);
    await heading();
    const buffer = () => screen.getByLabelText(/^Time after the visit \(minutes\)/);
    expect(buffer()).toHaveValue(15);

    await user.clear(buffer());
    await user.type(buffer(), '30');
    const savedForm = screen.getByRole('form', { name: 'Update service' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const done = await screen.findByRole('dialog', { name: 'Service updated' });
    expect(catalogue.writes[0]?.body).toMatchObject({ buffer: 30 });
    expect(catalogue.list[2]?.buffer).toBe(30);
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    // The page loads the saved service again and starts a new form from it: a press on the old
    // form's button (it already shows 30) would be lost with it.
    await waitFor(() => expect(screen.getByRole('form', { name: 'Update service' })).not.toBe(savedForm));
    expect(buffer()).toHaveValue(30);

    server.use(
      http.patch('/api/service/:id', () =>
        apiErrorResponse(400, 'Check the highlighted fields.', [{ path: 'buffer', message: 'Time after the visit must be a multiple of 5 minutes' }]),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Check the highlighted fields.');
    expect(buffer()).toHaveAccessibleDescription('Time after the visit must be a multiple of 5 minutes');
  });

  it("shows the service's own way of paying, sends a change of it, and puts the server's refusal of the share under its field", async () => {
    const catalogue = fakeCatalogue(services.map((s) => (s._id === manicure._id ? { ...s, paymentPolicy: { mode: 'deposit-percent', percent: 20 } } : s)));
    server.use(...accountSession(adminUser).handlers, ...catalogue.handlers);
    const { user } = renderApp(path);
    await heading();
    const group = screen.getByRole('group', { name: 'How it is paid' });
    expect(within(group).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['salon', 'full', 'deposit-percent', 'deposit-fixed', 'at-salon']);
    expect(within(group).getByRole('radio', { name: 'A deposit online: a share (%)' })).toBeChecked();
    expect(screen.getByLabelText('Deposit share (%)')).toHaveValue(20);

    server.use(
      http.patch('/api/service/:id', () =>
        apiErrorResponse(400, 'Check the highlighted fields.', [{ path: 'paymentPolicy.percent', message: 'Deposit share must be a whole number' }]),
        // Refused once; the next PATCH reaches the catalogue.
        { once: true },
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Check the highlighted fields.');
    expect(screen.getByLabelText('Deposit share (%)')).toHaveAccessibleDescription('Deposit share must be a whole number');

    // Back to the salon's policy: sent as null, and the share is neither shown nor sent.
    await user.click(within(group).getByRole('radio', { name: /^The salon’s policy/ }));
    expect(screen.queryByLabelText('Deposit share (%)')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('dialog', { name: 'Service updated' })).toBeInTheDocument();
    expect(catalogue.writes.at(-1)?.body).toMatchObject({ paymentPolicy: null });
    expect(catalogue.list.find((s) => s._id === manicure._id)?.paymentPolicy).toBeNull();
  });

  it("shows the service's Bangla title and description, sends a change of them, and an emptied one as none", async () => {
    const bangla = { title_bn: 'ক্লাসিক ম্যানিকিওর', description_bn: 'নখের যত্ন ও পছন্দের পলিশ।' };
    const catalogue = fakeCatalogue(services.map((s) => (s._id === manicure._id ? { ...s, ...bangla } : s)));
    server.use(...accountSession(adminUser).handlers, ...catalogue.handlers);
    const { user } = renderApp(path);
    await heading();
    const titleBn = () => screen.getByLabelText(/^Title in Bangla/);
    const descriptionBn = () => screen.getByLabelText(/^Description in Bangla/);
    expect(titleBn()).toHaveValue('ক্লাসিক ম্যানিকিওর');
    expect(descriptionBn()).toHaveValue('নখের যত্ন ও পছন্দের পলিশ।');

    await user.clear(titleBn());
    await user.type(titleBn(), 'ম্যানিকিওর');
    let savedForm = screen.getByRole('form', { name: 'Update service' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const done = await screen.findByRole('dialog', { name: 'Service updated' });
    // The English page names the English title.
    expect(done).toHaveTextContent('Classic Manicure is saved.');
    expect(catalogue.writes.at(-1)?.body).toMatchObject({ title: 'Classic Manicure', title_bn: 'ম্যানিকিওর', description_bn: 'নখের যত্ন ও পছন্দের পলিশ।' });
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    // The page starts a new form from the saved service.
    await waitFor(() => expect(screen.getByRole('form', { name: 'Update service' })).not.toBe(savedForm));
    expect(titleBn()).toHaveValue('ম্যানিকিওর');

    // Emptied (spaces only count as empty): sent as null, and the service has no Bangla any more.
    savedForm = screen.getByRole('form', { name: 'Update service' });
    await user.clear(titleBn());
    await user.type(titleBn(), '   ');
    await user.clear(descriptionBn());
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Service updated' })).getByRole('button', { name: 'OK' }));
    expect(catalogue.writes.at(-1)?.body).toMatchObject({ title_bn: null, description_bn: null });
    expect(catalogue.list.find((s) => s._id === manicure._id)).toMatchObject({ title: 'Classic Manicure', title_bn: null, description_bn: null });
    await waitFor(() => expect(screen.getByRole('form', { name: 'Update service' })).not.toBe(savedForm));
    expect(titleBn()).toHaveValue('');
    expect(descriptionBn()).toHaveValue('');
  });

  it("puts the server's refusal of the Bangla title under that field", async () => {
    catalogueForAdmin();
    server.use(
      http.patch('/api/service/:id', () =>
        apiErrorResponse(400, 'Some fields are not valid', [{ path: 'title_bn', message: 'Bangla title must be at most 100 characters' }]),
      ),
    );
    const { user } = renderApp(path);
    await heading();

    await user.type(screen.getByLabelText(/^Title in Bangla/), 'ক্লাসিক ম্যানিকিওর');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Some fields are not valid');
    expect(screen.getByLabelText(/^Title in Bangla/)).toHaveAccessibleDescription('Bangla title must be at most 100 characters');
    expect(screen.getByLabelText(/^Title in Bangla/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Service Title')).not.toHaveAttribute('aria-invalid');
    // What she typed stays, to correct and send again.
    expect(screen.getByLabelText(/^Title in Bangla/)).toHaveValue('ক্লাসিক ম্যানিকিওর');
  });

  it('says when nothing needed changing, without the success dialog', async () => {
    const catalogue = catalogueForAdmin();
    const { user } = renderApp(path);
    await heading();

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Nothing to change: the service already had these details.');
    expect(catalogue.writes).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's refusal in the form alert and its issues under the fields", async () => {
    catalogueForAdmin();
    server.use(
      http.patch('/api/service/:id', () =>
        apiErrorResponse(400, 'Check the highlighted fields.', [{ path: 'price', message: 'Price can have at most two decimals' }]),
      ),
    );
    const { user } = renderApp(path);
    await heading();

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Check the highlighted fields.');
    expect(screen.getByLabelText('Price')).toHaveAccessibleDescription('Price can have at most two decimals');
    expect(screen.queryByRole('dialog', { name: 'Service updated' })).not.toBeInTheDocument();
  });

  it.each([
    ['an unknown id', '0b6f2a53-2a4f-4f57-9a49-1f1d3a0c6aff'],
    ['a malformed id', 'not-an-id'],
  ])("shows the site's 404 page for %s", async (_label, id) => {
    const catalogue = catalogueForAdmin();
    renderApp(`/dashboard/updateservice/${id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Page not found | Parlour');
    expect(screen.queryByRole('heading', { name: 'You can update your service' })).not.toBeInTheDocument();
    // Still inside the dashboard, with its menu.
    expect(screen.getByRole('navigation', { name: 'Dashboard menu' })).toBeInTheDocument();
    expect(catalogue.calls).toEqual([`get ${id}`]);
  });

  it('offers a retry when the service could not be loaded', async () => {
    let fail = true;
    server.use(
      ...accountSession(adminUser).handlers,
      http.get('/api/service/:id', () => (fail ? apiErrorResponse(503, 'The catalogue is unavailable right now.') : HttpResponse.json(manicure))),
    );
    const { user } = renderApp(path);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).toHaveTextContent('The catalogue is unavailable right now.');

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await heading()).toBeInTheDocument();
    expect(screen.getByLabelText('Service Title')).toHaveValue('Classic Manicure');
  });

  it('is reached from the Update link of the manage page', async () => {
    catalogueForAdmin();
    const { user, router } = renderApp('/dashboard/manageservice');

    // The table's link (md and up); the phone cards carry the same link, checked on the manage page.
    const table = within(await screen.findByRole('table', { name: "The salon's services" }));
    await user.click(table.getByRole('link', { name: 'Update Classic Manicure' }));

    expect(await heading()).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    expect(screen.getByLabelText('Service Title')).toHaveValue('Classic Manicure');
  });
});
