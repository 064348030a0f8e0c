import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { serviceListSchema } from '@shared/service';
import { apiErrorResponse } from '../test/handlers';
import { services } from '../test/fixtures';
import { server } from '../test/server';
import bnCommon from '@shared/i18n/locales/bn/common.json';
import bnErrors from '@shared/i18n/locales/bn/errors.json';
import { speakBangla, speakEnglish } from '@/test/bangla';
import { createI18n } from './i18n';
import { apiClient, ApiRequestError, NETWORK_ERROR_MESSAGE } from './api-client';

describe('apiClient', () => {
  it('sends the session cookie and JSON, and returns the parsed body', async () => {
    let seen: { credentials: RequestCredentials; contentType: string | null; body: unknown } | undefined;
    server.use(
      http.post('/api/contact', async ({ request }) => {
        seen = { credentials: request.credentials, contentType: request.headers.get('content-type'), body: await request.json() };
        return HttpResponse.json({ insertedId: 'abc' }, { status: 201 });
      }),
    );

    await expect(apiClient.post('/api/contact', { hello: 'world' })).resolves.toEqual({ insertedId: 'abc' });
    expect(seen).toEqual({ credentials: 'include', contentType: 'application/json', body: { hello: 'world' } });
  });

  it('parses the response with the given schema', async () => {
    server.use(http.get('/api/service', () => HttpResponse.json(services)));
    await expect(apiClient.get('/api/service', { schema: serviceListSchema })).resolves.toEqual(services);
  });

  it('reports a response that does not match the schema as an ApiRequestError', async () => {
    server.use(http.get('/api/service', () => HttpResponse.json([{ title: 'no id' }])));
    const error = await apiClient.get('/api/service', { schema: serviceListSchema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ statusCode: 200, error: 'Invalid Response' });
  });

  it('turns an API error body into an ApiRequestError with its fields', async () => {
    server.use(
      http.post('/api/contact', () =>
        apiErrorResponse(400, 'Please check the form', [{ path: 'email', message: 'Enter a valid email address' }]),
      ),
    );
    const error = await apiClient.post('/api/contact', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Please check the form',
      issues: [{ path: 'email', message: 'Enter a valid email address' }],
    });
  });

  it("keeps the machine-readable code some answers add (the sign-in endpoints')", async () => {
    server.use(
      http.post('/api/auth/reset-password', () =>
        HttpResponse.json(
          { statusCode: 400, error: 'Bad Request', message: 'This reset link is invalid or has expired. Ask for a new one.', code: 'INVALID_TOKEN' },
          { status: 400 },
        ),
      ),
    );
    const error = await apiClient.post('/api/auth/reset-password', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 400, code: 'INVALID_TOKEN' });
    server.use(http.post('/api/contact', () => apiErrorResponse(400, 'Please check the form')));
    expect(await apiClient.post('/api/contact', {}).catch((e: unknown) => e)).toMatchObject({ code: undefined });
  });

  it('gives a readable message when the error body is not in the API shape', async () => {
    server.use(http.get('/api/review', () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
    const error = await apiClient.get('/api/review').catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 502, message: 'Something went wrong on our side. Please try again in a moment.' });
  });

  it('turns a network failure into statusCode 0 with a plain message', async () => {
    server.use(http.get('/api/review', () => HttpResponse.error()));
    const error = await apiClient.get('/api/review').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ statusCode: 0, message: NETWORK_ERROR_MESSAGE });
  });

  it("writes its own messages in the page's language (Bangla on a Bangla page)", async () => {
    speakBangla();
    try {
      server.use(http.get('/api/review', () => HttpResponse.error()), http.get('/api/services', () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
      expect(await apiClient.get('/api/review').catch((e: unknown) => e)).toMatchObject({
        statusCode: 0,
        message: 'সার্ভারের সাথে যোগাযোগ করা যাচ্ছে না। আপনার ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।',
      });
      expect(await apiClient.get('/api/services').catch((e: unknown) => e)).toMatchObject({ statusCode: 502, message: expect.not.stringMatching(/[A-Za-z]/) });
    } finally {
      speakEnglish();
    }
  });

  it("fetches the errors catalogue for its message when the page has not (the Bangla home page has only 'common')", async () => {
    const fetched: string[] = [];
    createI18n('bn', { bn: { common: bnCommon } }, (language, namespace) => {
      fetched.push(`${language}/${namespace}`);
      return Promise.resolve(namespace === 'errors' ? bnErrors : {});
    });
    try {
      server.use(http.get('/api/review', () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
      expect(await apiClient.get('/api/review').catch((e: unknown) => e)).toMatchObject({
        statusCode: 502,
        message: bnErrors['Something went wrong on our side. Please try again in a moment.'],
      });
      expect(fetched).toEqual(['bn/errors']);
    } finally {
      speakEnglish();
    }
  });
});
