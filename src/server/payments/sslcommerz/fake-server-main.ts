/**
 * `npm run fake-sslcommerz [-- --port 7070]`: the fake SSLCommerz (fake-server.ts) on this machine,
 * for trying the hosted-page flow without a sandbox store. It prints the environment to start the
 * app with; README "SSLCommerz" says how.
 */
import { parseArgs } from 'node:util';
import { startFakeSslCommerz } from './fake-server.js';

const { values } = parseArgs({ options: { port: { type: 'string', default: '7070' }, host: { type: 'string', default: '127.0.0.1' } } });
const fake = await startFakeSslCommerz({ port: Number(values.port), host: values.host });
console.log(`Fake SSLCommerz listening on ${fake.base}. Start Parlour with:\n`);
// `npm start` runs as production, which wants PUBLIC_URL with SSLCommerz (the IPN is posted there).
console.log(Object.entries({ ...fake.env, PUBLIC_URL: 'http://localhost:3000' }).map(([key, value]) => `${key}=${value}`).join(' '), 'npm start\n');
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
