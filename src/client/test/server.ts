import { setupServer } from 'msw/node';
import { signedInAs } from './handlers';

/**
 * The fake API every client test talks to; each test adds the handlers it needs. Every page asks
 * who is signed in, so by default nobody is.
 */
export const server = setupServer(...signedInAs(null));
