/**
 * Names written in Latin letters in the Bangla texts too: the salon's and the services it names
 * (payment providers, sign-in providers, the file kinds it hands out or accepts). The checks that look for
 * English left in the Bangla site allow these, and only these, beside people's names.
 */
export const LATIN_NAMES: readonly string[] = ['Parlour', 'bKash', 'Nagad', 'Rocket', 'SSLCommerz', 'Visa', 'Mastercard', 'Stripe', 'Google', 'Facebook', 'SMS', 'OTP', 'PDF', 'CSV', 'JPEG', 'PNG', 'WebP', 'GIF', 'AVIF'];
