import { http, HttpResponse, type DefaultBodyType, type PathParams } from 'msw';
import { adminSummaryQuerySchema, type AdminSummary } from '@shared/admin-summary';
import { fieldIssuesOf, type ApiError } from '@shared/errors';
import { addCalendarDays } from '@shared/calendar';

/** A period in which nothing happened: zeros, one entry per date, as the server answers. */
export function quietSummary(from: string, to: string): AdminSummary {
  const byDay: AdminSummary['byDay'] = [];
  for (let date = from; date <= to; date = addCalendarDays(date, 1)) byDay.push({ date, bookings: 0, revenue: 0 });
  return {
    bookings: 0,
    revenue: 0,
    paidOnline: 0,
    paidAtSalon: 0,
    depositsKept: 0,
    dueUpcoming: 0,
    duePast: 0,
    refunds: 0, averagePerVisit: 0, cancellations: 0, noShows: 0, newCustomers: 0, utilisation: 0, topServices: [], byStylist: [], byDay };
}

/**
 * GET /api/admin/summary answered by `answer` for the period asked (a quiet one by default);
 * `requests` records each period that reached it, valid or not.
 */
export function adminSummaryHandler(answer: (period: { from: string; to: string }) => AdminSummary | Response = ({ from, to }) => quietSummary(from, to)) {
  const requests: { from: string; to: string }[] = [];
  const handler = http.get<PathParams, DefaultBodyType, AdminSummary | ApiError>('/api/admin/summary', ({ request }) => {
    const search = new URL(request.url).searchParams;
    requests.push({ from: search.get('from') ?? '', to: search.get('to') ?? '' });
    // Refused as the server refuses it, with the same schema.
    const period = adminSummaryQuerySchema.safeParse(Object.fromEntries(search));
    if (!period.success) {
      const refusal: ApiError = { statusCode: 400, error: 'Bad Request', message: 'Check the highlighted fields.', issues: fieldIssuesOf(period.error) };
      return HttpResponse.json(refusal, { status: 400 });
    }
    const body = answer(period.data);
    return body instanceof Response ? (body as HttpResponse<AdminSummary | ApiError>) : HttpResponse.json(body);
  });
  return { requests, handler };
}
