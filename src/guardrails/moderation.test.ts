import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreMigrations, migrate, openTestDatabase } from '../store/index.ts';
import { logModeration } from './index.ts';

describe('moderation log (a core table)', () => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    db = await openTestDatabase();
    await migrate(db, coreMigrations);
  });
  afterAll(async () => db?.drop());

  it('records a blocked message, cutting what is too long', async () => {
    const { id } = await logModeration(db, { bot: 'any-bot', sessionId: 's1', userId: 'ana', reason: 'prompt_injection', message: 'x'.repeat(5000) });
    const [row] = await db.query<{ bot: string; reason: string; message: string; created_at: unknown }>('select * from moderation_logs where id = $1', [id]);
    expect(row).toMatchObject({ bot: 'any-bot', reason: 'prompt_injection' });
    expect(row.message).toHaveLength(4000);
    expect(row.created_at).toBeTruthy();
  });

  it('keeps a table a bot created earlier, with its rows', async () => {
    const older = await openTestDatabase();
    try {
      // A database where a bot's own migration created the table before the core owned it (a new one has the
      // core tables already: its core-005 is taken back first).
      await older.exec(`drop table if exists moderation_logs; delete from _migrations where id = 'core-005-moderation-logs'`);
      await older.exec(`create table moderation_logs (id serial primary key, bot text not null, session_id text, user_id text, reason text not null, message text not null, created_at timestamptz not null default now())`);
      await older.query(`insert into moderation_logs (bot, reason, message) values ('old-bot', 'abuse', 'kept')`);
      await migrate(older, coreMigrations);
      const rows = await older.query<{ message: string }>('select message from moderation_logs order by id');
      expect(rows.map((r) => r.message)).toEqual(['kept']);
    } finally {
      await older.drop();
    }
  });
});
