import { describe, expect, it } from 'vitest';
import { memoryStore } from './memory-store.ts';
import { recordsSchema } from './records-schema.ts';

describe('memoryStore', () => {
  it("holds the runtime's tables, the bot's migrations and records, and rolls back a transaction that throws", async () => {
    const config = { records: recordsSchema.parse({ desk_readers: { columns: { name: 'text' } } }) };
    const db = await memoryStore({ migrations: [{ id: 'desk-001', sql: 'create table desk_notes (id text primary key, body text)' }], config });
    const tables = await db.query<{ t: string | null }>("select to_regclass('profiles')::text as t union all select to_regclass('desk_notes')::text union all select to_regclass('desk_readers')::text");
    expect(tables.map((r) => r.t)).toEqual(['profiles', 'desk_notes', 'desk_readers']);
    await db.transaction(async (tx) => void (await tx.query("insert into desk_notes values ('a', 'kept')")));
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into desk_notes values ('b', 'lost')");
        throw new Error('crash before the reply');
      }),
    ).rejects.toThrow('crash');
    expect(await db.query('select id from desk_notes')).toEqual([{ id: 'a' }]);
    await db.close();
  });
});
