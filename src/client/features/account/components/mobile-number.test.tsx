import { http, HttpResponse, type DefaultBodyType, type PathParams } from 'msw';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setPhoneInputSchema, smsPreferenceInputSchema, verifyPhoneInputSchema, PHONE_TAKEN_MESSAGE, WRONG_CODE_MESSAGE, type MyPhone } from '@shared/sms';
import { customerUser } from '@/test/fixtures';
import { accountSession, apiErrorResponse } from '@/test/handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

/** Her number as the server keeps it: the code is 123456; +8801811111111 is proven on another account. */
function fakePhone(initial: MyPhone) {
  const session = accountSession(customerUser);
  let state = initial;
  const writes: unknown[] = [];
  server.use(
    ...session.handlers,
    http.get<PathParams, DefaultBodyType, MyPhone>('/api/me/phone', () => HttpResponse.json(state)),
    http.put('/api/me/phone', async ({ request }) => {
      const { phone } = setPhoneInputSchema.parse(await request.json());
      writes.push({ put: phone });
      if (phone === '+8801811111111') return apiErrorResponse(409, PHONE_TAKEN_MESSAGE, [{ path: 'phone', message: PHONE_TAKEN_MESSAGE }]);
      state = { phone, verified: false, smsOptOut: state.smsOptOut, codeExpiresAt: '2030-01-01T00:10:00Z' };
      return HttpResponse.json(state);
    }),
    http.post('/api/me/phone/verify', async ({ request }) => {
      const { code } = verifyPhoneInputSchema.parse(await request.json());
      writes.push({ verify: code });
      if (code !== '123456') return apiErrorResponse(400, WRONG_CODE_MESSAGE, [{ path: 'code', message: WRONG_CODE_MESSAGE }]);
      state = { ...state, verified: true, codeExpiresAt: null };
      return HttpResponse.json(state);
    }),
    http.patch('/api/me/sms', async ({ request }) => {
      const { optOut } = smsPreferenceInputSchema.parse(await request.json());
      writes.push({ optOut });
      state = { ...state, smsOptOut: optOut };
      return HttpResponse.json(state);
    }),
  );
  return { writes };
}

const section = async () => within(await screen.findByRole('region', { name: 'Mobile number' }));

describe("the user home's 'Mobile number'", () => {
  it('sends a code to the number she types, shows a wrong code under the field, and proves it with the right one', async () => {
    const { writes } = fakePhone({ phone: null, verified: false, smsOptOut: false, codeExpiresAt: null });
    const { user } = renderApp('/dashboard/userhome');
    const mobile = await section();
    await user.type(await mobile.findByLabelText('Mobile number'), '01712-345678');
    await user.click(mobile.getByRole('button', { name: 'Send code' }));
    expect(await mobile.findByText(/We texted a code to/)).toHaveTextContent('We texted a code to 01712 345678.');

    await user.type(await mobile.findByLabelText('Code'), '654321');
    await user.click(mobile.getByRole('button', { name: 'Prove number' }));
    expect(await mobile.findByText(WRONG_CODE_MESSAGE)).toBeInTheDocument();
    await user.clear(await mobile.findByLabelText('Code'));
    await user.type(await mobile.findByLabelText('Code'), '123456');
    await user.click(mobile.getByRole('button', { name: 'Prove number' }));
    expect(await mobile.findByText('Proven')).toBeInTheDocument();
    expect(writes).toEqual([{ put: '+8801712345678' }, { verify: '654321' }, { verify: '123456' }]);
  });

  it("checks the number in the browser first, and shows another account's number under the field", async () => {
    const { writes } = fakePhone({ phone: null, verified: false, smsOptOut: false, codeExpiresAt: null });
    const { user } = renderApp('/dashboard/userhome');
    const mobile = await section();
    await user.type(await mobile.findByLabelText('Mobile number'), '12345');
    await user.click(mobile.getByRole('button', { name: 'Send code' }));
    expect(await mobile.findByText('Enter a mobile number, e.g. 01712 345678')).toBeInTheDocument();
    expect(writes).toEqual([]);
    await user.clear(await mobile.findByLabelText('Mobile number'));
    await user.type(await mobile.findByLabelText('Mobile number'), '01811111111');
    await user.click(mobile.getByRole('button', { name: 'Send code' }));
    expect(await mobile.findByText(PHONE_TAKEN_MESSAGE)).toBeInTheDocument();
  });

  it('turns her appointment texts off and on', async () => {
    const { writes } = fakePhone({ phone: '+8801712345678', verified: true, smsOptOut: false, codeExpiresAt: null });
    const { user } = renderApp('/dashboard/userhome');
    const mobile = await section();
    const texts = await mobile.findByRole('checkbox', { name: /Text me about my appointments/ });
    expect(texts).toBeChecked();
    await user.click(texts);
    await expect.poll(() => writes).toEqual([{ optOut: true }]);
    expect(await mobile.findByRole('checkbox', { name: /Text me about my appointments/ })).not.toBeChecked();
  });

  it('says when her number could not be loaded, and loads it again on Try again', async () => {
    fakePhone({ phone: '+8801712345678', verified: true, smsOptOut: false, codeExpiresAt: null });
    let failures = 1;
    server.use(
      http.get('/api/me/phone', () => {
        if (failures-- > 0) return apiErrorResponse(503, 'The server is busy. Please try again.');
        return undefined;
      }),
    );
    const { user } = renderApp('/dashboard/userhome');
    const mobile = await section();
    const alert = await mobile.findByRole('alert');
    expect(alert).toHaveTextContent('The server is busy. Please try again.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await mobile.findByText('Proven')).toBeInTheDocument();
  });
});
