import { setupServer } from 'msw/node';

/** The fake API every client test talks to; each test adds the handlers it needs. */
export const server = setupServer();
