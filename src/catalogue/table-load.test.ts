// bot.yaml `tables:` loaded by loadTable from CSV files into a real in-memory PGlite: constants, cells typed and
// title-cased, a regex's group, a gazetteer's value, lookups tried key by key (an ambiguous key skipped), several
// rows from one line with a required column, folded copies, the one-statement load that runs only on an empty table.
import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { gazetteerSchema } from '../bot/config.ts';
import type { Sql } from '../store/index.ts';
import { tableProblems, tablesSchema } from './table-load-schema.ts';
import { createTable, loadTable, readTableRows, tableDir, titleCase } from './table-load.ts';

const gazetteers = [gazetteerSchema.parse({ type: 'size', values: { Small: ['s', 'petite'], Large: ['l', 'big'] } })];

const tables = tablesSchema.parse({
  shirts: {
    dir: 'data',
    dirEnv: 'SHIRTS_DIR',
    titleCase: { lower: ['of', 'the'], upper: ['usa'] },
    lookups: {
      rating: { file: 'ratings.csv', value: 'score', keys: { code: ['code'], brand: ['brand'], brand_country: ['brand', 'country'] } },
    },
    sources: [
      {
        file: 'shirts.csv',
        columns: {
          kind: { value: 'shirt' },
          name: { from: 'NAME', case: 'title' },
          brand: { from: 'LABEL', pattern: '^(.+?)(?:\\s+-\\s+|$)' },
          country: { from: 'LABEL', pattern: '.*\\s-\\s(.+)$' },
          size: { from: 'SIZE', gazetteer: 'size' },
          price: { from: 'PRICE', type: 'number', nullIf: [0] },
          rating: { lookup: 'rating', by: [{ code: ['CODE'] }, { brand: ['brand'] }, { brand_country: ['brand', 'country'] }], type: 'number' },
        },
        rows: [
          { colour: { value: 'red' }, stock: { sum: ['RED_A', 'RED_B'], nullIf: [0], required: true } },
          { colour: { value: 'blue' }, stock: { sum: ['BLUE'], nullIf: [0], required: true } },
        ],
      },
    ],
    columns: { name_norm: { fold: ['name'] }, search_text: { fold: ['name', 'brand', 'colour'] } },
  },
});
const config = { tables, gazetteers };

function writeFiles(): string {
  const dir = mkdtempSync(join(tmpdir(), 'table-load-'));
  writeFileSync(
    join(dir, 'shirts.csv'),
    [
      'CODE,NAME,LABEL,SIZE,PRICE,RED_A,RED_B,BLUE',
      '1,PRIDE OF THE USA,Acme,big,19.5,2,1,',
      '2,PLAIN TEE,Bolt - BR,petite,0,,,4',
      '3,"GRAPHIC, WIDE",Bolt - PT,XL,12,,,',
      '4,CHAMBRAY,Crest,s,,1,,1',
    ].join('\n'),
  );
  writeFileSync(join(dir, 'ratings.csv'), ['code,brand,country,score', '1,ACME,US,4.5', '9,Bolt,BR,3.1', '8,Bolt,PT,2.2', '7,Crest,US,', '6,Crest,FR,3.9'].join('\n'));
  return dir;
}

describe('readTableRows', () => {
  it('makes each column as bot.yaml says, a row per `rows:` entry with its required column', async () => {
    const rows = await readTableRows(config, 'shirts', { dir: writeFiles() });
    expect(rows.map((r) => `${r.name}/${r.colour}/${r.stock}`)).toEqual(['Pride of the USA/red/3', 'Plain Tee/blue/4', 'Chambray/red/1', 'Chambray/blue/1']);
    expect(rows[0]).toMatchObject({ kind: 'shirt', brand: 'Acme', country: null, size: 'Large', price: 19.5, rating: 4.5, name_norm: 'pride of the usa', search_text: 'pride of the usa acme red' });
    // A zero price is none; the code 2 is no rating's: the brand Bolt is two (ambiguous), Bolt with BR is one.
    expect(rows[1]).toMatchObject({ brand: 'Bolt', country: 'BR', size: 'Small', price: null, rating: 3.1 });
    // Crest's only rating with a score is France's: the brand alone finds one value (the empty score is left out).
    expect(rows[2]).toMatchObject({ size: 'Small', price: null, rating: 3.9 });
  });

  it('reads at most maxRows lines of each source and names a column it cannot find', async () => {
    expect(await readTableRows(config, 'shirts', { dir: writeFiles(), maxRows: 1 })).toHaveLength(1);
    const broken = tablesSchema.parse({ t: { sources: [{ file: 'shirts.csv', columns: { x: { from: 'NOPE' } } }] } });
    await expect(readTableRows({ tables: broken, gazetteers }, 't', { dir: writeFiles() })).rejects.toThrow(/'NOPE' is neither a column of shirts.csv/);
  });

  it('title-cases with particles and acronyms, and finds its folder', () => {
    expect(titleCase('CIÊNCIA DA COMPUTAÇÃO EAD', { lower: ['da'], upper: ['ead'] })).toBe('Ciência da Computação EAD');
    expect(tableDir(tables.shirts, '/bots/x', {})).toBe('/bots/x/data');
    expect(tableDir(tables.shirts, '/bots/x', { SHIRTS_DIR: '/srv/shirts' })).toBe('/srv/shirts');
  });
});

describe('loadTable', () => {
  let sql: Sql;
  beforeAll(async () => {
    const pg = new PGlite();
    await pg.exec(`create table shirts (id serial primary key, kind text, name text, brand text, country text, size text, price numeric,
      rating numeric, colour text, stock int, name_norm text, search_text text)`);
    sql = { query: async <T,>(text: string, params?: unknown[]) => (await pg.query<T>(text, params)).rows };
  });

  it('writes every row in one statement, typed as the table says, and only into an empty table', async () => {
    const dir = writeFiles();
    const log: string[] = [];
    expect(await loadTable(sql, config, 'shirts', { botDir: '/nowhere', env: { SHIRTS_DIR: dir }, log: (m) => log.push(m) })).toEqual({ rows: 4, loaded: true });
    const [first] = await sql.query<{ stock: number; price: string }>(`select stock, price from shirts where name = 'Pride of the USA'`);
    expect(first).toEqual({ stock: 3, price: '19.5' });
    expect(await loadTable(sql, config, 'shirts', { botDir: '/nowhere', env: { SHIRTS_DIR: dir }, log: (m) => log.push(m) })).toEqual({ rows: 4, loaded: false });
    expect(log).toEqual([expect.stringMatching(/^shirts: 4 rows loaded from shirts\.csv/), 'shirts: already loaded (4 rows)']);
  });
});

describe('createTable', () => {
  it("creates a bot's table from the columns bot.yaml makes (numbers and sums as numbers), once, ready to load", async () => {
    const pg = new PGlite();
    const sql: Sql = { query: async <T,>(text: string, params?: unknown[]) => (await pg.query<T>(text, params)).rows };
    await createTable(sql, config, 'shirts');
    await createTable(sql, config, 'shirts');
    const columns = await sql.query<{ column_name: string; data_type: string }>(`select column_name, data_type from information_schema.columns where table_name = 'shirts' order by column_name`);
    expect(Object.fromEntries(columns.map((c) => [c.column_name, c.data_type]))).toEqual({
      brand: 'text', colour: 'text', country: 'text', kind: 'text', name: 'text', name_norm: 'text', price: 'double precision',
      rating: 'double precision', search_text: 'text', size: 'text', stock: 'double precision',
    });
    expect(await loadTable(sql, config, 'shirts', { botDir: '/nowhere', env: { SHIRTS_DIR: writeFiles() } })).toEqual({ rows: 4, loaded: true });
    expect(await sql.query(`select stock from shirts where name = 'Plain Tee'`)).toEqual([{ stock: 4 }]);
  });
});

describe('bot.yaml tables: validation', () => {
  it('says one source per column and checks the lookups, their keys and the gazetteers named', () => {
    expect(() => tablesSchema.parse({ t: { sources: [{ file: 'a.csv', columns: { x: { from: 'A', value: 1 } } }] } })).toThrow(/one of from, value/);
    expect(() => tablesSchema.parse({ 't; drop': { sources: [{ file: 'a.csv' }] } })).toThrow();
    const bad = tablesSchema.parse({
      t: {
        lookups: { l: { file: 'b.csv', value: 'v', keys: { k: ['a', 'b'] } } },
        sources: [{ file: 'a.csv', columns: { g: { from: 'G', gazetteer: 'nope' }, x: { lookup: 'l', by: [{ k: ['A'] }, { z: ['A'] }] }, y: { lookup: 'm', by: [{ k: ['A'] }] } } }],
      },
    });
    expect(tableProblems(bad, new Set()).map((p) => `${p.path.join('.')}: ${p.message}`)).toEqual([
      "tables.t.sources.0.columns.g.gazetteer: 'nope' is not one of the gazetteers",
      'tables.t.sources.0.columns.x.by.k: key \'k\' has 2 column(s), not 1',
      "tables.t.sources.0.columns.x.by.z: 'z' is not a key of lookup 'l'",
      "tables.t.sources.0.columns.y.lookup: 'm' is not one of this table's lookups",
    ]);
    expect(tableProblems(tables, new Set(['size']))).toEqual([]);
  });
});
