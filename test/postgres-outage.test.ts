// The store survives its database: a real server process on a private Postgres cluster, whose sessions are
// ended (pg_terminate_backend) and which is stopped and started again under it. The process stays alive,
// answers 503 with Retry-After and "not ready" while Postgres is down, and serves chat and console events again
// once it is back, with no restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startServerProcess, type ServerProcess } from './support/process.ts';
import { privatePostgresAvailable, startPrivatePostgres, type PrivatePostgres } from './support/private-postgres.ts';

const ADMIN = 'proc-admin';

/** An SSE connection to /api/events that collects every event it receives. */
function consoleEvents(url: string) {
  const ctrl = new AbortController();
  const events: { type: string; message?: { content: string } }[] = [];
  const opened = fetch(`${url}/api/events?token=${ADMIN}`, { signal: ctrl.signal }).then(async (res) => {
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const dec = new TextDecoder();
    let buf = '';
    void (async () => {
      try {
        while (true) {
          const { value, done } = await reader.read();
          if (done) return;
          buf += dec.decode(value, { stream: true });
          let i: number;
          while ((i = buf.indexOf('\n\n')) >= 0) {
            const block = buf.slice(0, i);
            buf = buf.slice(i + 2);
            if (block.startsWith('data: ')) events.push(JSON.parse(block.slice(6)));
          }
        }
      } catch {
        /* aborted */
      }
    })();
  });
  return {
    opened,
    /** Whether a message event with `text` arrives within `ms`. */
    async sees(text: string, ms = 15_000): Promise<boolean> {
      const t0 = Date.now();
      while (Date.now() - t0 < ms) {
        if (events.some((e) => e.type === 'message' && e.message?.content === text)) return true;
        await new Promise((r) => setTimeout(r, 100));
      }
      return false;
    },
    close: () => ctrl.abort(),
  };
}

/** Polls until `fn` holds (the server reconnects with backoff), or gives up after `ms`. */
async function eventually(fn: () => Promise<boolean>, ms = 60_000): Promise<boolean> {
  const t0 = Date.now();
  while (Date.now() - t0 < ms) {
    if (await fn().catch(() => false)) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

describe.skipIf(!privatePostgresAvailable)('a server process whose Postgres goes away and comes back', () => {
  let db: PrivatePostgres;
  let server: ServerProcess;
  const chat = (message: string) => postJson(`${server.url}/api/bots/ct-smash/chat`, { message });
  const ready = () => fetch(`${server.url}/api/ready`).then(async (r) => ({ status: r.status, body: await r.json() }));

  beforeAll(async () => {
    db = await startPrivatePostgres();
    server = await startServerProcess({ DATABASE_URL: db.url, SWITCHBOARD_BOTS: 'ct-smash' }, 120_000);
    expect(await eventually(async () => (await ready()).status === 200, 120_000)).toBe(true);
  }, 240_000);
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await db?.destroy();
  }, 60_000);

  it('keeps serving when an administrator ends every session (pg_terminate_backend): chat and console events work again', async () => {
    const events = consoleEvents(server.url);
    await events.opened;
    expect((await chat('oi antes')).status).toBe(200);
    expect(await events.sees('oi antes')).toBe(true);

    expect(await db.terminateSessions()).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 500));
    expect(server.proc.exitCode).toBeNull();
    expect(await eventually(async () => (await chat('oi depois do terminate')).status === 200)).toBe(true);
    // The listener connection was ended too: it is opened again and the open stream hears new messages.
    expect(await eventually(async () => (await chat('evento depois do terminate')).status === 200 && (await events.sees('evento depois do terminate', 2_000)))).toBe(true);
    events.close();
    expect(server.proc.exitCode).toBeNull();
  }, 180_000);

  it('answers 503 with Retry-After and is not ready while Postgres is stopped, then serves again when it starts', async () => {
    const events = consoleEvents(server.url);
    await events.opened;
    await db.stop('fast');
    await new Promise((r) => setTimeout(r, 500));
    expect(server.proc.exitCode).toBeNull();

    const down = await chat('oi com o banco fora');
    expect(down.status, server.output().slice(-4000)).toBe(503);
    expect(down.body.error).toBe('unavailable');
    const retry = await fetch(`${server.url}/api/bots/ct-smash/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message: 'de novo' }) });
    expect(retry.status).toBe(503);
    expect(Number(retry.headers.get('retry-after'))).toBeGreaterThan(0);
    const notReady = await ready();
    expect(notReady.status).toBe(503);
    expect(notReady.body.checks.database).toBe(false);
    // Liveness: the process itself answers, and says the database is away.
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ ok: true, database: false });
    expect(server.proc.exitCode).toBeNull();

    await db.start();
    expect(await eventually(async () => (await chat('oi de volta')).status === 200)).toBe(true);
    expect(await eventually(async () => (await ready()).status === 200)).toBe(true);
    // Console events: the stream opened before the outage and a new one both hear a message sent after it.
    const fresh = consoleEvents(server.url);
    await fresh.opened;
    expect(await eventually(async () => (await chat('evento depois da volta')).status === 200 && (await events.sees('evento depois da volta', 2_000)))).toBe(true);
    expect(await fresh.sees('evento depois da volta')).toBe(true);
    events.close();
    fresh.close();
    expect(server.proc.exitCode).toBeNull();
  }, 240_000);
});
