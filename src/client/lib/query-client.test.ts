import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api-client';
import { retryDelay, shouldRetryQuery } from './query-client';

const apiError = (statusCode: number) => new ApiRequestError({ statusCode, error: 'Error', message: 'failed' });

describe('query retry rules', () => {
  it('retries a server or network failure up to 3 times', () => {
    for (const error of [apiError(500), apiError(0), new Error('boom')]) {
      expect([0, 1, 2, 3].map((failures) => shouldRetryQuery(failures, error))).toEqual([true, true, true, false]);
    }
  });

  it('does not retry a refusal, except a timeout or rate limit', () => {
    expect(shouldRetryQuery(0, apiError(400))).toBe(false);
    expect(shouldRetryQuery(0, apiError(401))).toBe(false);
    expect(shouldRetryQuery(0, apiError(404))).toBe(false);
    expect(shouldRetryQuery(0, apiError(408))).toBe(true);
    expect(shouldRetryQuery(0, apiError(429))).toBe(true);
  });

  it('backs off from 1 s, doubling, up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
