import { z } from 'zod';

/** One shape for every failure the API returns (conventions.md). */
export const fieldIssueSchema = z.object({
  path: z.string().describe('Dotted path of the field, e.g. "price"'),
  message: z.string(),
});

export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  issues: z.array(fieldIssueSchema).optional(),
});

export type FieldIssue = z.infer<typeof fieldIssueSchema>;
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Error responses every route may produce; spread into a route's `response` map. */
export const errorResponses = {
  400: apiErrorSchema,
  404: apiErrorSchema,
  500: apiErrorSchema,
} as const;

/** The answers of a route behind a sign-in or admin check, which may also refuse with 409. */
export const guardedErrorResponses = { ...errorResponses, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema } as const;

const reasonPhrases: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The `error` field of the error shape for a status code. */
export function reasonPhrase(statusCode: number): string {
  return reasonPhrases[statusCode] ?? (statusCode >= 500 ? 'Internal Server Error' : 'Error');
}

/**
 * A zod failure as the error shape's field issues (`path` dotted, as the forms name fields). An
 * object's unknown fields, one issue in zod, are one issue each here, at the field's own path.
 */
export function fieldIssuesOf(error: z.ZodError): FieldIssue[] {
  return error.issues.flatMap((issue) => {
    const path = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') return issue.keys.slice(0, 20).map((key) => ({ path: [...path, key].join('.'), message: issue.message }));
    return [{ path: path.join('.'), message: issue.message }];
  });
}
