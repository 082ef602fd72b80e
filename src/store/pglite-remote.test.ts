// PGlite in a worker thread answers like PGlite in this thread: rows and their types, transactions, errors with
// Postgres's fields, and the data on disk for the next open.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db.ts';
import { createSession, listMessages, insertMessage } from './repos.ts';

describe('PGlite in a worker thread', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-pglite-worker-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('runs statements and transactions off the main thread, and keeps the data for the next open', async () => {
    const db = await openDatabase({ dataDir, worker: true });
    try {
      expect(db.kind).toBe('pglite');
      // The shipped cluster's core tables are there: the repositories work unchanged.
      const s = await createSession(db, { bot: 'b1', userId: 'u1' });
      await insertMessage(db, { sessionId: s.id, role: 'user', source: '', content: 'oi', clientMessageId: 'c1' });
      const [m] = await listMessages(db, s.id);
      expect(m.content).toBe('oi');
      expect(m.createdAt).toBeInstanceOf(Date);
      await expect(insertMessage(db, { sessionId: s.id, role: 'user', source: '', content: 'x', clientMessageId: 'c1' })).rejects.toMatchObject({ cause: { code: '23505', constraint: expect.any(String) } });

      await db.exec('create table kv (k text primary key, v bytea)');
      await db.transaction(async (tx) => {
        await tx.query('insert into kv values ($1, $2)', ['a', Buffer.from([1, 2, 3])]);
        await tx.query('insert into kv values ($1, $2)', ['b', null]);
      });
      await expect(
        db.transaction(async (tx) => {
          await tx.query('insert into kv values ($1, $2)', ['c', null]);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(await db.queryArrays!('select k from kv order by k')).toEqual([['a'], ['b']]);
      const [row] = await db.query<{ v: Uint8Array }>('select v from kv where k = $1', ['a']);
      expect([...row.v]).toEqual([1, 2, 3]);
    } finally {
      await db.close();
    }
    // Closed means no statement runs any more.
    await expect(db.query('select 1')).rejects.toThrow();

    const again = await openDatabase({ dataDir, worker: true });
    try {
      expect(await again.queryArrays!('select k from kv order by k')).toEqual([['a'], ['b']]);
    } finally {
      await again.close();
    }
  });
});
