import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreMigrations, migrate, openTestDatabase, testDrivers } from './index.ts';
import { coreRetentionSteps, DEFAULT_RETENTION, Retention, retentionPolicyFromEnv, type RetentionPolicy } from './retention.ts';

const NOW = new Date('2026-06-30T12:00:00Z');
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000).toISOString();

describe('retention policy from the environment', () => {
  it('keeps conversations, and traces and deliveries for 30 days, unless told otherwise', () => {
    expect(retentionPolicyFromEnv({})).toEqual(DEFAULT_RETENTION);
    expect(DEFAULT_RETENTION).toMatchObject({ conversationDays: 0, traceDays: 30, deliveryDays: 30 });
    expect(retentionPolicyFromEnv({ SWITCHBOARD_RETAIN_CONVERSATIONS_DAYS: '365', SWITCHBOARD_RETAIN_TRACES_DAYS: '0', SWITCHBOARD_RETENTION_BATCH: '500' })).toMatchObject({ conversationDays: 365, traceDays: 0, batch: 500 });
    expect(() => retentionPolicyFromEnv({ SWITCHBOARD_RETAIN_TRACES_DAYS: 'soon' })).toThrow(/SWITCHBOARD_RETAIN_TRACES_DAYS/);
  });
});

describe.each(testDrivers())('retention (%s)', (driver) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    db = await openTestDatabase(driver);
    await migrate(db, coreMigrations);
    // Ten conversations idle for 1…10 days (two share each timestamp), each with two messages and a trace.
    for (let i = 1; i <= 10; i++) {
      const at = daysAgo(Math.ceil(i / 2) * 2); // s1, s2: 2 days; s3, s4: 4 days; … s9, s10: 10 days
      await db.query(`insert into sessions (id, bot, secret, state, created_at, updated_at) values ($1, 'b', 's', '{}'::jsonb, $2, $2)`, [`s${i}`, at]);
      await db.query(`insert into messages (session_id, role, content, intents) values ($1, 'user', 'oi', '[]'::jsonb), ($1, 'assistant', 'olá', '[]'::jsonb)`, [`s${i}`]);
      await db.query(`insert into turns (id, session_id, bot, path, intents, trace, model_calls) values ($1, $2, 'b', 'local', '[]', '[]', '[]')`, [`t${i}`, `s${i}`]);
    }
  });
  afterAll(() => db?.drop());

  const counts = async () => {
    const [r] = await db.query<{ s: number; m: number; t: number }>('select (select count(*)::int from sessions) s, (select count(*)::int from messages) m, (select count(*)::int from turns) t');
    return r;
  };
  const policy = (p: Partial<RetentionPolicy>): RetentionPolicy => ({ ...DEFAULT_RETENTION, conversationDays: 0, traceDays: 0, deliveryDays: 0, ...p });

  it('does nothing while turns are in flight', async () => {
    const r = await new Retention(db, coreRetentionSteps, policy({ traceDays: 1 }), { quiet: () => false, now: () => NOW }).runOnce();
    expect(r.skipped).toBe('busy');
    expect(await counts()).toEqual({ s: 10, m: 20, t: 10 });
  });

  it('removes the traces of conversations idle for longer than traceDays, in batches, and nothing else', async () => {
    const retention = new Retention(db, coreRetentionSteps, policy({ traceDays: 5, batch: 2 }), { quiet: () => true, now: () => NOW });
    // Idle 6, 6, 8, 8, 10, 10 days: three full batches of two (sessions sharing a timestamp are not skipped), then none.
    const runs = [];
    for (let i = 0; i < 5; i++) runs.push(await retention.runOnce());
    expect(runs.map((r) => r.removed.traces)).toEqual([2, 2, 2, 0, 0]);
    expect(runs.map((r) => r.more)).toEqual([true, true, true, false, false]);
    const left = await db.query<{ id: string }>('select session_id as id from turns order by session_id');
    expect(left.map((r) => r.id)).toEqual(['s1', 's2', 's3', 's4']);
    expect(await counts()).toEqual({ s: 10, m: 20, t: 4 });
  });

  it('removes whole conversations (their messages and traces with them) idle for longer than conversationDays', async () => {
    const r = await new Retention(db, coreRetentionSteps, policy({ conversationDays: 7, batch: 100 }), { quiet: () => true, now: () => NOW }).runOnce();
    expect(r.removed.conversations).toBe(4); // idle 8, 8, 10, 10 days
    expect(r.more).toBe(false);
    expect(await counts()).toEqual({ s: 6, m: 12, t: 4 });
    const ids = (await db.query<{ id: string }>('select id from sessions')).map((x) => x.id).sort();
    expect(ids).toEqual(['s1', 's2', 's3', 's4', 's5', 's6'].sort());
  });

  it('keeps a conversation that spoke again since it was picked', async () => {
    const [{ id }] = await db.query<{ id: string }>(`select id from sessions order by updated_at limit 1`);
    await db.query('update sessions set updated_at = $2 where id = $1', [id, NOW.toISOString()]);
    const step = coreRetentionSteps.find((s) => s.name === 'conversations')!;
    expect(await step.remove(db, [id], new Date(daysAgo(1)))).toBe(0);
    expect((await db.query('select 1 from sessions where id = $1', [id])).length).toBe(1);
  });
});
