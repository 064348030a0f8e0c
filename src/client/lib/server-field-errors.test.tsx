import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api-client';
import { applyServerFieldErrors, fieldsNamed } from './server-field-errors';

type Values = { name: string; email: string };

const refusal = new ApiRequestError({
  statusCode: 400,
  error: 'Bad Request',
  message: 'Check the highlighted fields',
  issues: [
    { path: 'email', message: 'Enter a valid email address' },
    { path: 'photo_url', message: 'Not on this form' },
    { path: 'name', message: 'Name is required' },
  ],
});

describe('applyServerFieldErrors', () => {
  it("puts each problem under the field it names and skips the fields the form does not have", () => {
    const { result } = renderHook(() => useForm<Values>({ defaultValues: { name: '', email: '' } }));
    let placed = 0;
    act(() => {
      placed = applyServerFieldErrors(refusal, result.current.setError, fieldsNamed<Values>('name', 'email'));
    });
    expect(placed).toBe(2);
    expect(result.current.getFieldState('email').error?.message).toBe('Enter a valid email address');
    expect(result.current.getFieldState('name').error?.message).toBe('Name is required');
    expect(result.current.getFieldState('email').error?.type).toBe('server');
  });

  it('maps the API\'s names onto the form\'s, and places nothing for an error that is not a refusal', () => {
    const { result } = renderHook(() => useForm<Values>({ defaultValues: { name: '', email: '' } }));
    act(() => {
      expect(applyServerFieldErrors(new Error('offline'), result.current.setError, fieldsNamed<Values>('name'))).toBe(0);
      expect(applyServerFieldErrors(refusal, result.current.setError, (path) => (path === 'photo_url' ? 'name' : undefined))).toBe(1);
    });
    expect(result.current.getFieldState('name').error?.message).toBe('Not on this form');
    expect(result.current.getFieldState('email').error).toBeUndefined();
  });
});
