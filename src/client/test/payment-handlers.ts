import { http, HttpResponse, type DefaultBodyType, type PathParams } from 'msw';
import type { z } from 'zod';
import { HOLD_TAKEN_MESSAGE, cartItemSchema, type Availability, type CartItem } from '@shared/cart';
import type { FieldIssue } from '@shared/errors';
import { formatMoney, fromMinorUnits, toMinorUnits } from '@shared/money';
import {
  BOOKING_LIST_CHANGED_MESSAGE,
  STATUS_REFUSALS,
  bookingSchema,
  createIntentSchema,
  moveBookingSchema,
  paymentSchema,
  testConfirmSchema,
  startWalletSchema,
  confirmWalletSchema,
  PAYMENT_METHOD_NAMES,
  TEST_WALLET,
  type Booking,
  type ConfirmResult,
  type Payment,
  type PaymentConfig,
  type PaymentIntentInfo,
  type PaymentMethod,
  type TestWallet,
  type WalletAttempt,
} from '@shared/payments';
import { DEFAULT_SALON_SETTINGS, type SalonSettings } from '@shared/salon-settings';
import type { User } from '@shared/user';
import { server } from './server';
import { salonDateOf } from '@shared/calendar';
import { englishMessage } from '@shared/i18n/message-templates';
import { cancellationRefundMinor, customerMayCancel, mayStillChange } from '@shared/booking-rules';
import { bookingMoneyOf, counterPaymentInputSchema, handBackFigures, type PayPlan } from '@shared/deposits';
import { customerUser, services } from './fixtures';
import { apiErrorResponse } from './handlers';
import { stylists } from './staff-handlers';

/**
 * The paying side of the API as one fake whose data really changes: the booking list, intents,
 * the test gateway, payments and bookings. Bodies are checked with the shared schemas and the
 * refusals use the server's words, so the pages are tested against what they will really meet.
 */

/** Appointment times used across the tests: Dhaka is UTC+6 all year, so 04:00Z reads 10:00. */
export const SAT_2_MAR_2030_10_00 = '2030-03-02T04:00:00.000Z';
export const SAT_2_MAR_2030_11_00 = '2030-03-02T05:00:00.000Z';
export const SAT_9_MAR_2030_10_30 = '2030-03-09T04:30:00.000Z';
/** Long past, so an admin may mark it completed. */
export const SAT_1_JUN_2024_11_00 = '2024-06-01T05:00:00.000Z';

const [manicure, facial, keratin] = services as [(typeof services)[number], (typeof services)[number], (typeof services)[number]];

const uuid = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A booking-list item for `user` with a held time (held for 10 more minutes unless told). */
export function heldItem(service: (typeof services)[number], startsAt: string | null, overrides: Partial<CartItem> = {}, user: User = customerUser): CartItem {
  return cartItemSchema.parse({
    _id: `c0000000-0000-4000-8000-${service._id.slice(-12)}`,
    cartItemId: service._id,
    email: user.email,
    title: service.title,
    title_bn: service.title_bn ?? null,
    price: service.price,
    image_url: service.image_url,
    duration: service.duration,
    startsAt,
    endsAt: startsAt ? new Date(Date.parse(startsAt) + service.duration * 60_000).toISOString() : null,
    holdExpiresAt: startsAt ? new Date(Date.now() + 10 * 60_000).toISOString() : null,
    staffId: null,
    staffName: null,
    anyStylist: true,
    // Paid in full online unless a test gives it another plan.
    plan: 'full',
    payNow: overrides.price ?? service.price,
    ...overrides,
  });
}

/** Manicure at 10:00 and facial at 11:00 on Saturday 2 March 2030: ৳4,700 in all. */
export function heldBookingList(user: User = customerUser): CartItem[] {
  return [heldItem(manicure, SAT_2_MAR_2030_10_00, {}, user), heldItem(facial, SAT_2_MAR_2030_11_00, {}, user)];
}

type StoredBooking = Omit<Booking, 'canCancel' | 'canComplete' | 'canMove'>;

type Defaulted = 'online' | 'plan' | 'takenAtSalon' | 'handedBack' | 'handBackDue' | 'handedBackAt' | 'title_bn';
type ServiceOverride = Omit<Payment['services'][number], Defaulted> & Partial<Pick<Payment['services'][number], Defaulted>>;

/** A payment; its services are paid in full online unless a test says otherwise. */
export function paymentRecord(n: number, { services, ...overrides }: Omit<Partial<Payment>, 'services'> & { services?: ServiceOverride[] } = {}): Payment {
  return paymentSchema.parse({
    _id: uuid('a0000000', n),
    amount: manicure.price,
    refunded: 0,
    currency: 'BDT',
    status: 'succeeded',
    gateway: 'test',
    gatewayRef: `test_ch_${n}`,
    method: 'card',
    failureMessage: null,
    createdAt: '2030-01-15T06:00:00.000Z',
    paidAt: '2030-01-15T06:00:00.000Z',
    customer: { name: customerUser.name, email: customerUser.email, phone: null },
    services: [
      { bookingId: uuid('b0000000', n), title: manicure.title, title_bn: null, price: manicure.price, online: manicure.price, plan: 'full', startsAt: SAT_9_MAR_2030_10_30, status: 'confirmed', staffName: null, takenAtSalon: 0, handedBack: 0, handBackDue: 0, handedBackAt: null },
    ],
    declines: [],
    ...overrides,
    ...(services && { services: services.map((service) => ({ online: service.price, plan: 'full', takenAtSalon: 0, handedBack: 0, handBackDue: 0, handedBackAt: null, title_bn: null, ...service })) }),
  });
}

/**
 * A booking; paid in full online unless the test gives it another plan (`pay`: a deposit of
 * `online`, or nothing online) and money already taken at the counter; `handBack`, on a cancelled
 * one, gives that money back to her: handed back `at`, or (null) still due at the counter.
 */
export function bookingRecord(
  n: number,
  overrides: Partial<StoredBooking> = {},
  pay: { plan: PayPlan; online?: number; atSalon?: number; paidBy?: PaymentMethod; handBack?: { at: string | null } } = { plan: 'full' },
): StoredBooking {
  const price = overrides.price ?? keratin.price;
  const onlineMinor = pay.plan === 'full' ? toMinorUnits(price) : pay.plan === 'at-salon' ? 0 : toMinorUnits(pay.online ?? 0);
  const counter = pay.atSalon ? [{ id: uuid('e0000000', n), amountMinor: toMinorUnits(pay.atSalon), method: 'cash' as const, at: '2030-01-15T06:00:00.000Z' }] : [];
  const money = bookingMoneyOf(
    {
      status: overrides.status ?? 'confirmed',
      payPlan: pay.plan,
      priceMinor: toMinorUnits(price),
      onlineMinor,
      refundedMinor: toMinorUnits(overrides.refunded ?? 0),
      // As paymentRecord pays: by card, unless the test says otherwise.
      paidBy: pay.paidBy ?? 'card',
    },
    counter,
    pay.handBack && pay.atSalon ? { amountMinor: toMinorUnits(pay.atSalon), at: pay.handBack.at } : null,
  );
  return bookingSchema.omit({ canCancel: true, canComplete: true, canMove: true }).parse({
    money,
    _id: uuid('b0000000', n),
    paymentId: uuid('a0000000', n),
    serviceId: keratin._id,
    title: keratin.title,
    title_bn: keratin.title_bn ?? null,
    price: keratin.price,
    duration: keratin.duration,
    image_url: keratin.image_url,
    startsAt: SAT_9_MAR_2030_10_30,
    endsAt: new Date(Date.parse(SAT_9_MAR_2030_10_30) + keratin.duration * 60_000).toISOString(),
    status: 'confirmed',
    refunded: 0,
    customer: { name: customerUser.name, email: customerUser.email, phone: null },
    staffId: null,
    staffName: null,
    staffFreeAt: null,
    ...overrides,
  });
}

function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

function expiryIsPast(expiry: string, now = new Date()): boolean {
  const [month, year] = expiry.split('/').map((part) => Number(part.trim()));
  if (!month || year === undefined) return false;
  const fullYear = 2000 + year;
  return fullYear < now.getFullYear() || (fullYear === now.getFullYear() && month < now.getMonth() + 1);
}

/** The test gateway's cards, as the real one knows them. */
const DECLINES: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
};
const SUCCEEDS = new Set(['4242424242424242']);

export interface FakePaymentsOptions {
  /** Who is signed in, read on every request (accountSession() from handlers.ts fits). */
  session: { readonly user: User | null };
  cart?: CartItem[];
  payments?: Payment[];
  bookings?: StoredBooking[];
  settings?: SalonSettings;
  config?: PaymentConfig;
}

export function fakePayments({
  session,
  cart = [],
  payments = [],
  bookings = [],
  settings = DEFAULT_SALON_SETTINGS,
  config = { gateway: 'test', publishableKey: null, testMode: true },
}: FakePaymentsOptions) {
  const state = {
    cart: cart.map((item) => ({ ...item })),
    payments: payments.map((payment) => structuredClone(payment)),
    bookings: bookings.map((booking) => ({ ...booking })),
    settings: structuredClone(settings),
    /** clientSecret -> payment id, for the intents this fake handed out. */
    secrets: new Map<string, string>(),
    /** Every call in order: 'GET /api/payments?status=refunded', 'POST /api/payments/test/confirm', ... */
    requests: [] as string[],
    /** The bodies of the confirm calls, in order. */
    confirmBodies: [] as unknown[],
    /** Instants someone else booked meanwhile: moving a booking there answers 409. */
    taken: new Set<string>(),
    /** The wallet codes 'sent' (bKash, Nagad), with the wrong codes typed against each. */
    walletAttempts: [] as { attemptId: string; paymentId: string; wallet: TestWallet; number: string; wrongCodes: number; ended: boolean }[],
  };
  let nextPayment = 100;
  let nextBooking = 100;
  let nextCounter = 100;

  const isAdmin = () => session.user?.role === 'admin';
  const canSee = (customer: { email: string | null }) => isAdmin() || customer.email === session.user?.email;
  const record = (request: Request) => {
    const url = new URL(request.url);
    state.requests.push(`${request.method} ${url.pathname}${url.search}`);
    return url;
  };

  /** A booking's ledger as the server keeps it, read back from the figures the fake last answered. */
  const ledgerOf = (booking: StoredBooking) => {
    const online = toMinorUnits(booking.money.online);
    return {
      payPlan: booking.money.plan,
      paidBy: booking.money.paidBy,
      priceMinor: toMinorUnits(booking.price),
      onlineMinor: online,
      refundedMinor: booking.status === 'pending' ? 0 : online - toMinorUnits(booking.money.paidOnline),
      counter: booking.money.counterPayments.map((c) => ({ id: c.id, amountMinor: toMinorUnits(c.amount), method: c.method, at: c.at })),
      handBack: booking.money.handedBack > 0 ? { amountMinor: toMinorUnits(booking.money.handedBack), at: booking.money.handedBackAt } : null,
    };
  };

  /**
   * The booking's figures again after a change of status, a refund or money taken at the counter.
   * A cancellation gives back at the counter everything taken there, as the server records it: at
   * once when the admin cancels, owed to her when she cancels herself (`handedBackAt` null).
   */
  const refigure = (booking: StoredBooking, refundMinor = 0, counter: ReturnType<typeof ledgerOf>['counter'] = []) => {
    const ledger = ledgerOf(booking);
    const all = [...ledger.counter, ...counter];
    const takenMinor = all.reduce((sum, c) => sum + c.amountMinor, 0);
    const handBack =
      booking.status === 'cancelled' && !ledger.handBack && takenMinor > 0 ? { amountMinor: takenMinor, at: isAdmin() ? new Date().toISOString() : null } : ledger.handBack;
    booking.money = bookingMoneyOf({ ...ledger, status: booking.status, refundedMinor: ledger.refundedMinor + refundMinor }, all, handBack);
  };

  /** The server's answer about a booking for whoever asks: what she may do with it now. */
  const present = (booking: StoredBooking): Booking => {
    const now = new Date();
    const startsAt = new Date(booking.startsAt);
    const confirmed = booking.status === 'confirmed';
    const beforeNotice = mayStillChange(startsAt, now, state.settings.cancelNoticeHours);
    return {
      ...booking,
      canCancel: confirmed && (isAdmin() || customerMayCancel({ payPlan: booking.money.plan }, beforeNotice)),
      canComplete: confirmed && isAdmin() && startsAt <= now,
      canMove: confirmed && (isAdmin() || beforeNotice),
    };
  };

  /** Paid by `method`: the list's held times become confirmed bookings and the list is emptied. */
  const markPaid = (payment: Payment, method: PaymentMethod) => {
    const email = payment.customer.email;
    const items = state.cart.filter((item) => item.email === email);
    for (const [index, item] of items.entries()) {
      state.bookings.push(
        bookingRecord(nextBooking++, {
          _id: payment.services[index]?.bookingId,
          paymentId: payment._id,
          serviceId: item.cartItemId,
          title: item.title,
          title_bn: item.title_bn ?? null,
          price: item.price,
          duration: item.duration,
          image_url: item.image_url,
          startsAt: item.startsAt ?? '',
          endsAt: item.endsAt ?? '',
          customer: payment.customer,
          // The stylist of the hold (the one she chose, or the one 'any' was given).
          staffId: item.staffId,
          staffName: item.staffName,
        }, { plan: 'full', paidBy: method }),
      );
    }
    state.cart = state.cart.filter((item) => item.email !== email);
    Object.assign(payment, {
      status: 'succeeded',
      failureMessage: null,
      method,
      gatewayRef: `test_ch_${payment._id.slice(-6)}`,
      paidAt: new Date().toISOString(),
      services: payment.services.map((service) => ({ ...service, status: 'confirmed' })),
    });
  };

  /** A refused attempt: kept on the payment, which stays payable; answered as the server answers it. */
  const declined = (payment: Payment, message: string): ConfirmResult => {
    Object.assign(payment, { status: 'failed', failureMessage: message, declines: [...payment.declines, { at: new Date().toISOString(), message }] });
    return { status: 'failed', message, paymentId: payment._id };
  };

  const inRange = (instant: string, from: string | null, to: string | null) => {
    const day = salonDateOf(instant, state.settings.timeZone);
    return (!from || day >= from) && (!to || day <= to);
  };

  const handlers = [
    http.get('/api/settings', ({ request }) => {
      record(request);
      return HttpResponse.json(state.settings);
    }),
    http.get('/api/payments/config', ({ request }) => {
      record(request);
      return HttpResponse.json(config);
    }),
    http.get('/api/cart', ({ request }) => {
      record(request);
      const body: CartItem[] = state.cart.filter((item) => item.email === session.user?.email);
      return HttpResponse.json(body);
    }),

    http.post('/api/create-payment-intent', async ({ request }) => {
      record(request);
      const user = session.user;
      if (!user) return apiErrorResponse(401, 'Please log in.');
      const parsed = createIntentSchema.safeParse(await request.json());
      if (!parsed.success) return apiErrorResponse(400, 'Check the highlighted fields.', fieldIssues(parsed.error));
      const items = state.cart.filter((item) => item.email === user.email);
      if (items.length === 0) return apiErrorResponse(400, 'Your booking list is empty.');
      for (const item of items) {
        if (!item.startsAt) return apiErrorResponse(400, `Pick a time for ${item.title}`);
        if (item.holdExpiresAt && Date.parse(item.holdExpiresAt) <= Date.now()) {
          return apiErrorResponse(400, `The hold on ${item.title} expired. Pick a time again.`);
        }
      }
      // What is paid online now, as the real server computes it (each item's payNow).
      const total = items.reduce((sum, item) => sum + toMinorUnits(item.payNow), 0);
      if (toMinorUnits(parsed.data.price) !== total) return apiErrorResponse(409, BOOKING_LIST_CHANGED_MESSAGE);

      const payment = paymentRecord(nextPayment++, {
        amount: fromMinorUnits(total),
        status: 'pending',
        gatewayRef: '',
        method: null,
        createdAt: new Date().toISOString(),
        paidAt: null,
        customer: { name: user.name, email: user.email, phone: null },
        services: items.map((item) => ({
          bookingId: uuid('b0000000', nextBooking++),
          title: item.title,
          title_bn: item.title_bn ?? null,
          price: item.price,
          startsAt: item.startsAt ?? '',
          status: 'pending' as const,
          staffName: item.staffName,
        })),
      });
      state.payments.push(payment);
      const clientSecret = `test_secret_${payment._id}`;
      state.secrets.set(clientSecret, payment._id);
      const body: PaymentIntentInfo = {
        clientSecret,
        paymentId: payment._id,
        amount: payment.amount,
        currency: 'bdt',
        gateway: config.gateway,
        redirectUrl: config.gateway === 'sslcommerz' ? `https://sandbox.sslcommerz.com/EasyCheckOut/testcde${payment._id}` : null,
        publishableKey: config.publishableKey,
      };
      return HttpResponse.json(body);
    }),

    http.post('/api/payments/test/confirm', async ({ request }) => {
      record(request);
      const raw: unknown = await request.json();
      state.confirmBodies.push(raw);
      const parsed = testConfirmSchema.safeParse(raw);
      if (!parsed.success) return apiErrorResponse(400, 'Check your card details.', fieldIssues(parsed.error));
      const { clientSecret, cardNumber, expiry } = parsed.data;
      if (expiryIsPast(expiry)) return apiErrorResponse(400, 'Check your card details.', [{ path: 'expiry', message: 'Your card has expired.' }]);
      const payment = state.payments.find((p) => p._id === state.secrets.get(clientSecret));
      if (!payment) return apiErrorResponse(404, 'Payment not found');
      if (payment.status !== 'pending' && payment.status !== 'failed') return apiErrorResponse(409, 'This payment is already complete.');

      const decline = DECLINES[cardNumber];
      if (decline) return HttpResponse.json(declined(payment, decline));
      if (!SUCCEEDS.has(cardNumber)) {
        return apiErrorResponse(400, 'Check your card details.', [{ path: 'cardNumber', message: 'Your card number is invalid.' }]);
      }

      markPaid(payment, 'card');
      const body: ConfirmResult = { status: 'succeeded', message: null, paymentId: payment._id };
      return HttpResponse.json(body);
    }),

    http.post('/api/payments/test/wallet', async ({ request }) => {
      record(request);
      const parsed = startWalletSchema.safeParse(await request.json());
      if (!parsed.success) return apiErrorResponse(400, 'Check your wallet number.', fieldIssues(parsed.error));
      const { clientSecret, wallet, number } = parsed.data;
      const payment = state.payments.find((p) => p._id === state.secrets.get(clientSecret));
      if (!payment || payment.customer.email !== session.user?.email) return apiErrorResponse(404, 'Payment not found');
      const attemptId = uuid('d0000000', state.walletAttempts.length + 1);
      state.walletAttempts.push({ attemptId, paymentId: payment._id, wallet, number, wrongCodes: 0, ended: false });
      const body: WalletAttempt = { attemptId, wallet, number, expiresAt: new Date(Date.now() + 5 * 60_000).toISOString(), triesLeft: 3 };
      return HttpResponse.json(body);
    }),

    http.post('/api/payments/test/wallet/confirm', async ({ request }) => {
      record(request);
      const raw: unknown = await request.json();
      state.confirmBodies.push(raw);
      const parsed = confirmWalletSchema.safeParse(raw);
      if (!parsed.success) return apiErrorResponse(400, 'Check the code.', fieldIssues(parsed.error));
      const attempt = state.walletAttempts.find((a) => a.attemptId === parsed.data.attemptId);
      const payment = state.payments.find((p) => p._id === attempt?.paymentId);
      if (!attempt || !payment || payment.customer.email !== session.user?.email) return apiErrorResponse(404, 'Payment not found');
      if (attempt.ended) return apiErrorResponse(409, 'This payment attempt has ended. Start again.');
      if (parsed.data.code !== TEST_WALLET.code) {
        attempt.wrongCodes += 1;
        const triesLeft = 3 - attempt.wrongCodes;
        if (triesLeft === 0) {
          attempt.ended = true;
          return apiErrorResponse(409, 'Three wrong codes: this payment attempt has ended. Start again to get a new code.');
        }
        return apiErrorResponse(400, 'That code is not right.', [{ path: 'code', message: `That code is not right. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.` }]);
      }
      const name = PAYMENT_METHOD_NAMES[attempt.wallet];
      const refusal =
        attempt.number === TEST_WALLET.declined
          ? `Insufficient balance in your ${name} account.`
          : attempt.number === TEST_WALLET.noAnswer
            ? `${name} did not answer. Nothing was charged; try again.`
            : null;
      if (refusal) {
        attempt.ended = true;
        return HttpResponse.json(declined(payment, refusal));
      }
      if (payment.status === 'pending' || payment.status === 'failed') markPaid(payment, attempt.wallet);
      const body: ConfirmResult = { status: 'succeeded', message: null, paymentId: payment._id };
      return HttpResponse.json(body);
    }),

    http.get<{ id: string }>('/api/payments/:id', ({ request, params }) => {
      record(request);
      const payment = state.payments.find((p) => p._id === params.id);
      if (!payment || !canSee(payment.customer)) return apiErrorResponse(404, 'Payment not found');
      return HttpResponse.json(payment);
    }),

    http.get('/api/payments', ({ request }) => {
      const url = record(request);
      const status = url.searchParams.get('status');
      const body: Payment[] = state.payments.filter(
        (payment) =>
          canSee(payment.customer) &&
          (!status || payment.status === status) &&
          inRange(payment.createdAt, url.searchParams.get('from'), url.searchParams.get('to')),
      );
      return HttpResponse.json(body);
    }),

    http.get('/api/bookings', ({ request }) => {
      const url = record(request);
      const status = url.searchParams.get('status');
      const when = url.searchParams.get('when') ?? 'all';
      const now = Date.now();
      const body: Booking[] = state.bookings
        .filter(
          (booking) =>
            canSee(booking.customer) &&
            // An unpaid checkout's bookings come only when asked for, as from the server.
            (status ? booking.status === status : booking.status !== 'pending') &&
            (when === 'all' || (when === 'upcoming' ? Date.parse(booking.endsAt) > now : Date.parse(booking.endsAt) <= now)) &&
            inRange(booking.startsAt, url.searchParams.get('from'), url.searchParams.get('to')),
        )
        .map(present);
      return HttpResponse.json(body);
    }),

    http.post<{ id: string }>('/api/bookings/:id/cancel', ({ request, params }) => {
      record(request);
      const booking = state.bookings.find((b) => b._id === params.id);
      if (!booking || !canSee(booking.customer)) return apiErrorResponse(404, 'Booking not found');
      if (!present(booking).canCancel) {
        return apiErrorResponse(
          409,
          booking.status === 'confirmed'
            ? `Bookings can be cancelled up to ${state.settings.cancelNoticeHours} hours before they start.`
            : 'Only a confirmed booking can be cancelled.',
        );
      }
      // The server's rule: a deposit is kept when she cancels late; otherwise what was paid online comes back.
      const inTime = mayStillChange(new Date(booking.startsAt), new Date(), state.settings.cancelNoticeHours);
      const refundMinor = cancellationRefundMinor(ledgerOf(booking), { by: isAdmin() ? 'salon' : 'customer', inTime });
      booking.status = 'cancelled';
      booking.refunded = fromMinorUnits(toMinorUnits(booking.refunded) + refundMinor);
      refigure(booking, refundMinor);
      const payment = state.payments.find((p) => p._id === booking.paymentId);
      if (payment && refundMinor > 0) {
        payment.refunded = fromMinorUnits(toMinorUnits(payment.refunded) + refundMinor);
        payment.status = payment.refunded >= payment.amount ? 'refunded' : 'partially_refunded';
      }
      return HttpResponse.json(present(booking));
    }),

    http.patch<{ id: string }>('/api/bookings/:id', async ({ request, params }) => {
      record(request);
      const booking = state.bookings.find((b) => b._id === params.id);
      if (!session.user) return apiErrorResponse(401, 'Please log in.');
      if (!booking || !canSee(booking.customer)) return apiErrorResponse(404, 'Booking not found');
      const parsed = moveBookingSchema.safeParse(await request.json());
      if (!parsed.success) return apiErrorResponse(400, 'Some fields are not valid', fieldIssues(parsed.error));
      if (!present(booking).canMove) {
        return apiErrorResponse(
          409,
          booking.status === 'confirmed'
            ? `Appointments can be moved up to ${state.settings.cancelNoticeHours} hours before they start.`
            : englishMessage(STATUS_REFUSALS.move, { status: booking.status }),
        );
      }
      const startsAt = new Date(parsed.data.startsAt).toISOString();
      if (state.taken.has(startsAt)) return apiErrorResponse(409, HOLD_TAKEN_MESSAGE);
      // Given to another stylist (one of the staff fake's, who performs the service), or kept.
      const { staffId } = parsed.data;
      const another = staffId === undefined ? undefined : stylists.find((s) => s._id === staffId && s.serviceIds.includes(booking.serviceId));
      if (staffId !== undefined && !another) return apiErrorResponse(400, 'That stylist does not do this service.', [{ path: 'staffId', message: 'That stylist does not do this service.' }]);
      // The buffer after the visit moves with it, as the server keeps it.
      const endsAt = Date.parse(startsAt) + booking.duration * 60_000;
      const buffer = booking.staffFreeAt === null ? null : Date.parse(booking.staffFreeAt) - Date.parse(booking.endsAt);
      Object.assign(booking, {
        startsAt,
        endsAt: new Date(endsAt).toISOString(),
        staffFreeAt: buffer === null && !another ? null : new Date(endsAt + (buffer ?? 0)).toISOString(),
        ...(another ? { staffId: another._id, staffName: another.name } : {}),
      });
      return HttpResponse.json(present(booking));
    }),

    http.post<{ id: string }>('/api/bookings/:id/counter-payments', async ({ request, params }) => {
      record(request);
      if (!session.user) return apiErrorResponse(401, 'Please log in.');
      if (!isAdmin()) return apiErrorResponse(403, 'Admins only.');
      const parsed = counterPaymentInputSchema.safeParse(await request.json());
      if (!parsed.success) return apiErrorResponse(400, 'Some fields are not valid', fieldIssues(parsed.error));
      const booking = state.bookings.find((b) => b._id === params.id);
      if (!booking) return apiErrorResponse(404, 'Booking not found');
      if (booking.status !== 'confirmed' && booking.status !== 'completed') return apiErrorResponse(409, `A ${booking.status} booking has nothing to pay.`);
      // What it owes now, as the server works it out under the booking's lock (bookingMoneyOf's due).
      const owedMinor = toMinorUnits(booking.money.due);
      if (owedMinor <= 0) return apiErrorResponse(409, 'This visit is paid in full.');
      const amountMinor = toMinorUnits(parsed.data.amount);
      if (amountMinor > owedMinor) {
        const owed = formatMoney(fromMinorUnits(owedMinor));
        return apiErrorResponse(409, `That is more than the visit owes: ${owed} is due.`, [{ path: 'amount', message: `At most ${owed}` }]);
      }
      refigure(booking, 0, [{ id: uuid('e0000000', ++nextCounter), amountMinor, method: parsed.data.method, at: new Date().toISOString() }]);
      return HttpResponse.json(present(booking));
    }),

    http.post<{ id: string }>('/api/bookings/:id/counter-refund/handed-back', ({ request, params }) => {
      record(request);
      if (!session.user) return apiErrorResponse(401, 'Please log in.');
      if (!isAdmin()) return apiErrorResponse(403, 'Admins only.');
      const booking = state.bookings.find((b) => b._id === params.id);
      if (!booking) return apiErrorResponse(404, 'Booking not found');
      const { handBack } = ledgerOf(booking);
      if (!handBack) return apiErrorResponse(404, 'This visit has no money to give back at the counter.');
      if (handBack.at !== null) return apiErrorResponse(409, 'This money was already given back at the counter.');
      booking.money = { ...booking.money, ...handBackFigures({ ...handBack, at: new Date().toISOString() }) };
      return HttpResponse.json(present(booking));
    }),

    http.post<{ id: string }>('/api/bookings/:id/no-show', ({ request, params }) => {
      record(request);
      if (!isAdmin()) return apiErrorResponse(403, 'Admins only.');
      const booking = state.bookings.find((b) => b._id === params.id);
      if (!booking) return apiErrorResponse(404, 'Booking not found');
      if (booking.status !== 'no-show' && !present(booking).canComplete) return apiErrorResponse(409, 'A booking can be marked a no-show once its time has come.');
      booking.status = 'no-show';
      refigure(booking);
      return HttpResponse.json(present(booking));
    }),

    http.post<{ id: string }>('/api/bookings/:id/complete', ({ request, params }) => {
      record(request);
      if (!isAdmin()) return apiErrorResponse(403, 'Admins only.');
      const booking = state.bookings.find((b) => b._id === params.id);
      if (!booking) return apiErrorResponse(404, 'Booking not found');
      if (!present(booking).canComplete) return apiErrorResponse(409, 'Only a confirmed booking that has started can be marked completed.');
      booking.status = 'completed';
      refigure(booking);
      return HttpResponse.json(present(booking));
    }),

    http.post<{ id: string }>('/api/bookings/:id/reopen', ({ request, params }) => {
      record(request);
      if (!isAdmin()) return apiErrorResponse(403, 'Admins only.');
      const booking = state.bookings.find((b) => b._id === params.id);
      if (!booking) return apiErrorResponse(404, 'Booking not found');
      if (booking.status !== 'completed' && booking.status !== 'no-show') return apiErrorResponse(409, englishMessage(STATUS_REFUSALS.reopen, { status: booking.status }));
      booking.status = 'confirmed';
      refigure(booking);
      return HttpResponse.json(present(booking));
    }),
  ];

  return { handlers, state };
}

/**
 * GET /api/availability offering 10:30 and 14:00 on Saturday 9 March 2030 (10:30 being the time of
 * bookingRecord(1)), for any service; answers which queries were asked, for moving a booking.
 */
export function saturdayFreeTimes(): string[] {
  const asked: string[] = [];
  server.use(
    http.get<PathParams, DefaultBodyType, Availability>('/api/availability', ({ request }) => {
      asked.push(new URL(request.url).search);
      return HttpResponse.json({ timeZone: 'Asia/Dhaka', slots: [SAT_9_MAR_2030_10_30, '2030-03-09T08:00:00.000Z'].map((startsAt) => ({ startsAt, staff: [] })) });
    }),
  );
  return asked;
}
