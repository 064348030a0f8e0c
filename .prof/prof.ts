import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/server/db/client.js';
import { setUp, bookableStarts, drive, bookOnce } from '../bench/booking.js';

const stylists = Number(process.argv[2] ?? 8);
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'parlour-prof-'));
const database = await openDatabase({ driver: 'embedded', dataDir: dir });
const { app, config, customers, services } = await setUp(database, stylists);
const service = services.find((s) => s.duration === 60)!;
const starts = bookableStarts();
const pick = () => starts[Math.floor(Math.random() * starts.length)]!;
const r = await drive(customers, (c) => bookOnce(app, config, c, service, pick()), 8);
console.log(stylists, 'stylists: bookings', r);
await app.close();
await database.close();
await fs.rm(dir, { recursive: true, force: true });
process.exit(0);
