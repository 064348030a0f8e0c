/**
 * The deployment check's load generator: customers who sign in, browse and book (booking list,
 * hold, test-gateway checkout) and visitors reading the catalogue and the home page, all through
 * the proxy. It records every request's answer and time, and every booking the server said was
 * paid, so that the check can compare what customers were told with the database afterwards.
 *
 * Each customer connects from her own loopback address (127.0.1.N): the proxy replaces
 * X-Forwarded-For with the address it sees, as a deployment's proxy must, and the app's
 * per-address limits (sign-in, sign-up) count each customer apart, as they would count real ones.
 * Requests are bounded (REQUEST_TIMEOUT_MS): a hang is recorded as a failure, not waited for.
 */
import http from 'node:http';

export const REQUEST_TIMEOUT_MS = 15_000;
/** A pause between one customer's requests: the machine also runs two instances, PostgreSQL and the proxy. */
const THINK_MS = 15;
const PASSWORD = 'Deploy-check-123';

export type RequestRecord = {
  /** Date.now() when the request was sent. */
  at: number;
  ms: number;
  kind: string;
  /** 0: no answer (refused, reset, timed out). */
  status: number;
  /** The answer a working server gives this step (201 for an add, 200 otherwise; a taken time's 409 too). */
  expected: boolean;
  /** A 503 in the app's error shape (JSON, Retry-After) rather than the proxy's own. */
  fromApp: boolean;
  error?: string;
};

export type Acknowledged = { email: string; paymentId: string; cartItemId: string; startsAt: string; at: number };

type Service = { _id: string; price: number; duration: number };
type Answer = { status: number; body: string; headers: http.IncomingHttpHeaders };

export type LoadOptions = { baseUrl: string; origin: string; customers: number; visitors: number; timeZone: string; horizonDays: number };

export class LoadGenerator {
  readonly records: RequestRecord[] = [];
  readonly acknowledged: Acknowledged[] = [];
  /** Checkouts whose confirmation got no clear answer: the customer does not know whether she paid. */
  readonly unknownOutcomes: { email: string; paymentId: string; at: number }[] = [];
  /** Paid bookings that her next read of her appointments did not show. */
  readonly notShown: Acknowledged[] = [];
  private stopping = false;
  private running: Promise<void>[] = [];
  private services: Service[] = [];

  constructor(private readonly options: LoadOptions) {}

  static customerEmail(i: number) {
    return `deploy-check-${i}@example.com`;
  }

  /** Signs the customers up (each from her own address) and reads the catalogue once. */
  async prepare(): Promise<void> {
    for (let i = 0; i < this.options.customers; i += 1) {
      const res = await this.send(new Client(i), 'sign-up', 'POST', '/api/auth/sign-up/email', { name: `Deploy check ${i}`, email: LoadGenerator.customerEmail(i), password: PASSWORD, image: '/images/reviews/nusrat.svg' });
      if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${res.body.slice(0, 200)}`);
    }
    const catalogue = await this.send(undefined, 'catalogue', 'GET', '/api/service');
    this.services = (JSON.parse(catalogue.body) as Service[]).filter((s) => s.price > 0);
    this.records.length = 0;
  }

  start(): void {
    for (let i = 0; i < this.options.customers; i += 1) this.running.push(this.customer(new Client(i), i));
    for (let i = 0; i < this.options.visitors; i += 1) this.running.push(this.visitor(new Client(200 + i)));
  }

  /** Stops starting new steps and waits for the ones in flight. */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.running);
  }

  private async visitor(client: Client) {
    while (!this.stopping) {
      await this.send(client, 'catalogue', 'GET', '/api/service');
      await this.send(client, 'home page', 'GET', '/');
      await this.send(client, 'settings', 'GET', '/api/settings');
      await this.send(client, 'team', 'GET', '/api/staff');
    }
  }

  /**
   * One customer: signs in (again every thirty bookings, as a returning customer does: every six,
   * on an idle machine she met the sign-in limit of 20 a minute), looks at the catalogue, her list and a day's free times, books one visit and pays for it, then finds it
   * among her appointments. Customer i books on days i+1, i+1+N, ... so that customers never race
   * for a time: any refusal is the server's, not the calendar's.
   */
  private async customer(client: Client, i: number) {
    const email = LoadGenerator.customerEmail(i);
    let day = i + 1;
    let notBefore = 0;
    let round = 0;
    while (!this.stopping && day <= this.options.horizonDays) {
      if (round % 30 === 0) {
        const wait = await this.signIn(client, email);
        if (wait > 0) {
          await pause(wait);
          continue;
        }
      }
      round += 1;
      const service = this.services[round % this.services.length]!;
      const date = salonDate(day, this.options.timeZone);
      const [catalogue, list, free] = [
        await this.send(client, 'catalogue', 'GET', '/api/service'),
        await this.send(client, 'booking list', 'GET', '/api/cart'),
        await this.send(client, 'availability', 'GET', `/api/availability?serviceId=${service._id}&date=${date}`),
      ];
      if (catalogue.status !== 200 || list.status !== 200 || free.status !== 200) {
        await pause(250);
        continue;
      }
      // What an interrupted checkout left on her list (the database was away) goes first.
      for (const left of JSON.parse(list.body) as { _id: string }[]) await this.send(client, 'remove', 'DELETE', `/api/cart/${left._id}`);
      const slot = (JSON.parse(free.body) as { slots: { startsAt: string }[] }).slots.find((s) => Date.parse(s.startsAt) >= notBefore);
      if (!slot) {
        day += this.options.customers;
        notBefore = 0;
        continue;
      }
      const outcome = await this.book(client, email, service, slot.startsAt, date);
      if (outcome === 'taken' || outcome === 'booked') notBefore = Date.parse(slot.startsAt) + service.duration * 60_000;
      if (outcome === 'failed') await pause(250);
    }
  }

  /**
   * Signs her in; answers how long to wait before trying again (0: signed in). A real client backs
   * off as the sign-in limit asks (429 with Retry-After): retried every 250 ms through an outage, the
   * customers kept the limit's window open and never signed in again (found on an idle machine,
   * where they book faster and sign in more often).
   */
  private async signIn(client: Client, email: string): Promise<number> {
    client.cookies.clear();
    const res = await this.send(client, 'sign-in', 'POST', '/api/auth/sign-in/email', { email, password: PASSWORD });
    if (res.status === 200) return 0;
    if (res.status === 429) return Math.min(60, Number(res.headers['retry-after'] ?? 5) || 5) * 1000;
    return 1000;
  }

  private async book(client: Client, email: string, service: Service, startsAt: string, date: string): Promise<'booked' | 'taken' | 'failed'> {
    const add = await this.send(client, 'add to list', 'POST', '/api/cart', { cartItemId: service._id });
    if (add.status !== 201) return 'failed';
    const cartItemId = (JSON.parse(add.body) as { insertedId: string }).insertedId;
    const hold = await this.send(client, 'hold', 'PATCH', `/api/cart/${cartItemId}`, { startsAt });
    if (hold.status === 409) return 'taken';
    if (hold.status !== 200) return 'failed';
    const intent = await this.send(client, 'payment intent', 'POST', '/api/create-payment-intent', { price: service.price });
    if (intent.status !== 200) return 'failed';
    const { clientSecret, paymentId } = JSON.parse(intent.body) as { clientSecret: string; paymentId: string };
    const at = Date.now();
    const paid = await this.send(client, 'pay', 'POST', '/api/payments/test/confirm', { clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' });
    if (paid.status !== 200) {
      this.unknownOutcomes.push({ email, paymentId, at });
      return 'failed';
    }
    const result = JSON.parse(paid.body) as { status: string };
    if (result.status !== 'succeeded') throw new Error(`the test card was not taken: ${paid.body}`);
    const acknowledged = { email, paymentId, cartItemId, startsAt, at: Date.now() };
    this.acknowledged.push(acknowledged);
    const mine = await this.send(client, 'appointments', 'GET', `/api/bookings?from=${date}&to=${date}`);
    if (mine.status === 200 && !(JSON.parse(mine.body) as { paymentId: string }[]).some((b) => b.paymentId === paymentId)) this.notShown.push(acknowledged);
    return 'booked';
  }

  /** One request through the proxy, recorded; `client` undefined: an anonymous one-off. */
  private async send(client: Client | undefined, kind: string, method: string, path: string, body?: object): Promise<Answer> {
    const at = Date.now();
    const began = performance.now();
    const expectedStatus = method === 'POST' && path === '/api/cart' ? 201 : 200;
    let answer: Answer;
    try {
      answer = await (client ?? new Client(250)).request(this.options.baseUrl, this.options.origin, method, path, body);
    } catch (err) {
      this.records.push({ at, ms: performance.now() - began, kind, status: 0, expected: false, fromApp: false, error: err instanceof Error ? err.message : String(err) });
      return { status: 0, body: '', headers: {} };
    }
    const fromApp = String(answer.headers['content-type'] ?? '').startsWith('application/json') && answer.headers['x-request-id'] !== undefined;
    const expected = answer.status === expectedStatus || (kind === 'hold' && answer.status === 409);
    this.records.push({ at, ms: performance.now() - began, kind, status: answer.status, expected, fromApp });
    if (!this.stopping) await pause(THINK_MS);
    return answer;
  }
}

/** A browser of one customer: her own source address, her keep-alive connections and her cookies. */
class Client {
  readonly cookies = new Map<string, string>();
  private readonly agent: http.Agent;
  private readonly localAddress: string;

  constructor(n: number) {
    this.localAddress = `127.0.1.${n + 1}`;
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  }

  request(baseUrl: string, origin: string, method: string, path: string, body?: object): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const url = new URL(path, baseUrl);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method,
          agent: this.agent,
          localAddress: this.localAddress,
          timeout: REQUEST_TIMEOUT_MS,
          headers: {
            origin,
            accept: path.startsWith('/api') ? 'application/json' : 'text/html',
            ...(this.cookies.size > 0 && { cookie: [...this.cookies.values()].join('; ') }),
            ...(payload !== undefined && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            this.keepCookies(res.headers['set-cookie'] ?? []);
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers });
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer in ${REQUEST_TIMEOUT_MS} ms`)));
      req.on('error', reject);
      req.end(payload);
    });
  }

  private keepCookies(lines: string[]) {
    for (const line of lines) {
      const pair = line.split(';')[0]!;
      const name = pair.slice(0, pair.indexOf('='));
      if (pair.endsWith('=') || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, pair);
    }
  }
}

/** The salon's calendar date `days` from now, as the availability list takes it. */
function salonDate(days: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + days * 86_400_000));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
