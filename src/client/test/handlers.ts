import { http, HttpResponse, type DefaultBodyType, type PathParams } from 'msw';
import type { ApiError, FieldIssue } from '../../shared/errors';
import type { Review } from '../../shared/review';
import type { Service } from '../../shared/service';
import { reviews as defaultReviews, services as defaultServices } from './fixtures';

/** GET /api/service answering with the given services. */
export function servicesHandler(data: Service[] = defaultServices) {
  return http.get<PathParams, DefaultBodyType, Service[]>('/api/service', () => HttpResponse.json(data));
}

/** GET /api/review answering with the given reviews. */
export function reviewsHandler(data: Review[] = defaultReviews) {
  return http.get<PathParams, DefaultBodyType, Review[]>('/api/review', () => HttpResponse.json(data));
}

/** A response in the API's one error shape. */
export function apiErrorResponse(statusCode: number, message: string, issues?: FieldIssue[]) {
  const error: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    500: 'Internal Server Error',
    503: 'Service Unavailable',
  };
  const body: ApiError = { statusCode, error: error[statusCode] ?? 'Error', message, ...(issues ? { issues } : {}) };
  return HttpResponse.json(body, { status: statusCode });
}
