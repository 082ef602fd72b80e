// bot.yaml `search:` run by searchTable on a real in-memory PGlite: each filter kind, values as parameters (never
// SQL), rejected values, sort orders, the total before the limit, and the widening from a town to its region.
import { PGlite } from '@electric-sql/pglite';
import { beforeAll, describe, expect, it } from 'vitest';
import { gazetteerSchema } from '../bot/config.ts';
import { coreMigrations, type Sql } from '../store/index.ts';
import { searchesSchema, searchProblems } from './table-search-schema.ts';
import { expandAliases, gazetteerAliases, searchTable } from './table-search.ts';

const gazetteers = [
  { type: 'region', values: { NORTH: ['northern', 'the north'], SOUTH: ['southern'] } },
  { type: 'colour', values: { Red: ['scarlet', 'crimson'], Blue: ['navy'] } },
  { type: 'product', values: { 'Mountain Bike': ['mtb'], 'Road Bike': [] } },
].map((g) => gazetteerSchema.parse(g));

const search = searchesSchema.parse({
  offers: {
    table: 'offers',
    columns: { id: 'number', name: 'text', town: 'text', region: 'text', colour: 'text', price: 'number', in_stock: 'boolean' },
    filters: {
      name: { match: 'exact_then_words', column: 'name_norm', gazetteer: 'product', prefixes: ['used '], stopwords: ['the', 'bike'] },
      words: { match: 'words', column: 'name_norm' },
      town: { match: 'folded', column: 'town_norm', carries: 'region' },
      region: { match: 'gazetteer', column: 'region', gazetteer: 'region' },
      colour: { match: 'gazetteer', column: 'colour', gazetteer: 'colour', strip: ['in', 'a'] },
      colours: { match: 'any', column: 'colour', gazetteer: 'colour' },
      max_price: { match: 'at_most', column: 'price', min: 0, max: 10000 },
      min_price: { match: 'at_least', column: 'price', min: 0 },
      sku: { match: 'equal', column: 'sku' },
      availability: { match: 'enum', values: { now: { in_stock: true }, later: { in_stock: false } } },
    },
    text: { column: 'notes' },
    sorts: { cheapest: ['price', 'id'], dearest: ['price desc', 'id'] },
    limit: { default: 3, max: 5 },
    widen: { from: 'town', to: 'region', below: 2, label: 'town' },
  },
});
const config = { search, gazetteers };

// id, name, town, region, colour, price, in_stock, sku, notes
const ROWS: [string, string, string, string, number | null, boolean, string, string][] = [
  ['Mountain Bike', 'Oakford', 'NORTH', 'Red', 900, true, 'MB-1', 'full suspension'],
  ['Mountain Bike', 'Oakford', 'NORTH', 'Blue', 700, false, 'MB-2', 'hardtail'],
  ['used Mountain Bike', 'Elmwick', 'NORTH', 'Red', 300, true, 'MB-3', 'scratched frame'],
  ['Mountain Bike Helmet', 'Elmwick', 'NORTH', 'Blue', 60, true, 'HE-1', 'helmet'],
  ['Road Bike', 'Elmwick', 'NORTH', 'Red', 1200, true, 'RB-1', 'carbon frame'],
  ['Road Bike', 'Ashby', 'SOUTH', 'Blue', null, true, "RB-2'", 'price on request'],
  ['City Bike', 'Ashby', 'SOUTH', 'Red', 400, false, 'CB-1', 'basket'],
];

let sql: Sql;
beforeAll(async () => {
  const pg = new PGlite();
  for (const m of coreMigrations) await pg.exec(m.sql);
  await pg.exec(`create table offers (id serial primary key, name text, name_norm text, town text, town_norm text, region text, colour text,
    price numeric, in_stock boolean, sku text, notes text)`);
  for (const [name, town, region, colour, price, inStock, sku, notes] of ROWS) {
    await pg.query('insert into offers (name, name_norm, town, town_norm, region, colour, price, in_stock, sku, notes) values ($1, lower($1), $2, lower($2), $3, $4, $5, $6, $7, $8)', [
      name, town, region, colour, price, inStock, sku, notes,
    ]);
  }
  sql = { query: async <T,>(text: string, params?: unknown[]) => (await pg.query<T>(text, params)).rows };
});

const run = (params: Parameters<typeof searchTable>[3]) => searchTable<{ id: number; name: string; town: string; price: number | null; in_stock: boolean }>(sql, config, 'offers', params);
const ids = async (params: Parameters<typeof searchTable>[3]) => (await run({ limit: 5, ...params })).rows.map((r) => r.id);

describe('searchTable filters', () => {
  it('matches an exact value first (aliases expanded, a prefix allowed), then its words at word starts', async () => {
    expect(await ids({ filters: { name: 'mountain bike' } })).toEqual([3, 2, 1]);
    expect(await ids({ filters: { name: 'MTB' } })).toEqual([3, 2, 1]);
    expect(await ids({ filters: { name: 'helmet' } })).toEqual([4]);
    expect(await ids({ filters: { name: 'mountain' } })).toEqual([4, 3, 2, 1]);
    expect(await ids({ filters: { name: 'mountain bike' }, match: 'words' })).toEqual([4, 3, 2, 1]);
    expect(await ids({ filters: { name: 'moun' }, match: 'exact' })).toEqual([]);
    expect(await ids({ filters: { words: 'bik' } })).toHaveLength(5);
    expect(expandAliases('mtb helmet', new Map([['mtb', 'mountain bike']]))).toBe('mountain bike helmet');
    const aliases = gazetteerAliases({ values: { 'Mountain Bike': ['MTB', 'mountain bike', 'Bici de Montaña'] } });
    expect([...aliases]).toEqual([['mtb', 'mountain bike'], ['bici de montana', 'mountain bike']]);
    expect(expandAliases('a bici de montana and an mtb', aliases)).toBe('a mountain bike and an mountain bike');
  });

  it('compares folded text, a gazetteer value by any synonym, any of a list, and numbers within bounds', async () => {
    expect(await ids({ filters: { town: '  ÁSHBY!' } })).toEqual([7, 6]);
    expect(await ids({ filters: { region: 'the north', colour: 'in crimson' } })).toEqual([3, 1, 5]);
    expect(await ids({ filters: { colours: ['navy'] } })).toEqual([4, 2, 6]);
    expect(await ids({ filters: { max_price: '400', min_price: 300 } })).toEqual([3, 7]);
    expect(await ids({ filters: { max_price: '59,99' } })).toEqual([]);
    expect(await ids({ filters: { sku: 'MB-2' } })).toEqual([2]);
    expect(await ids({ filters: { availability: 'later' } })).toEqual([7, 2]);
  });

  it('ignores empty values and searches the full text of the text column', async () => {
    expect(await ids({ filters: { town: '', colours: [] }, query: 'frame' })).toEqual([3, 5]);
  });

  it('reports values it cannot understand, unknown filters included, and then returns no rows', async () => {
    const r = await run({ filters: { region: 'east', max_price: 20000, availability: 'maybe', size: 'L', colours: ['red', 'green'], name: '!!!' } });
    expect(r.rejected.sort()).toEqual(['availability', 'colours', 'max_price', 'name', 'region', 'size']);
    expect(r).toMatchObject({ rows: [], total: 0 });
  });

  it('passes every value as a parameter: injection attempts are text, the table stays', async () => {
    const attempts = [
      { filters: { name: "'; drop table offers; --" } },
      { filters: { town: "Ashby' or '1'='1" } },
      { filters: { sku: "x' or 1=1 --" } },
      { filters: { max_price: '400 or 1=1' } },
      { filters: { availability: "now' or 1=1 --" } },
      { query: "1; delete from offers where '1'='1" },
    ];
    for (const params of attempts) expect((await run(params)).rows, JSON.stringify(params)).toEqual([]);
    expect(await ids({ filters: { sku: "RB-2'" } })).toEqual([6]);
    const [{ n }] = await sql.query<{ n: number }>('select count(*)::int as n from offers');
    expect(n).toBe(7);
  });
});

describe('searchTable sorts, limits and widening', () => {
  it('sorts by a named order (the first by default, nulls last), counts the rows before the limit, clamps the limit', async () => {
    const cheap = await run({});
    expect(cheap.rows.map((r) => r.price)).toEqual([60, 300, 400]);
    expect(cheap.total).toBe(7);
    const dear = await run({ sort: 'dearest', limit: 99 });
    expect(dear.rows.map((r) => r.price)).toEqual([1200, 900, 700, 400, 300]);
    expect(dear.applied).toEqual({ sort: 'dearest' });
    expect((await run({ sort: 'nonsense' })).rows.map((r) => r.price)).toEqual([60, 300, 400]);
    expect(dear.rows[0]).toMatchObject({ id: 5, name: 'Road Bike', in_stock: true });
    expect((await run({ sort: 'dearest', filters: { region: 'SOUTH' } })).rows.map((r) => r.price)).toEqual([400, null]);
  });

  it('widens a town with too few rows to its region, unless told not to', async () => {
    const wide = await run({ filters: { town: 'oakford', colour: 'red' } });
    expect(wide.widened).toEqual({ from: 'Oakford', to: 'NORTH', filter: 'region' });
    expect(wide.rows.map((r) => r.id)).toEqual([3, 1, 5]);
    const narrow = await run({ filters: { town: 'oakford', colour: 'red' }, widen: false });
    expect(narrow).toMatchObject({ total: 1, applied: { town: 'oakford', colour: 'Red' } });
    expect(narrow.widened).toBeUndefined();
    expect((await run({ filters: { town: 'elmwick' } })).widened).toBeUndefined();
    expect((await run({ filters: { town: 'elmwick' }, widen: 4, limit: 5 })).widened).toEqual({ from: 'Elmwick', to: 'NORTH', filter: 'region' });
  });

  // Two steps: the town's region, then a group of regions; an exact name through every step before its words.
  const steps = searchesSchema.parse({
    offers: {
      ...search.offers,
      filters: { ...search.offers.filters, name: { ...search.offers.filters.name, broad: ['road bike'] }, regions: { match: 'any', column: 'region', gazetteer: 'region' } },
      widen: [
        { from: 'town', to: 'region', below: 2, label: 'town' },
        { from: 'region', to: 'regions', below: 2, groups: { Everywhere: ['NORTH', 'SOUTH'] } },
      ],
    },
  });
  const wider = (params: Parameters<typeof searchTable>[3]) => searchTable<{ id: number }>(sql, { search: steps, gazetteers }, 'offers', { limit: 5, ...params });

  it('widens in steps: the town, its region, then the group holding the region', async () => {
    const r = await wider({ filters: { town: 'ashby', name: 'mountain bike' } });
    expect(r.widened).toEqual({ from: 'Ashby', to: 'Everywhere', filter: 'regions' });
    expect(r).toMatchObject({ matched: 'exact', total: 3 });
    expect(r.rows.map((x) => x.id).sort()).toEqual([1, 2, 3]);
    // A town the table lacks is named as the caller wrote it; its carried region is the first step's.
    expect((await wider({ filters: { town: 'Nowhere - south', colour: 'blue' } })).widened).toEqual({ from: 'Nowhere', to: 'Everywhere', filter: 'regions' });
  });

  it('looks for the exact value through every step before its words, and matches a broad value by its words', async () => {
    const words = await wider({ filters: { town: 'ashby', name: 'mountain' } });
    expect(words).toMatchObject({ matched: 'words', widened: { to: 'Everywhere' } });
    expect(words.rows.map((x) => x.id).sort()).toEqual([1, 2, 3, 4]);
    expect(await wider({ filters: { town: 'ashby', name: 'road bike' } })).toMatchObject({ matched: 'broad', total: 2 });
    expect((await wider({ filters: { town: 'ashby', name: 'road bike' }, match: 'exact' })).matched).toBe('exact');
  });

  it('reads a value the folded text carries ("Ashby - south" → region SOUTH), which a given one overrides', async () => {
    const r = await run({ filters: { town: 'Ashby / south' }, widen: false });
    expect(r.applied).toEqual({ town: 'ashby', region: 'SOUTH' });
    expect(r.total).toBe(2);
    expect((await run({ filters: { town: 'Ashby - south', region: 'north' } })).applied).toMatchObject({ town: 'ashby', region: 'NORTH' });
  });
});

describe('bot.yaml search: validation', () => {
  it('takes only snake_case identifiers and checks the gazetteers, carried filters and widening it names', () => {
    expect(() => searchesSchema.parse({ s: { table: 'offers; drop table x', columns: { id: 'number' } } })).toThrow();
    expect(() => searchesSchema.parse({ s: { table: 'offers', columns: { 'id, secret': 'text' } } })).toThrow();
    expect(() => searchesSchema.parse({ s: { table: 'offers', columns: { id: 'number' }, sorts: { x: ['id; drop'] } } })).toThrow();
    expect(() => searchesSchema.parse({ s: { table: 'offers', columns: { id: 'number' }, filters: { f: { match: 'enum', column: 'id', values: {} } } } })).toThrow();
    const bad = searchesSchema.parse({
      s: { table: 'offers', columns: { id: 'number' }, filters: { c: { match: 'gazetteer', column: 'c', gazetteer: 'nope' }, t: { match: 'folded', column: 't', carries: 'x' } }, widen: { from: 'c', to: 'y' } },
    });
    expect(searchProblems(bad, new Set(['region'])).map((p) => p.path.join('.'))).toEqual(['search.s.filters.c.gazetteer', 'search.s.filters.t.carries', 'search.s.widen.from', 'search.s.widen.to']);
    const groups = searchesSchema.parse({
      s: { table: 'offers', columns: { id: 'number' }, filters: { t: { match: 'folded', column: 't' }, r: { match: 'equal', column: 'r' } }, widen: [{ from: 't', to: 'r' }, { from: 'r', to: 't', groups: { g: ['x'] } }] },
    });
    expect(searchProblems(groups, new Set()).map((p) => `${p.path.join('.')}: ${p.message}`)).toEqual([
      "search.s.widen.1.to: 't' is not an any filter (a step with groups searches a group's values)",
    ]);
    expect(searchProblems(search, new Set(gazetteers.map((g) => g.type)))).toEqual([]);
  });
});
