// A turn's statements on Postgres: its message events leave from the statements themselves, and the first
// statement can share a round trip with the session's lock without running before the lock is held.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreMigrations, migrate, openTestDatabase } from './index.ts';
import * as repo from './repos.ts';

const CHANNEL = 'turn_statements_test';

describe.runIf(process.env.TEST_DATABASE_URL)('a turn’s statements on postgres', () => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  const heard: unknown[] = [];
  beforeAll(async () => {
    db = await openTestDatabase('postgres');
    await migrate(db, coreMigrations);
    await db.listen(CHANNEL, (p) => heard.push(JSON.parse(p)));
  });
  afterAll(async () => db?.drop());

  const until = async (n: number) => {
    for (let i = 0; i < 200 && heard.length < n; i++) await new Promise((r) => setTimeout(r, 10));
  };
  const eventOf = (bot: string, m: repo.MessageRow) => ({
    type: 'message',
    bot,
    sessionId: m.sessionId,
    message: { id: m.id, role: m.role, source: m.source, content: m.content, intents: m.intents, createdAt: m.createdAt.toISOString() },
  });

  it('publishes the user’s message and the reply from the open and close statements, as the console event', async () => {
    heard.length = 0;
    const s = await repo.createSession(db, { bot: 'b1' });
    const opened = await repo.openTurn(db, { sessionId: s.id, bot: 'b1', content: 'oi, tudo bem?', authorize: false, historyLimit: 10, notify: CHANNEL });
    expect(opened?.notified).toBe(true);
    const closed = await repo.persistTurn(db, {
      sessionId: s.id, bot: 'b1', turnId: crypto.randomUUID(), userMessageId: opened!.message!.id, reply: 'Tudo! Em que posso ajudar?',
      intents: ['greeting'], workflow: null, state: {}, lastIntent: 'greeting', handoff: null, path: 'local', trace: [], modelCalls: [], latencyMs: 1, notify: CHANNEL,
    });
    expect(closed.notified).toBe(true);
    await until(2);
    expect(heard).toEqual([eventOf('b1', opened!.message!), eventOf('b1', closed.message)]);
  });

  it('publishes nothing for a refused message, and leaves a payload NOTIFY cannot carry to the caller', async () => {
    heard.length = 0;
    const s = await repo.createSession(db, { bot: 'b1' });
    const refused = await repo.openTurn(db, { sessionId: s.id, bot: 'other', content: 'oi', authorize: false, historyLimit: 10, notify: CHANNEL });
    expect(refused).toMatchObject({ message: null, notified: false });
    const long = await repo.openTurn(db, { sessionId: s.id, bot: 'b1', content: 'á'.repeat(5000), authorize: false, historyLimit: 10, notify: CHANNEL });
    expect(long?.message?.content.length).toBe(5000); // stored all the same
    expect(long?.notified).toBe(false);
    const plain = await repo.openTurn(db, { sessionId: s.id, bot: 'b1', content: 'sem aviso', authorize: false, historyLimit: 10 });
    expect(plain?.notified).toBe(false);
    await new Promise((r) => setTimeout(r, 100));
    expect(heard).toEqual([]);
  });

  it('runs a pipelined first statement only once the lock is held, with what the previous holder committed', async () => {
    const s = await repo.createSession(db, { bot: 'b2' });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    const first = db.withLock(`session:${s.id}`, async (conn) => {
      entered();
      await held;
      await repo.insertMessage(conn, { sessionId: s.id, role: 'assistant', source: 'bot', content: 'primeira resposta' });
    });
    await inside;
    let secondRan = false;
    const second = db.withLock(
      `session:${s.id}`,
      async (conn) => {
        const opened = await repo.openTurn(conn, { sessionId: s.id, bot: 'b2', content: 'segunda', authorize: false, historyLimit: 10 });
        secondRan = true;
        return opened!.history.map((h) => h.content);
      },
      { pipelined: true },
    );
    await new Promise((r) => setTimeout(r, 150));
    expect(secondRan).toBe(false); // its statement waits in the server behind the lock
    release();
    await first;
    expect(await second).toEqual(['primeira resposta']);
  });
});
