import { http, HttpResponse, type DefaultBodyType, type PathParams } from 'msw';
import { staffListSchema, type Staff } from '@shared/staff';
import { services } from './fixtures';

const [manicure, facial] = services as [(typeof services)[number], (typeof services)[number]];

/**
 * Two stylists who do different things, checked against the shared schema: Mim does manicures
 * and facials and has a photo; Rumana does facials only and has none (her initials are drawn).
 * Nobody does the keratin treatment, so it is booked without a choice of stylist.
 */
export const stylists: Staff[] = staffListSchema.parse([
  {
    _id: '3f1b0c2a-2222-4aaa-8bbb-000000000001',
    name: 'Mim Chowdhury',
    photo_url: '/images/reviews/farhana.svg',
    bio: 'Nails and skin.',
    serviceIds: [manicure._id, facial._id],
  },
  {
    _id: '3f1b0c2a-2222-4aaa-8bbb-000000000002',
    name: 'Rumana Akter',
    photo_url: null,
    bio: 'Facials.',
    serviceIds: [facial._id],
  },
]);

export const [mim, rumana] = stylists as [Staff, Staff];

/** GET /api/staff answering with the given (active) stylists, in the Team page's order. */
export function staffHandler(list: readonly Staff[] = stylists) {
  return http.get<PathParams, DefaultBodyType, Staff[]>('/api/staff', () => HttpResponse.json([...list]));
}
