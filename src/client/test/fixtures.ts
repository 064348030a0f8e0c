import { reviewListSchema, type Review } from '@shared/review';
import { serviceListSchema, type Service } from '@shared/service';
import { sessionSchema, userListSchema, type Session, type SessionUser, type User } from '@shared/user';

// Parsed with the shared schemas so a fixture can never drift from the API contract.
export const services: Service[] = serviceListSchema.parse([
  {
    _id: '0b6f2a53-2a4f-4f57-9a49-1f1d3a0c6a01',
    title: 'Classic Manicure',
    description: 'Shaping, cuticle care and a polish of your choice.',
    title_bn: null,
    description_bn: null,
    price: 1200,
    duration: 45,
    buffer: 0,
    category: 'Nails',
    image_url: '/images/services/manicure.svg',
    paymentPolicy: null,
  },
  {
    _id: '0b6f2a53-2a4f-4f57-9a49-1f1d3a0c6a02',
    title: 'Signature Facial',
    description: 'Deep cleanse, gentle exfoliation and a hydrating mask.',
    title_bn: null,
    description_bn: null,
    price: 3500,
    duration: 60,
    buffer: 0,
    category: 'Skin',
    image_url: '/images/services/signature-facial.svg',
    paymentPolicy: null,
  },
  {
    _id: '0b6f2a53-2a4f-4f57-9a49-1f1d3a0c6a03',
    title: 'Keratin Treatment',
    description: 'Smooth, frizz-free hair for up to three months.',
    title_bn: null,
    description_bn: null,
    price: 8999.5,
    duration: 150,
    buffer: 15,
    category: null,
    image_url: '/images/services/keratin-treatment.svg',
    paymentPolicy: null,
  },
]);

export const reviews: Review[] = reviewListSchema.parse([
  {
    _id: '5a0c1e7b-9d3e-4c1a-8f0e-2b7d6c5a4e01',
    name: 'Nusrat Jahan',
    role: 'Bride',
    feedback: 'They made my wedding morning calm and beautiful.',
    rating: 5,
    image: '/images/reviews/nusrat.svg',
    createdAt: '2030-02-20T08:00:00.000Z',
    reply: null,
    repliedAt: null,
  },
  {
    _id: '5a0c1e7b-9d3e-4c1a-8f0e-2b7d6c5a4e02',
    name: 'Farhana Akter',
    role: 'Teacher',
    feedback: 'The best facial I have had in Dhaka.',
    rating: 4,
    image: '/images/reviews/farhana.svg',
    createdAt: '2030-02-18T08:00:00.000Z',
    reply: null,
    repliedAt: null,
  },
  {
    _id: '5a0c1e7b-9d3e-4c1a-8f0e-2b7d6c5a4e03',
    name: 'Tahmina Rahman',
    role: 'Architect',
    feedback: 'Friendly staff and spotless tools.',
    rating: 5,
    image: '/images/reviews/tahmina.svg',
    createdAt: '2030-02-15T08:00:00.000Z',
    reply: null,
    repliedAt: null,
  },
]);

// The accounts the client tests sign in as; sessions are built from the same user records.
export const users: User[] = userListSchema.parse([
  {
    _id: '7c3e9a12-4b5d-4e6f-8a9b-0c1d2e3f4a01',
    name: 'Salon Admin',
    email: 'admin@parlour.test',
    image: '/images/reviews/tahmina.svg',
    role: 'admin',
  },
  {
    _id: '7c3e9a12-4b5d-4e6f-8a9b-0c1d2e3f4a02',
    name: 'Mitu Customer',
    email: 'customer@parlour.test',
    image: '/images/reviews/nusrat.svg',
    role: 'user',
  },
  {
    _id: '7c3e9a12-4b5d-4e6f-8a9b-0c1d2e3f4a03',
    name: 'Rima Akter',
    email: 'rima@example.com',
    image: null,
    role: 'user',
  },
]);

export const [adminUser, customerUser] = users as [User, User, User];

/** What GET /api/auth/get-session answers for this account. */
export function sessionFor(user: User): Session {
  const sessionUser: SessionUser = { id: user._id, name: user.name, email: user.email, image: user.image, role: user.role };
  return sessionSchema.parse({
    session: { id: `session-${user._id}`, expiresAt: '2030-01-01T00:00:00.000Z' },
    user: sessionUser,
  });
}
