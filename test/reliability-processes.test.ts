// Reliability across processes: real `switchboard start` processes on one Postgres, started together, with
// the races that found the failures repeated many times in one bounded test: the last places of a class
// confirmed through both processes at once, a first message retried on the other process, a booking made
// twice then cancelled, double texting with `reject` split across processes, and knowledge indexed by
// processes that start at the same moment.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Runtime } from '../src/engine/index.ts';
import { openDatabase, type Database } from '../src/store/index.ts';
import { postJson, startServerProcess, type ServerProcess } from './support/process.ts';

const PG = process.env.TEST_DATABASE_URL;

/** A bot made of data only: `reject` double texting and a few knowledge documents. */
function rejectBot(): string {
  const root = mkdtempSync(join(tmpdir(), 'sb-reliability-'));
  const dir = join(root, 'balcao');
  mkdirSync(join(dir, 'knowledge'), { recursive: true });
  writeFileSync(
    join(dir, 'bot.yaml'),
    `id: balcao
language: pt-BR
doubleTexting: reject
knowledge: knowledge
understanding: { fallback: outro }
intents:
  faq: { label: Dúvida, examples: [onde fica a loja, qual o horário, quanto custa a entrega, vocês abrem domingo, tem estacionamento] }
  outro: { label: Outro, examples: [bom dia, obrigado, tchau] }
`,
  );
  for (let d = 0; d < 4; d++) {
    const sections = Array.from({ length: 6 }, (_, i) => `## Assunto ${d}.${i}\n\nInformação ${d}.${i}: horário, entrega e endereço da loja número ${i}.`).join('\n\n');
    writeFileSync(join(dir, 'knowledge', `doc-${d}.md`), `# Documento ${d}\n\n${sections}\n`);
  }
  return root;
}

async function dropSchema(schema: string) {
  const db = await openDatabase({ databaseUrl: PG! });
  await db.query(`drop schema if exists ${schema} cascade`);
  await db.close();
}

/** Passages stored more than once (the same document, heading and text). */
async function duplicatePassages(db: Database, bot: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `select (count(*) - count(distinct (doc, heading, content)))::int as n from knowledge_chunks where bot = $1`,
    [bot],
  );
  return Number(row.n);
}

describe.skipIf(!PG)('reliability across processes (Postgres)', () => {
  const run = Date.now().toString(36);
  const schema = `rel_${run}`;
  const rejectSchema = `relr_${run}`;
  const botsDir = rejectBot();
  let a: ServerProcess;
  let b: ServerProcess;
  let ra: ServerProcess;
  let rb: ServerProcess;
  let db: Database;

  beforeAll(async () => {
    // Each pair starts at the same moment on an empty schema: migrations, knowledge and setup race.
    [a, b] = await Promise.all([0, 1].map(() => startServerProcess({ DATABASE_URL: PG!, DATABASE_SCHEMA: schema, SWITCHBOARD_BOTS: 'ct-smash' }, 120_000)));
    [ra, rb] = await Promise.all([0, 1].map(() => startServerProcess({ DATABASE_URL: PG!, DATABASE_SCHEMA: rejectSchema, SWITCHBOARD_BOTS_DIR: botsDir }, 120_000)));
    db = await openDatabase({ databaseUrl: PG!, schema });
  }, 300_000);

  afterAll(async () => {
    await Promise.all([a, b, ra, rb].map((p) => p?.kill()));
    await db?.close();
    await dropSchema(schema);
    await dropSchema(rejectSchema);
    rmSync(botsDir, { recursive: true, force: true });
  });

  const chat = (p: ServerProcess, body: Record<string, unknown>, bot = 'ct-smash') => postJson(`${p.url}/api/bots/${bot}/chat`, body);

  it('indexes knowledge once when processes start together (and again, many times, on fresh schemas)', async () => {
    expect(await duplicatePassages(db, 'ct-smash')).toBe(0);
    const rejectDb = await openDatabase({ databaseUrl: PG!, schema: rejectSchema });
    expect(await duplicatePassages(rejectDb, 'balcao')).toBe(0);
    const [{ n: indexed }] = await rejectDb.query<{ n: number }>(`select count(*)::int as n from knowledge_chunks where bot = 'balcao'`);
    await rejectDb.close();
    expect(indexed).toBeGreaterThan(20);
    // The same race, repeated: two runtimes with their own connection pools (as two processes have) start at once.
    for (let round = 0; round < 6; round++) {
      const fresh = `relk_${run}_${round}`;
      const [one, two] = await Promise.all([0, 1].map(() => openDatabase({ databaseUrl: PG!, schema: fresh })));
      try {
        const runtimes = await Promise.all([one, two].map((d) => Runtime.create({ db: d, botsDir })));
        await Promise.all(runtimes.map((r) => r.close()));
        expect(await duplicatePassages(one, 'balcao'), `round ${round}`).toBe(0);
        const [{ n }] = await one.query<{ n: number }>(`select count(*)::int as n from knowledge_chunks where bot = 'balcao'`);
        expect(n, `round ${round}`).toBe(indexed);
      } finally {
        await Promise.all([one.close(), two.close()]);
        await dropSchema(fresh);
      }
    }
  }, 120_000);

  it('answers every customer confirming the last places of a class through both processes at once', async () => {
    // Three rounds, three classes (their capacity in bot.yaml) with two places left each; 14 customers each time.
    const rounds = [
      { day: 'quarta', hour: '19h', capacity: 10 },
      { day: 'quinta', hour: '19h', capacity: 8 },
      { day: 'quinta', hour: '20h', capacity: 10 },
    ];
    for (const round of rounds) {
      const customers = await Promise.all(
        Array.from({ length: 14 }, async (_, i) => {
          const first = await chat(i % 2 ? a : b, { message: `quero marcar uma aula experimental ${round.day}` });
          const session = { sessionId: first.body.sessionId, sessionToken: first.body.sessionToken };
          const confirm = await chat(i % 2 ? b : a, { ...session, message: round.hour });
          expect(confirm.body.reply, JSON.stringify(confirm.body)).toMatch(/Confirma/);
          const { data: date, hora: time } = (await db.query<{ state: { trial: { slots: { data: string; hora: string } } } }>('select state from sessions where id = $1', [session.sessionId]))[0].state.trial.slots;
          const slot = { date, time };
          return { session, slot };
        }),
      );
      const { date, time } = customers[0].slot;
      const cap = round.capacity;
      await db.query(
        `insert into ct_bookings (id, session_id, date, time, modality) select $1 || i, $1 || i, $2, $3, 'x' from generate_series(1, $4::int) i`,
        [`fill-${date}-${time}-`, date, time, cap - 2],
      );
      const results = await Promise.all(customers.map(({ session }, i) => chat(i % 2 ? a : b, { ...session, message: 'sim' })));
      expect(results.map((r) => r.status), `${date} ${time}`).toEqual(Array(14).fill(200));
      expect(results.filter((r) => /agendada/.test(r.body.reply)), `${date} ${time}`).toHaveLength(2);
      expect(results.filter((r) => /lotada/.test(r.body.reply)), `${date} ${time}`).toHaveLength(12);
      const [{ n }] = await db.query<{ n: number }>('select count(*)::int as n from ct_bookings where date = $1 and time = $2', [date, time]);
      expect(n).toBe(cap);
      // Each confirmation is stored once and answered once.
      const [{ unanswered }] = await db.query<{ unanswered: number }>(
        `select count(*)::int as unanswered from messages u where u.role = 'user' and u.session_id = any($1::text[])
           and not exists (select 1 from messages r where r.reply_to = u.id)`,
        [customers.map((c) => c.session.sessionId)],
      );
      expect(unanswered).toBe(0);
    }
  }, 240_000);

  it('books the same class twice through both processes, then cancels: nothing stays booked', async () => {
    const first = await chat(a, { message: 'quero marcar uma aula experimental sexta' });
    const session = { sessionId: first.body.sessionId, sessionToken: first.body.sessionToken };
    const script = ['7h', 'sim', 'quero marcar uma aula experimental sexta', '7h', 'sim'];
    for (const [i, message] of script.entries()) expect((await chat(i % 2 ? a : b, { ...session, message })).status).toBe(200);
    const rows = await db.query<{ id: string }>('select id from ct_bookings where session_id = $1', [session.sessionId]);
    expect(rows).toHaveLength(1);
    expect((await chat(a, { ...session, message: 'não vou poder ir, cancela por favor' })).body.reply).toMatch(/cancelei/);
    expect(await db.query('select 1 from ct_bookings where session_id = $1', [session.sessionId])).toHaveLength(0);
  }, 60_000);

  it('answers a first message retried on the other process (or sent to both at once) with its token, once', async () => {
    for (let i = 0; i < 10; i++) {
      const body = { sessionId: `retry-${run}-${i}`, clientMessageId: `first-${i}`, message: 'onde fica a CT?' };
      const [one, two] = i % 2 ? await Promise.all([chat(a, body), chat(b, body)]) : [await chat(a, body), await chat(b, body)];
      expect([one.status, two.status], JSON.stringify(two.body)).toEqual([200, 200]);
      expect(two.body.sessionToken).toBe(one.body.sessionToken);
      expect(two.body.replyMessageId).toBe(one.body.replyMessageId);
      const [{ n }] = await db.query<{ n: number }>('select count(*)::int as n from messages where session_id = $1', [body.sessionId]);
      expect(n).toBe(2);
    }
  }, 60_000);

  it('rejects a message while the conversation is being answered in any process (doubleTexting: reject)', async () => {
    const first = await chat(ra, { message: 'bom dia' }, 'balcao');
    const session = { sessionId: first.body.sessionId, sessionToken: first.body.sessionToken };
    // A turn of this conversation runs elsewhere: it holds the conversation's lock, as a turn in another process does.
    const other = await openDatabase({ databaseUrl: PG!, schema: rejectSchema });
    await other.withLock(`session:${session.sessionId}`, async () => {
      for (const p of [ra, rb]) {
        const r = await chat(p, { ...session, message: 'qual o horário?' }, 'balcao');
        expect(r.status).toBe(429);
        expect(r.body.message).toMatch(/still being answered/);
      }
    });
    await other.close();
    expect((await chat(rb, { ...session, message: 'qual o horário?' }, 'balcao')).status).toBe(200);
    // Bursts split across both processes, many times: each message is answered or refused, never both, never overlapping.
    let refused = 0;
    for (let round = 0; round < 8; round++) {
      const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => chat(i % 2 ? ra : rb, { ...session, message: `qual o horário? ${round}.${i}` }, 'balcao')));
      expect(burst.every((r) => r.status === 200 || r.status === 429), JSON.stringify(burst.map((r) => r.status))).toBe(true);
      expect(burst.some((r) => r.status === 200)).toBe(true);
      refused += burst.filter((r) => r.status === 429).length;
    }
    expect(refused).toBeGreaterThan(0);
    const rejectDb = await openDatabase({ databaseUrl: PG!, schema: rejectSchema });
    const roles = (await rejectDb.query<{ role: string }>(`select role from messages where session_id = $1 and role in ('user', 'assistant') order by id`, [session.sessionId])).map((m) => m.role);
    await rejectDb.close();
    expect(roles.filter((_, i) => i % 2 === 0).every((r) => r === 'user')).toBe(true);
    expect(roles.filter((_, i) => i % 2 === 1).every((r) => r === 'assistant')).toBe(true);
  }, 120_000);
});
