// A server killed with SIGKILL in the middle of turns under load: after a restart and client retries with the
// same clientMessageId, no user message is lost, each is answered once, and no booking is made twice.
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/store/index.ts';
import { postJson, startServerProcess, type ServerProcess } from './support/process.ts';

const PG = process.env.TEST_DATABASE_URL;

describe.skipIf(!PG)('crash safety (SIGKILL mid-turn, Postgres)', () => {
  const schema = `crash_${Date.now().toString(36)}`;
  const env = { DATABASE_URL: PG!, DATABASE_SCHEMA: schema, SWITCHBOARD_BOTS: 'ct-smash' };
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.kill('SIGKILL');
    const db = await openDatabase({ databaseUrl: PG! });
    await db.query(`drop schema if exists ${schema} cascade`);
    await db.close();
  });

  it('loses nothing and duplicates nothing', async () => {
    server = await startServerProcess(env);
    let url = server.url;
    let restarting: Promise<void> | null = null;
    const script = ['quero marcar uma aula experimental de funcional', 'sexta', '7h', 'sim'];
    const clients = 12;
    let answered = 0;
    let interrupted = 0;
    let killAt: () => void;
    const halfway = new Promise<void>((r) => (killAt = r));

    /** A client that retries the same message (same clientMessageId) until it gets an answer. */
    async function send(body: Record<string, unknown>): Promise<any> {
      for (let attempt = 0; attempt < 200; attempt++) {
        try {
          const r = await postJson(`${url}/api/bots/ct-smash/chat`, body);
          if (r.status === 200) {
            if (++answered === 15) killAt();
            return r.body;
          }
          if (r.status !== 503) throw new Error(`unexpected ${r.status}: ${JSON.stringify(r.body)}`);
        } catch (err) {
          if ((err as Error).message.startsWith('unexpected')) throw err;
          interrupted++;
        }
        await (restarting ?? new Promise((r) => setTimeout(r, 100)));
      }
      throw new Error('gave up');
    }

    const conversations = Array.from({ length: clients }, async (_, c) => {
      let session: { sessionId?: string; sessionToken?: string } = {};
      const replies: string[] = [];
      for (let t = 0; t < script.length; t++) {
        const r = await send({ ...session, message: script[t], clientMessageId: `c${c}-t${t}` });
        session = { sessionId: r.sessionId, sessionToken: r.sessionToken };
        replies.push(r.reply);
      }
      return { sessionId: session.sessionId!, replies };
    });

    // Let the load run, then kill the server without warning while turns are in flight, and bring it back.
    await halfway;
    restarting = (async () => {
      await server!.kill('SIGKILL');
      server = await startServerProcess(env);
      url = server.url;
    })();
    await restarting;
    restarting = null;
    const done = await Promise.all(conversations);

    expect(interrupted, 'requests cut off by the kill').toBeGreaterThan(0);
    const db = await openDatabase({ databaseUrl: PG!, schema });
    try {
      for (const { sessionId, replies } of done) {
        const users = await db.query<{ id: number; client_message_id: string }>("select id, client_message_id from messages where session_id = $1 and role = 'user' order by id", [sessionId]);
        const client = users[0].client_message_id.split('-')[0];
        expect(users.map((u) => u.client_message_id)).toEqual(script.map((_, t) => `${client}-t${t}`));
        for (const u of users) {
          const answers = await db.query("select id from messages where reply_to = $1 and role = 'assistant'", [u.id]);
          expect(answers, `answers to ${u.client_message_id}`).toHaveLength(1);
        }
        const bookings = await db.query('select * from ct_bookings where session_id = $1', [sessionId]);
        expect(bookings.length).toBe(replies.at(-1)!.includes('agendada') ? 1 : 0);
      }
      const total = await db.query<{ n: number }>('select count(*)::int as n from ct_bookings');
      expect(Number(total[0].n)).toBeLessThanOrEqual(12);
      expect(Number(total[0].n)).toBeGreaterThan(0);
    } finally {
      await db.close();
    }
  }, 180_000);
});
