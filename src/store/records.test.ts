import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { DeferredWrite } from '../engine/outcomes.ts';
import { openTestDatabase, testDrivers } from './index.ts';
import { createRecordTables, recordRows, recordTableSql } from './records.ts';
import { recordsSchema } from './records-schema.ts';

// A library desk's records: readers, and loans that point at them.
const config = {
  id: 'desk',
  records: recordsSchema.parse(
    parse(`
desk_readers:
  scope: [desk]
  columns: { name: { type: text, required: true }, phone: text }
  indexes: [[desk, created_at]]
desk_loans:
  scope: [desk]
  columns:
    reader_id: { type: text, required: true, references: desk_readers, onDelete: cascade }
    book: { type: text, required: true }
    fee: { type: number, required: true, default: 0 }
    returned: { type: boolean, required: true, default: false }
    due: date
    note: { type: text, default: "it's new" }
  unique: [[reader_id, book]]
`),
  ),
};
interface Reader { id: string; name: string; phone: string | null; created_at: Date }
interface Loan { id: string; reader_id: string; book: string; fee: number; returned: boolean; due: Date | null; note: string | null; created_at: Date }
const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 10, minute));

describe.each(testDrivers())('records on %s', (driver) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    db = await openTestDatabase(driver);
    await createRecordTables(db, config);
    await createRecordTables(db, config); // a second start changes nothing
  });
  afterAll(async () => db?.drop());

  it('writes each table as declared: id and created_at, the scope, types, defaults, references, unique columns, indexes', () => {
    expect(recordTableSql('desk_loans', config.records.desk_loans)[0]).toBe(
      "CREATE TABLE IF NOT EXISTS desk_loans (id text PRIMARY KEY, desk text NOT NULL, reader_id text NOT NULL REFERENCES desk_readers(id) ON DELETE CASCADE, book text NOT NULL, fee numeric NOT NULL DEFAULT 0, returned boolean NOT NULL DEFAULT false, due timestamptz, note text DEFAULT 'it''s new', created_at timestamptz NOT NULL DEFAULT now(), UNIQUE (reader_id, book))",
    );
    expect(recordTableSql('desk_readers', config.records.desk_readers)[1]).toBe('CREATE INDEX IF NOT EXISTS desk_readers_desk_created_at_idx ON desk_readers (desk, created_at)');
  });

  it("reads and writes a scope's rows through TurnRows, values read back by their declared type", async () => {
    const writes: DeferredWrite[] = [];
    const readers = recordRows<Reader>(config, 'desk_readers', db, writes, { desk: 'north' });
    const loans = recordRows<Loan>(config, 'desk_loans', db, (w) => writes.push(w), { desk: 'north' });
    const ann = readers.insert({ id: 'r1', name: 'Ann', phone: null, created_at: at(1) });
    loans.insert({ id: 'l1', reader_id: ann.id, book: 'Dune', fee: 2.5, returned: false, due: at(30), note: null, created_at: at(2) });
    for (const w of writes) await w(db);
    const fresh = recordRows<Loan>(config, 'desk_loans', db, [], { desk: 'north' });
    expect(await fresh.list()).toEqual([{ id: 'l1', reader_id: 'r1', book: 'Dune', fee: 2.5, returned: false, due: at(30), note: null, created_at: at(2) }]);
    expect(await recordRows<Loan>(config, 'desk_loans', db, [], { desk: 'south' }).list()).toEqual([]);
    // The database keeps the declaration: a loan of no reader is refused, a reader's loans go with them.
    await expect(db.query("INSERT INTO desk_loans (id, desk, reader_id, book) VALUES ('l2', 'north', 'nobody', 'Emma')")).rejects.toThrow();
    await expect(db.query("INSERT INTO desk_loans (id, desk, reader_id, book) VALUES ('l3', 'north', 'r1', 'Dune')")).rejects.toThrow();
    await db.query("DELETE FROM desk_readers WHERE id = 'r1'");
    expect(await fresh.list()).toEqual([]);
  });

  it('names the table or the scope a bot got wrong', () => {
    expect(() => recordRows(config, 'desk_books', db, [])).toThrow("bot 'desk': bot.yaml has no record table 'desk_books' (records: desk_readers, desk_loans)");
    expect(() => recordRows(config, 'desk_loans', db, [])).toThrow('records.desk_loans is scoped by desk; got nothing');
    expect(() => recordsSchema.parse({ t: { columns: { id: 'text' } } })).toThrow(/declared by the table itself/);
  });
});
