// Several `switchboard start` processes on one Postgres: messages of one session are processed one at a time
// across processes (advisory lock), console events and admin settings reach every process (LISTEN/NOTIFY).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Runtime } from '../src/engine/index.ts';
import { openDatabase, openTestDatabase } from '../src/store/index.ts';
import { postJson, startServerProcess, type ServerProcess } from './support/process.ts';

const PG = process.env.TEST_DATABASE_URL;

describe.skipIf(!PG)('two server processes on one Postgres', () => {
  const schema = `scale_${Date.now().toString(36)}`;
  let a: ServerProcess;
  let b: ServerProcess;
  beforeAll(async () => {
    const env = { DATABASE_URL: PG!, DATABASE_SCHEMA: schema, SWITCHBOARD_BOTS: 'ct-smash' };
    a = await startServerProcess(env);
    b = await startServerProcess(env);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.kill(), b?.kill()]);
    const db = await openDatabase({ databaseUrl: PG! });
    await db.query(`drop schema if exists ${schema} cascade`);
    await db.close();
  });

  it('answers 200 messages sent to one session through both at once: all stored, all answered, in order, state as a sequential run', async () => {
    const first = await postJson(`${a.url}/api/bots/ct-smash/chat`, { message: 'oi' });
    const { sessionId, sessionToken } = first.body;
    const texts = ['quero marcar uma aula experimental', 'amanhã', '19h', 'onde fica a CT?', 'quanto custa?', 'obrigado'];
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        postJson(`${(i % 2 ? a : b).url}/api/bots/ct-smash/chat`, { sessionId, sessionToken, message: `${texts[i % texts.length]}`, clientMessageId: `m${i}` }),
      ),
    );
    expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    const detail = await fetch(`${a.url}/api/sessions/${sessionId}`, { headers: { authorization: 'Bearer proc-admin' } }).then((r) => r.json());
    const msgs = detail.messages as { id: number; role: string; content: string }[];
    expect(msgs).toHaveLength(402);
    for (let i = 0; i < msgs.length; i += 2) {
      expect(msgs[i].role, `message ${i}`).toBe('user');
      expect(msgs[i + 1].role, `message ${i + 1}`).toBe('assistant');
    }
    // Replay the stored order through one fresh runtime, one message at a time: the same final state.
    const replayDb = await openTestDatabase('pglite');
    const rt = await Runtime.create({ db: replayDb, only: ['ct-smash'], now: () => new Date() });
    let replay: { sessionId: string } | undefined;
    for (const m of msgs.filter((x) => x.role === 'user')) replay = await rt.chat('ct-smash', { sessionId: replay?.sessionId, message: m.content });
    const replayed = (await replayDb.query<{ state: unknown }>('select state from sessions where id = $1', [replay!.sessionId]))[0].state;
    await rt.close();
    await replayDb.drop();
    expect(detail.state).toEqual(replayed);
  }, 120_000);

  it("delivers a console event from one process to the other's SSE clients", async () => {
    const ctrl = new AbortController();
    const res = await fetch(`${b.url}/api/events?token=proc-admin`, { signal: ctrl.signal });
    const reader = res.body!.getReader();
    const got = (async () => {
      const dec = new TextDecoder();
      let buf = '';
      while (true) {
        const { value, done } = await reader.read();
        if (done) return false;
        buf += dec.decode(value);
        if (buf.includes('"type":"message"') && buf.includes('evento entre processos')) return true;
      }
    })();
    await postJson(`${a.url}/api/bots/ct-smash/chat`, { message: 'evento entre processos' });
    const seen = await Promise.race([got, new Promise((r) => setTimeout(() => r(false), 5000))]);
    ctrl.abort();
    expect(seen).toBe(true);
  });

  it("applies an admin's intent and handoff changes made on one process in the other, where turns follow them", async () => {
    const admin = { authorization: 'Bearer proc-admin', 'content-type': 'application/json' };
    const put = (url: string, body: unknown) => fetch(url, { method: 'PUT', headers: admin, body: JSON.stringify(body) });
    // The other process has read the intents before the change (it answers a price question as its own FAQ).
    const before = await postJson(`${b.url}/api/bots/ct-smash/chat`, { message: 'quanto custa a mensalidade?' });
    expect(before.body.mode).toBe('bot');
    expect((await put(`${a.url}/api/bots/ct-smash/intents`, { intents: { faq: { handoff: true } } })).status).toBe(200);
    expect((await put(`${a.url}/api/bots/ct-smash/handoff`, { timeout_minutes: 7 })).status).toBe(200);
    const readOnB = async () => {
      const intents = (await fetch(`${b.url}/api/bots/ct-smash/intents`, { headers: admin }).then((r) => r.json())).intents as { id: string; handoff: boolean }[];
      const handoff = await fetch(`${b.url}/api/bots/ct-smash/handoff`, { headers: admin }).then((r) => r.json());
      return intents.find((i) => i.id === 'faq')?.handoff === true && handoff.timeout_minutes === 7;
    };
    // The notification arrives when it arrives: wait for it (a generous deadline for a loaded machine).
    const deadline = Date.now() + 30_000;
    while (!(await readOnB()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await readOnB()).toBe(true);
    const after = await postJson(`${b.url}/api/bots/ct-smash/chat`, { message: 'quanto custa a mensalidade?' });
    expect(after.body.mode).toBe('handoff_pending');
    expect((await put(`${a.url}/api/bots/ct-smash/intents`, { intents: { faq: { handoff: false } } })).status).toBe(200);
  }, 120_000);
});
