/**
 * Does the forgot-password answer tell who has an account? Sends POST /api/auth/forgot-password for
 * an address that has an account and for one that has none, alternating, and prints the median and
 * p90 time to the answer of each, and the difference of the medians. In process (app.inject), on
 * the embedded database, so that what is measured is the server's own work, not the network.
 * Background work a request leaves (the reset mail of a known address) is let finish before the
 * next request, so one request's work never lands in the other's figure.
 *
 *   npm run bench:enumeration [-- --requests 300]
 */
import { parseArgs } from 'node:util';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createPatient, Random } from '../src/server/db/factories';

const { values: options } = parseArgs({ options: { requests: { type: 'string', default: '300' } } });
const REQUESTS = Number(options.requests);

const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: 'memory://', DEMO_MODE: 'false' });
const app = await buildApp(config, { seed: false });
await app.ready();
const { user } = await createPatient(app.db, new Random(7), { email: 'holder@enumeration.bench', password: 'Sturdy#Bench2026' });

const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
let ip = 0;
async function once(kind: 'known' | 'unknown', i: number): Promise<void> {
  // A fresh address each time: the per-address rate limit is not what is measured.
  ip += 1;
  const remoteAddress = `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
  const token = await app.inject({ method: 'GET', url: '/api/csrf-token', remoteAddress });
  const cookie = token.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const headers = { cookie, 'x-csrf-token': token.json<{ csrfToken: string }>().csrfToken };
  const email = kind === 'known' ? user.email : `nobody.${i}@enumeration.bench`;
  const started = process.hrtime.bigint();
  const response = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress, headers, payload: { email } });
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
  await (app as { background?: { idle(): Promise<void> } }).background?.idle();
  if (response.statusCode !== 200) throw new Error(`forgot-password answered ${response.statusCode}: ${response.body}`);
  times[kind].push(elapsed);
}

// Warm-up, then the measured rounds (alternating, so drift on the shared machine hits both alike).
for (let i = 0; i < 20; i += 1) await once(i % 2 ? 'known' : 'unknown', -i);
times.known.length = 0;
times.unknown.length = 0;
for (let i = 0; i < REQUESTS; i += 1) {
  await once('known', i);
  await once('unknown', i);
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const row = (kind: 'known' | 'unknown') =>
  `${kind.padEnd(8)} median ${quantile(times[kind], 0.5).toFixed(2)} ms   p90 ${quantile(times[kind], 0.9).toFixed(2)} ms   (${times[kind].length} requests)`;
console.log(`POST /api/auth/forgot-password\n${row('known')}\n${row('unknown')}`);
console.log(`difference of the medians: ${(quantile(times.known, 0.5) - quantile(times.unknown, 0.5)).toFixed(2)} ms`);
await app.close();
