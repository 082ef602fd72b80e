import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './db.ts';

describe('PGlite prepared statements', () => {
  // One PGlite for the file (opening one takes a second or two); each test gets a fresh table.
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ dataDir: ':memory:' });
  });
  afterAll(() => db.close());
  beforeEach(() => db.exec(`drop table if exists things; create table things (id serial primary key, name text not null unique, tags text[], doc jsonb, at timestamptz, ok boolean, n bigint)`));

  it('round-trips every column type the store uses, as objects and as arrays', async () => {
    const at = new Date('2026-11-22T10:00:00.000Z');
    const insert = 'insert into things (name, tags, doc, at, ok, n) values ($1, $2, $3, $4, $5, $6) returning *';
    const [row] = await db.query(insert, ['a', ['x', 'y, z'], { deep: { list: [1, 'dois'] } }, at, true, 7]);
    expect(row).toEqual({ id: 1, name: 'a', tags: ['x', 'y, z'], doc: { deep: { list: [1, 'dois'] } }, at, ok: true, n: 7 });
    // The second run of the same text reuses the prepared statement.
    const [again] = await db.query(insert, ['b', null, null, null, false, null]);
    expect(again).toMatchObject({ id: 2, name: 'b', tags: null, doc: null, at: null, ok: false });
    expect(await db.queryArrays!('select id, name from things order by id')).toEqual([
      [1, 'a'],
      [2, 'b'],
    ]);
  });

  it('keeps Postgres errors (code and message) and stays usable after one', async () => {
    await db.query('insert into things (name) values ($1)', ['dup']);
    await expect(db.query('insert into things (name) values ($1)', ['dup'])).rejects.toMatchObject({ code: '23505' });
    await expect(db.query('select nope from things')).rejects.toThrow(/nope/);
    expect(await db.query('select count(*)::int as n from things')).toEqual([{ n: 1 }]);
  });

  it('prepares again when a table changes under a `select *`', async () => {
    await db.query('insert into things (name) values ($1)', ['a']);
    expect(Object.keys((await db.query('select * from things'))[0])).not.toContain('extra');
    await db.exec('alter table things add column extra text default $$e$$');
    expect((await db.query('select * from things'))[0]).toMatchObject({ name: 'a', extra: 'e' });
  });

  it('never runs a statement inside another caller’s open transaction', async () => {
    let release!: () => void;
    let opened!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const isOpen = new Promise<void>((r) => (opened = r));
    const tx = db.transaction(async (t) => {
      await t.query('insert into things (name) values ($1)', ['in-tx']);
      opened();
      await held;
      throw new Error('roll back');
    });
    await isOpen;
    // Issued while the transaction is open: it must wait, not join it (and so not be rolled back with it).
    const outside = db.query('insert into things (name) values ($1) returning id', ['outside']);
    await new Promise((r) => setTimeout(r, 20));
    release();
    await expect(tx).rejects.toThrow('roll back');
    await outside;
    expect((await db.query<{ name: string }>('select name from things order by id')).map((r) => r.name)).toEqual(['outside']);
  });

  it('evicts old statements past the cache size and still answers them', async () => {
    for (let i = 0; i < 300; i++) expect(await db.query(`select ${i}::int as v where $1::int = 1`, [1])).toEqual([{ v: i }]);
    expect(await db.query('select 0::int as v where $1::int = 1', [1])).toEqual([{ v: 0 }]);
    const [{ n }] = await db.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements');
    expect(n).toBeLessThanOrEqual(256);
  });
});
