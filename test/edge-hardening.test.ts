// The edges of the HTTP server a probe found loose: the admin token in a URL only where EventSource needs it,
// the probes and the scrape under a rate limit of their own, and the metrics token under any case of `Bearer`.
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Runtime } from '../src/engine/index.ts';
import { setupObservability, type Observability } from '../src/observability/index.ts';
import { buildServer } from '../src/server/index.ts';
import { openTestDatabase, type Database } from '../src/store/index.ts';

const ADMIN = 'edge-admin';
const METRICS_TOKEN = 'edge-metrics';
const PROBE_LIMIT = 4;

let db: Database;
let runtime: Runtime;
let obs: Observability;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  db = await openTestDatabase();
  const env = { SWITCHBOARD_METRICS_TOKEN: METRICS_TOKEN, LOG_LEVEL: 'silent' };
  runtime = await Runtime.create({ db, only: ['ct-smash'], env });
  obs = await setupObservability({ runtime, adminToken: ADMIN, env });
  app = await buildServer({ runtime, auth: { adminToken: ADMIN }, instrument: obs.instrument, probes: obs.probes, logging: obs.logging, rateLimitPerMinute: 100_000, probeRateLimitPerMinute: PROBE_LIMIT });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await runtime?.close();
  await obs?.close();
  await db?.close();
});

describe('the admin token in a URL', () => {
  it('is refused on every route but the console event stream', async () => {
    expect((await fetch(`${base}/api/sessions?token=${ADMIN}`)).status).toBe(401);
    expect((await fetch(`${base}/api/bots/ct-smash/intents?token=${ADMIN}`)).status).toBe(401);
    expect((await fetch(`${base}/api/sessions`, { headers: { authorization: `Bearer ${ADMIN}` } })).status).toBe(200);
    const ctrl = new AbortController();
    const events = await fetch(`${base}/api/events?token=${ADMIN}`, { signal: ctrl.signal });
    expect(events.status).toBe(200);
    ctrl.abort();
  });
});

describe('/metrics', () => {
  it('reads the bearer scheme case-insensitively (RFC 7235)', async () => {
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      expect((await fetch(`${base}/metrics`, { headers: { authorization: `${scheme} ${METRICS_TOKEN}` } })).status, scheme).toBe(200);
    }
    expect((await fetch(`${base}/metrics`, { headers: { authorization: `bearer wrong` } })).status).toBe(401);
  });
});

describe('readiness and metrics under a rate limit of their own', () => {
  it('answers 429 once an address has probed more than the limit, each route counted apart from the other routes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < PROBE_LIMIT + 2; i++) statuses.push((await fetch(`${base}/api/ready`)).status);
    expect(statuses.slice(-1)).toEqual([429]);
    expect(statuses.filter((s) => s === 429).length).toBeLessThanOrEqual(2);
    // The other routes keep their own, much larger budget.
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });
});

// An intent id is a key of the bot's intents: one that names a property every object has (`constructor`,
// `toString`, `__proto__`) is an ordinary new intent or a clear 4xx, never a 500.
describe("intent ids named like an object's own properties", () => {
  const admin = { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' };
  const put = (body: unknown) => fetch(`${base}/api/bots/ct-smash/intents`, { method: 'PUT', headers: admin, body: JSON.stringify(body) });
  const ids = async () => ((await (await fetch(`${base}/api/bots/ct-smash/intents`, { headers: admin })).json()) as { intents: { id: string; examples: number }[] }).intents;

  it('adds, lists and deletes an intent named constructor like any other', async () => {
    const added = await put({ id: 'constructor', label: 'Obra', examples: ['vocês fazem reforma de academia?'] });
    expect(added.status).toBe(200);
    expect(await ids()).toContainEqual(expect.objectContaining({ id: 'constructor', examples: 1 }));
    const deleted = await fetch(`${base}/api/bots/ct-smash/intents/constructor`, { method: 'DELETE', headers: { authorization: admin.authorization } });
    expect(deleted.status).toBe(200);
    expect((await ids()).map((i) => i.id)).not.toContain('constructor');
  });

  it('refuses ids that are not intent ids with a 400, and deleting an unknown one with a 404', async () => {
    for (const id of ['toString', '__proto__', 'hasOwnProperty']) expect((await put({ id, label: 'x' })).status, id).toBe(400);
    expect((await put({ intents: { valueOf: { handoff: true } } })).status).toBe(400);
    for (const id of ['toString', '__proto__', 'valueOf', 'constructor']) {
      expect((await fetch(`${base}/api/bots/ct-smash/intents/${id}`, { method: 'DELETE', headers: { authorization: admin.authorization } })).status, id).toBe(404);
    }
  });
});

// A client that sends its headers and then trickles its body a byte at a time held its connection for as long as it
// liked (no request timeout): enough of them and the server has no sockets left. The whole request now has a time.
describe('a request body sent a byte at a time', () => {
  it('is answered 408 and its connection closed once the request timeout has passed', async () => {
    const slow = await buildServer({ runtime, auth: { adminToken: ADMIN }, requestTimeoutMs: 300 });
    const address = new URL(await slow.listen({ port: 0, host: '127.0.0.1' }));
    try {
      const socket = connect(Number(address.port), address.hostname);
      socket.write('POST /api/bots/ct-smash/chat HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"message":"');
      const drip = setInterval(() => socket.write('a'), 50);
      const answer = await new Promise<string>((resolve) => {
        let received = '';
        socket.on('data', (d) => (received += d.toString()));
        socket.on('close', () => resolve(received));
      });
      clearInterval(drip);
      expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    } finally {
      await slow.close();
    }
  });
});
