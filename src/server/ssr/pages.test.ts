/**
 * The server-rendered pages (docs/decisions/024): the HTML a visitor without JavaScript (or a
 * search engine) gets, built from the cached catalogue, reviews and settings, and renewed when
 * one of them changes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { prepareDatabase } from '../db/prepare.js';
import { rowsOf } from '../db/rows.js';
import { loadConfig, type AppConfig } from '../env.js';
import { createTestDatabase } from '../test/test-database.js';
import { signUp, signUpAdmin, type Account } from '../test/accounts.js';
import { asUser } from '../test/booking.js';
import { seedDemoHistory } from '../auth/demo-history.js';
import { sql } from 'drizzle-orm';
import type { App } from '../types.js';
import type { PageRenderer } from '../../shared/ssr.js';
import { DEFAULT_SALON_SETTINGS, type SalonSettings } from '../../shared/salon-settings.js';
import type { Review } from '../../shared/review.js';
import type { Service } from '../../shared/service.js';

const PUBLIC_URL = 'https://salon.example';
let app: App;
let config: AppConfig;
let admin: Account;
let drop: () => Promise<void>;
let renderer: PageRenderer;
let renders: ReturnType<typeof vi.fn>;
let database: Awaited<ReturnType<typeof createTestDatabase>>['database'];
let templateHtml: string;

beforeAll(async () => {
  // The source Vite bundles into dist/ssr, so the suite needs no build; the app itself only ever
  // loads the built file (plugins/client.ts).
  // eslint-disable-next-line import-x/no-restricted-paths -- see above
  const { renderer: built } = await import('../../client/entry-server.js');
  renders = vi.fn(built.render);
  renderer = { ...built, render: renders as unknown as PageRenderer['render'] };
  templateHtml = fs.readFileSync(path.resolve(import.meta.dirname, '../../../index.html'), 'utf8');
  const created = await createTestDatabase();
  drop = created.drop;
  database = created.database;
  await prepareDatabase(created.database, { seed: true });
  config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL });
  app = await buildApp({ config, database: created.database, clientDir: undefined, pages: { renderer, templateHtml } });
  await app.ready();
  admin = await signUpAdmin(app);
});
afterAll(async () => {
  await app.close();
  await drop();
});

const page = async (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });
const html = async (url: string) => (await page(url)).body;
const services = async () => (await app.inject({ url: '/api/service' })).json<Service[]>();

/** The JSON-LD of a page, parsed. */
function structuredData(body: string) {
  const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(body);
  expect(match, 'the page carries JSON-LD').not.toBeNull();
  return JSON.parse(match![1]!) as Record<string, unknown>;
}

/** The page's text as a visitor without JavaScript reads it (tags dropped, entities decoded). */
const textOf = (body: string) =>
  body
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

function write(method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object) {
  return app.inject({ method, url, headers: { origin: PUBLIC_URL, cookie: admin.cookie }, payload });
}

describe('the home page without JavaScript', () => {
  it('holds the 16 services with prices, the testimonials, the contact hours and its head', async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const text = textOf(res.body);

    const catalogue = await services();
    expect(catalogue).toHaveLength(16);
    for (const service of catalogue) expect(text).toContain(service.title);
    expect(text).toContain('৳15,000');
    const reviews = (await app.inject({ url: '/api/review' })).json<Review[]>();
    expect(reviews.length).toBeGreaterThan(0);
    // The carousel shows the first testimonial; the JSON-LD carries them all.
    expect(text).toContain(reviews[0]!.name);
    expect(text).toContain(reviews[0]!.feedback);
    expect(text).toMatch(/\d\.\d out of 5 from \d+ reviews/);
    const jsonLdReviews = structuredData(res.body).review as { author: { name: string }; reviewBody: string }[];
    expect(jsonLdReviews.map((r) => [r.author.name, r.reviewBody])).toEqual(reviews.map((r) => [r.name, r.feedback]));
    expect(text).toContain('Saturday – Thursday: 10:00 – 20:00');
    expect(text).toContain('Friday: Closed');
    expect(text).toContain(`© ${new Date().getUTCFullYear()} Parlour`);

    expect(res.body).toContain('<title>Parlour|Home</title>');
    expect(res.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/" />`);
    expect(res.body).toContain(`<meta property="og:url" content="${PUBLIC_URL}/" />`);
    expect(res.body).toContain(`<meta property="og:image" content="${PUBLIC_URL}/images/site/og-image.jpg" />`);
    expect(res.body).toMatch(/<meta name="description" content="Parlour is a beauty salon for women in Dhanmondi, Dhaka\./);
  });

  it('is drawn with its content, not placeholders: no skeleton and no loading state in the HTML of any public page', async () => {
    // A skeleton in the server's HTML shimmers on a phone's main thread until the scripts replace
    // it (Lighthouse counted 11 such animations), and shows a visitor without JavaScript nothing.
    for (const url of ['/', '/login', '/signup', '/forgot-password', '/about', '/team', '/terms', '/privacy', '/cookies', '/no-such-page']) {
      const body = (await page(url)).body;
      const root = body.slice(body.indexOf('<div id="root">'));
      expect(root, url).not.toMatch(/class="[^"]*\bskeleton\b/);
      expect(root, url).not.toContain('aria-busy="true"');
    }
    const text = textOf(await html('/'));
    for (const service of await services()) expect(text).toContain(service.title);
    expect(text).not.toMatch(/\bLoading\b/);
  });

  it('carries the salon as schema.org BeautySalon: address, phone, price range and the hours from the settings', async () => {
    const data = structuredData(await html('/'));
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BeautySalon',
      name: 'Parlour',
      url: PUBLIC_URL,
      telephone: '+880 1700-000000',
      address: { '@type': 'PostalAddress', streetAddress: 'House 12, Road 5, Dhanmondi', addressLocality: 'Dhaka', postalCode: '1205', addressCountry: 'BD' },
      openingHoursSpecification: [
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Saturday'],
          opens: '10:00',
          closes: '20:00',
        },
      ],
      aggregateRating: { '@type': 'AggregateRating', bestRating: 5 },
    });
    const prices = (await services()).map((s) => s.price);
    expect(data.priceRange).toBe(`৳${Math.min(...prices).toLocaleString('en-US')} – ৳${Math.max(...prices).toLocaleString('en-US')}`);
  });

  it('follows the admin: new opening hours are in the next HTML (JSON-LD and contact section)', async () => {
    await html('/');
    const settings: SalonSettings = {
      ...DEFAULT_SALON_SETTINGS,
      openingHours: [null, { open: '09:00', close: '18:00' }, { open: '09:00', close: '18:00' }, { open: '09:00', close: '18:00' }, { open: '09:00', close: '18:00' }, { open: '09:00', close: '18:00' }, { open: '10:00', close: '16:00' }],
    };
    expect((await write('PUT', '/api/settings', settings)).statusCode).toBe(200);

    const body = await html('/');
    expect(structuredData(body).openingHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '09:00', closes: '18:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '10:00', closes: '16:00' },
    ]);
    const text = textOf(body);
    expect(text).toContain('Monday – Friday: 09:00 – 18:00');
    expect(text).toContain('Saturday: 10:00 – 16:00');
    expect(text).toContain('Sunday: Closed');
    expect(text).not.toContain('Saturday – Thursday');
    expect((await write('PUT', '/api/settings', DEFAULT_SALON_SETTINGS)).statusCode).toBe(200);
  });

  it('shows a change to the catalogue in the next HTML, and renders once per change', async () => {
    await html('/');
    await html('/');
    renders.mockClear();
    expect(textOf(await html('/'))).not.toContain('Moonlight Hair Ritual');
    expect(renders, 'an unchanged catalogue is served from the cache').not.toHaveBeenCalled();

    const created = await write('POST', '/api/service', {
      title: 'Moonlight Hair Ritual',
      price: 3200,
      description: 'An evening of oils, steam and a slow scalp massage.',
      duration: 60,
      category: 'Hair',
      image_url: '/images/services/hair-spa.svg',
    });
    expect(created.statusCode).toBe(201);
    const [first, second] = await Promise.all([html('/'), html('/')]);
    expect(textOf(first)).toContain('Moonlight Hair Ritual');
    expect(second).toBe(first);
    expect(renders).toHaveBeenCalledTimes(1);
  });

  it('cannot be broken out of by what an admin or a customer types: no markup from data reaches the page unescaped', async () => {
    const hostile = 'Rose </script><script>alert(1)</script><!-- facial';
    const service = await write('POST', '/api/service', {
      title: hostile,
      price: 900,
      description: '<img src=x onerror=alert(2)>',
      duration: 30,
      category: 'Facial',
      image_url: '/images/services/hair-spa.svg',
    });
    expect(service.statusCode).toBe(201);
    // A customer's review goes into the JSON-LD and the testimonials.
    const customer = await signUp(app, { name: 'Mallory' });
    expect(await seedDemoHistory(app, customer.id)).toBe(2);
    const rows = await rowsOf<{ id: string }>(app.db, sql`select id from bookings where user_id = ${customer.id} limit 1`);
    const feedback = 'Lovely! </script><script>alert(3)</script> Really.';
    const review = await asUser(app, customer).post('/api/review', { bookingId: rows[0]!.id, rating: 5, feedback, role: '</script><b>x' });
    expect(review.statusCode, review.body).toBe(201);

    const body = await html('/');
    for (const injected of ['<script>alert(1)</script>', '<script>alert(3)</script>', '<img src=x', '<b>x']) expect(body).not.toContain(injected);
    // What was typed still arrives as it was typed: in the page's data and in the JSON-LD.
    const dataJson = /<script type="application\/json" id="parlour-page-data">(.*?)<\/script>/s.exec(body)![1]!;
    expect(JSON.stringify(JSON.parse(dataJson))).toContain(JSON.stringify(hostile).slice(1, -1));
    const jsonLdReviews = structuredData(body).review as { reviewBody: string }[];
    expect(jsonLdReviews.map((r) => r.reviewBody)).toContain(feedback);
    const scripts = body.match(/<script\b/g) ?? [];
    const templateScripts = fs.readFileSync(path.resolve(import.meta.dirname, '../../../index.html'), 'utf8').match(/<script\b/g) ?? [];
    // The template's module script, the page data and the JSON-LD: nothing more.
    expect(scripts).toHaveLength(templateScripts.length + 2);
  });
});

describe('testimonials in public', () => {
  it("sign each review with her first name and an initial: the full surname is nowhere in the page, its data or the API", async () => {
    const customer = await signUp(app, { name: '  Mimosa   Akhtaruzzaman ' });
    expect(await seedDemoHistory(app, customer.id)).toBe(2);
    const rows = await rowsOf<{ id: string }>(app.db, sql`select id from bookings where user_id = ${customer.id} limit 1`);
    const review = await asUser(app, customer).post('/api/review', { bookingId: rows[0]!.id, rating: 5, feedback: 'The kindest hands in Dhaka, truly.' });
    expect(review.statusCode, review.body).toBe(201);

    const api = await app.inject({ url: '/api/review' });
    expect(api.json<Review[]>().find((r) => r.feedback === 'The kindest hands in Dhaka, truly.')?.name).toBe('Mimosa A.');
    expect(api.body).not.toContain('Akhtaruzzaman');
    const body = await html('/');
    expect(body).toContain('Mimosa A.');
    expect(body).not.toContain('Akhtaruzzaman');
    const jsonLdReviews = structuredData(body).review as { author: { name: string }; reviewBody: string }[];
    expect(jsonLdReviews.find((r) => r.reviewBody === 'The kindest hands in Dhaka, truly.')?.author.name).toBe('Mimosa A.');
    // The salon still knows who wrote it.
    const managed = await asUser(app, admin).get('/api/admin/reviews');
    expect(managed.body).toContain('Akhtaruzzaman');
  });
});

describe('the other pages', () => {
  it('renders the log-in and sign-up pages with their forms and heads', async () => {
    const login = await page('/login');
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('<title>Log In | Parlour</title>');
    expect(login.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/login" />`);
    expect(textOf(login.body)).toContain('Sign in to access your account');
    expect(login.body).toMatch(/<input[^>]+type="password"/);
    const signup = await page('/signup');
    expect(signup.statusCode).toBe(200);
    expect(signup.body).toContain('<title>Sign Up | Parlour</title>');
    expect(textOf(signup.body)).toContain('Welcome to Parlour');
  });

  it("renders the log-in page's provider error from the address, and caches that apart", async () => {
    const plain = textOf(await html('/login'));
    const withError = textOf(await html('/login?error=access_denied&utm_source=ad'));
    expect(withError).not.toBe(plain);
    expect(await html('/login?utm_source=ad')).toBe(await html('/login'));
  });

  it('answers an unknown address with the 404 page, kept out of search results', async () => {
    const res = await page('/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<title>Page not found | Parlour</title>');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    expect(res.body).not.toContain('rel="canonical"');
    expect(textOf(res.body)).toContain('Page not found');
  });

  it.each([
    ['/about', 'About Parlour'],
    ['/team', 'Our team'],
    ['/terms', 'Terms and conditions'],
    ['/privacy', 'Privacy policy'],
    ['/cookies', 'Cookie policy'],
  ])('renders the footer page %s', async (url, heading) => {
    const res = await page(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
    expect(res.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}${url}" />`);
  });

  it('the Team page shows the active stylists from the database, with what they do and a link to book with each', async () => {
    const team = (await app.inject({ url: '/api/staff' })).json<{ _id: string; name: string; serviceIds: string[] }[]>();
    expect(team.map((s) => s.name)).toEqual(['Shirin Akter', 'Nasima Begum', 'Rupa Das', 'Mitu Rahman', 'Farhana Islam']);
    const text = textOf(await html('/team'));
    for (const member of team) expect(text).toContain(member.name);
    expect(text).toContain('Nourishing Hair Spa');
    const body = await html('/team');
    expect(body).toContain(`href="/?stylist=${team[0]!._id}#services"`);

    // Adding and retiring a stylist shows in the next HTML.
    const added = await write('POST', '/api/staff', { name: 'Sumaiya Khan', bio: 'Threading & brows.' });
    expect(added.statusCode, added.body).toBe(201);
    expect(textOf(await html('/team'))).toContain('Sumaiya Khan');
    const retired = await asUser(app, admin).delete(`/api/staff/${added.json<{ insertedId: string }>().insertedId}`);
    expect(retired.statusCode).toBe(200);
    expect(textOf(await html('/team'))).not.toContain('Sumaiya Khan');
  });

  it("'Book with her' renders the home page with only her services", async () => {
    const team = (await app.inject({ url: '/api/staff' })).json<{ _id: string; name: string; serviceIds: string[] }[]>();
    const mitu = team.find((s) => s.name === 'Mitu Rahman')!;
    const text = textOf(await html(`/?stylist=${mitu._id}`));
    expect(text).toContain('Services by Mitu Rahman');
    expect(text).toContain('Classic Manicure');
    expect(text).not.toContain('Bridal Makeup');
    // Another stylist's address is another page; a plain visit shows everything.
    expect(textOf(await html('/'))).toContain('Bridal Makeup');
  });

  it('the terms name the cancellation notice from the settings', async () => {
    expect(textOf(await html('/terms'))).toContain(`up to ${DEFAULT_SALON_SETTINGS.cancelNoticeHours} hours before it starts`);
  });

  it('leaves the dashboards to the browser: the template with the site data, no markup, not indexed', async () => {
    const res = await page('/dashboard/userhome');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    const data = JSON.parse(/<script type="application\/json" id="parlour-page-data">(.*?)<\/script>/s.exec(res.body)![1]!) as Record<string, unknown>;
    expect(data).toEqual({ site: { publicUrl: PUBLIC_URL, year: expect.any(Number) as number, latinDigits: false }, queries: [] });
  });

  it('keeps API addresses and files out of the page handler', async () => {
    const api = await page('/api/no-such-thing');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ statusCode: 404 });
    expect((await page('/missing.png')).statusCode).toBe(404);
  });
});

describe('sending pages', () => {
  it('sends the brotli or gzip copy the browser takes, and 304 to a browser that has the page', async () => {
    const plain = await page('/');
    const br = await page('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gz = await page('/', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    expect(br.headers.vary).toContain('accept-encoding');
    expect(plain.headers['cache-control']).toBe('no-cache');

    const etag = String(plain.headers.etag);
    const again = await page('/', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves robots.txt and sitemap.xml for the public pages at PUBLIC_URL', async () => {
    const robots = await page('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Disallow: /dashboard');
    expect(robots.body).toContain('Disallow: /bn/dashboard');
    expect(robots.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    const sitemap = await page('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locations = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locations).toEqual(
      ['/', '/bn/', '/about', '/bn/about', '/team', '/bn/team', '/terms', '/bn/terms', '/privacy', '/bn/privacy', '/cookies', '/bn/cookies'].map(
        (p) => `${PUBLIC_URL}${p}`,
      ),
    );
  });
});

describe('the pages in Bangla (decision 047)', () => {
  /** The catalogues a page hands to the browser, by language and namespace. */
  const catalogues = (body: string) => {
    const match = /<script type="application\/json" id="parlour-page-data">(.*?)<\/script>/s.exec(body);
    expect(match, 'the page carries its data').not.toBeNull();
    return (JSON.parse(match![1]!) as { i18n?: { language: string; resources: Record<string, Record<string, unknown>> } }).i18n;
  };

  it('renders /bn/… in Bangla, with <html lang="bn">, its own canonical URL and the hreflang alternates of both languages', async () => {
    const res = await page('/bn/team');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^<!DOCTYPE html>\s*<html lang="bn">/);
    expect(res.body).toContain('<title>আমাদের টিম | Parlour</title>');
    expect(res.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/bn/team" />`);
    expect(res.body).toContain(`<link rel="alternate" hreflang="en" href="${PUBLIC_URL}/team" />`);
    expect(res.body).toContain(`<link rel="alternate" hreflang="bn" href="${PUBLIC_URL}/bn/team" />`);
    expect(res.body).toContain(`<link rel="alternate" hreflang="x-default" href="${PUBLIC_URL}/team" />`);
    expect(res.body).toContain('<meta property="og:locale" content="bn_BD" />');
    const text = textOf(res.body);
    expect(text).toContain('হোম');
    expect(text).toContain('আমাদের সেবা');
    expect(text).not.toContain('Contact Us');
    // The footer's year in Bengali digits.
    expect(text).toMatch(/© [০-৯]{4} Parlour। সর্বস্বত্ব সংরক্ষিত।/);
    // The switch leads to the same page in English.
    expect(res.body).toMatch(/<a href="\/team" hrefLang="en"/);
  });

  it('renders the English page as before, with lang="en" and a switch to the same page in Bangla', async () => {
    const res = await page('/team');
    expect(res.body).toMatch(/^<!DOCTYPE html>\s*<html lang="en">/);
    expect(res.body).toContain('<title>Our team | Parlour</title>');
    expect(res.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/team" />`);
    expect(textOf(res.body)).toContain('Contact Us');
    expect(res.body).toMatch(/<a href="\/bn\/team" hrefLang="bn"/);
  });

  it("hands the browser only the page's own language's catalogues", async () => {
    const bangla = catalogues(await html('/bn/about'));
    expect(bangla?.language).toBe('bn');
    expect(Object.keys(bangla?.resources ?? {})).toEqual(['bn']);
    expect(bangla?.resources.bn).toHaveProperty('common');
    const english = catalogues(await html('/about'));
    expect(english?.language).toBe('en');
    expect(Object.keys(english?.resources ?? {})).toEqual(['en']);
  });

  it('renders the terms and the privacy policy in Bangla: the notice from the settings in Bengali digits, the address to write to as written', async () => {
    const terms = textOf(await html('/bn/terms'));
    expect(terms).toContain('শর্তাবলি');
    const hours = new Intl.NumberFormat('bn-BD').format(DEFAULT_SALON_SETTINGS.cancelNoticeHours);
    expect(terms).toContain(`অ্যাপয়েন্টমেন্ট শুরুর ${hours} ঘণ্টা আগে পর্যন্ত`);
    const privacy = await html('/bn/privacy');
    expect(textOf(privacy)).toContain('গোপনীয়তা নীতি');
    // The rights paragraph's address (the contact line at the foot has its own).
    expect(privacy).toMatch(/<a href="mailto:[^"]+" translate="no"[^>]*>[^<]+<\/a> ঠিকানায় লিখুন/);
    expect(privacy).toMatch(/<a[^>]* href="\/bn\/cookies"[^>]*>কুকি নীতি<\/a>/);
  });

  it('answers an unknown Bangla address with the Bangla 404 page', async () => {
    const res = await page('/bn/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<html lang="bn">');
    expect(textOf(res.body)).toContain('পেজটি পাওয়া যায়নি');
  });

  it("opens '/' in the language the visitor chose, else the first of ours her browser asks for", async () => {
    const asks = async (headers: Record<string, string>) => {
      const res = await page('/?stylist=x', headers);
      expect(res.headers.vary).toMatch(/cookie/);
      expect(res.headers.vary).toMatch(/accept-language/);
      return res.statusCode === 302 ? res.headers.location : res.statusCode;
    };
    expect(await asks({ 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.8' })).toBe('/bn/?stylist=x');
    expect(await asks({ 'accept-language': 'fr-FR, bn;q=0.5' })).toBe('/bn/?stylist=x');
    expect(await asks({ 'accept-language': 'en-GB,en;q=0.9,bn;q=0.8' })).toBe(200);
    expect(await asks({ 'accept-language': 'fr-FR' })).toBe(200);
    expect(await asks({})).toBe(200);
    // Her own choice wins over her browser's.
    expect(await asks({ 'accept-language': 'bn', cookie: 'parlour_lang=en' })).toBe(200);
    expect(await asks({ 'accept-language': 'en', cookie: 'other=1; parlour_lang=bn' })).toBe('/bn/?stylist=x');
    // Anything else in the cookie is no choice.
    expect(await asks({ 'accept-language': 'en', cookie: 'parlour_lang=fr' })).toBe(200);
  });

  it("keeps a customer's choice on her account: '/' opens in it on a browser that never chose, and only for her", async () => {
    const her = await signUp(app);
    const other = await signUp(app);
    const choose = (cookie: string, language: unknown) =>
      app.inject({ method: 'PUT', url: '/api/me/language', headers: { cookie, origin: PUBLIC_URL }, payload: { language } });
    const home = (cookie: string) => page('/', { cookie, 'accept-language': 'en' });

    expect((await app.inject({ method: 'PUT', url: '/api/me/language', headers: { origin: PUBLIC_URL }, payload: { language: 'bn' } })).statusCode).toBe(401);
    const refused = await choose(her.cookie, 'fr');
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ issues: { path: string }[] }>().issues.map((issue) => issue.path)).toEqual(['language']);
    expect((await home(her.cookie)).statusCode).toBe(200);

    const saved = await choose(her.cookie, 'bn');
    expect(saved.statusCode).toBe(204);
    // This browser remembers it too.
    expect(saved.headers['set-cookie']).toMatch(/^parlour_lang=bn; Path=\/; Max-Age=31536000; SameSite=Lax/);
    const opened = await home(her.cookie);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/bn/');
    // Another customer, and a browser's own later choice, are not moved by it.
    expect((await home(other.cookie)).statusCode).toBe(200);
    expect((await home(`${her.cookie}; parlour_lang=en`)).statusCode).toBe(200);

    expect((await choose(her.cookie, 'en')).statusCode).toBe(204);
    expect((await home(her.cookie)).statusCode).toBe(200);
  });
});

describe('the built site beside the pages', () => {
  it('sends the build\'s brotli copies of assets, caches hashed ones for a year, and never the bare template', async () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlour-client-'));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), templateHtml);
    const script = 'console.log("hydrate");'.repeat(100);
    fs.writeFileSync(path.join(clientDir, 'assets/index-abc123.js'), script);
    fs.writeFileSync(path.join(clientDir, 'assets/index-abc123.js.br'), brotliCompressSync(script));
    const site = await buildApp({ config, database, clientDir, pages: { renderer, templateHtml } });
    try {
      const asset = await site.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-encoding']).toBe('br');
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(script);
      expect((await site.inject({ url: '/index.html' })).statusCode).toBe(404);
      const home = await site.inject({ url: '/' });
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain('<title>Parlour|Home</title>');
    } finally {
      await site.close();
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
  });
});
