import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeferredWrite } from '../engine/outcomes.ts';
import { openTestDatabase } from './index.ts';
import { TurnRows } from './turn-rows.ts';

interface Loan {
  id: string;
  book: string;
  fee: number;
  returned: boolean;
  due: Date | null;
  created_at: Date;
}
const columns = { id: 'text', book: 'text', fee: 'number', returned: 'boolean', due: 'date', created_at: 'date' } as const;
const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 10, minute));

describe('TurnRows', () => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    await db.query(
      'CREATE TABLE loans (id text PRIMARY KEY, desk text NOT NULL, book text NOT NULL, fee numeric(8,2) NOT NULL, returned boolean NOT NULL, due timestamptz, created_at timestamptz NOT NULL)',
    );
  });
  afterAll(async () => db?.drop());

  const commit = async (writes: DeferredWrite[]) => {
    for (const w of writes) await w(db);
  };

  it('shows this turn its own rows and changes at once, and stores them only when the writes run (twice: no change)', async () => {
    const writes: DeferredWrite[] = [];
    const loans = new TurnRows<Loan>(db, writes, { table: 'loans', columns, scope: { desk: 'north' } });
    const a = loans.insert({ id: 'a', book: 'Kindred', fee: 1.5, returned: false, due: at(30), created_at: at(1) });
    loans.insert({ id: 'b', book: 'Beloved', fee: 2, returned: false, due: null, created_at: at(2) });
    loans.update(a, { returned: true });
    expect((await loans.list()).map((l) => [l.id, l.returned])).toEqual([['b', false], ['a', true]]);
    expect(await db.query('SELECT id FROM loans')).toEqual([]);
    await commit(writes);
    await commit(writes);
    const next = new TurnRows<Loan>(db, [], { table: 'loans', columns, scope: { desk: 'north' } });
    expect(await next.list({ book: 'Kindred' })).toEqual([{ id: 'a', book: 'Kindred', fee: 1.5, returned: true, due: at(30), created_at: at(1) }]);
    expect(await new TurnRows<Loan>(db, [], { table: 'loans', columns, scope: { desk: 'south' } }).list()).toEqual([]);
  });

  it('merges stored rows with new ones newest first, filtered alike, and refuses names that are not SQL names', async () => {
    const loans = new TurnRows<Loan>(db, [], { table: 'loans', columns, scope: { desk: 'north' } });
    loans.insert({ id: 'c', book: 'Kindred', fee: 0, returned: false, due: null, created_at: at(9) });
    expect((await loans.list({ book: 'Kindred' })).map((l) => l.id)).toEqual(['c', 'a']);
    const [stored] = await loans.list({ id: 'b' });
    expect(() => loans.update(stored, { ['fee; DROP TABLE loans' as 'fee']: 0 })).toThrow(/not a column/);
    expect(() => new TurnRows<Loan>(db, [], { table: 'loans x', columns })).toThrow(/not a SQL name/);
  });
});
