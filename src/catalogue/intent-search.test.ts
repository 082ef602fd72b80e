// An intent answered by a bot.yaml search without code: the filters a message's entities give, a follow-up that
// keeps the last search's others, defaults, a refinement bounded by the rows shown; and a later message pointing at
// one of the rows shown, by position or by a word of its name columns.
import { describe, expect, it } from 'vitest';
import { intentSearchSchema } from './intent-search-schema.ts';
import { resultEntities, searchFilters, type LastSearch } from './intent-search.ts';
import { tableSearchSchema } from './table-search-schema.ts';
import type { Entity } from '../nlu/types.ts';

const search = tableSearchSchema.parse({
  table: 'homes',
  columns: { id: 'number', area: 'text', rooms: 'number', price: 'number', street: 'text' },
  filters: { area: { match: 'equal', column: 'area' }, rooms: { match: 'equal', column: 'rooms' }, max_price: { match: 'at_most', column: 'price' }, deal: { match: 'equal', column: 'deal' } },
});
const spec = intentSearchSchema.parse({
  name: 'homes',
  filters: { area: 'area', rooms: 'rooms', max_price: 'budget' },
  defaults: { deal: 'rent' },
  refine: [{ phrases: ['más barato', 'cheaper'], filter: 'max_price', than: 'price' }],
  results: { type: 'home', value: '{street} ({area})', names: ['street', 'id'] },
});
const e = (type: string, value: unknown): Entity => ({ type, value, text: String(value) });
const last: LastSearch = {
  filters: { area: 'Palermo', rooms: 2, max_price: 500000 },
  rows: [
    { id: 108, area: 'Palermo', rooms: 2, price: 450000, street: 'Malabia 2210' },
    { id: 101, area: 'Palermo', rooms: 2, price: 480000, street: 'Gorriti 4521' },
  ],
};

describe('searchFilters', () => {
  it('takes each filter from its entity, with the defaults for what is not said', () => {
    expect(searchFilters(spec, search, 'busco 2 ambientes en Palermo', [e('rooms', 2), e('area', 'Palermo')], undefined).filters).toEqual({ deal: 'rent', rooms: 2, area: 'Palermo' });
  });

  it('takes a filter from the first of its entity types the message has', () => {
    const both = { ...spec, filters: { ...spec.filters, rooms: ['rooms', 'studio'] } };
    expect(searchFilters(both, search, 'un monoambiente', [e('studio', 1)], undefined).filters).toMatchObject({ rooms: 1 });
    expect(searchFilters(both, search, '2 ambientes, no monoambiente', [e('studio', 1), e('rooms', 2)], undefined).filters).toMatchObject({ rooms: 2 });
  });

  it('keeps the last search for a follow-up that gives one filter, and starts again for a new request', () => {
    expect(searchFilters(spec, search, 'y en Belgrano?', [e('area', 'Belgrano')], last).filters).toEqual({ deal: 'rent', area: 'Belgrano', rooms: 2, max_price: 500000 });
    expect(searchFilters(spec, search, '3 ambientes en Belgrano', [e('area', 'Belgrano'), e('rooms', 3)], last).filters).toEqual({ deal: 'rent', area: 'Belgrano', rooms: 3 });
    expect(searchFilters({ ...spec, followUp: 0 }, search, 'y en Belgrano?', [e('area', 'Belgrano')], last).filters).toEqual({ deal: 'rent', area: 'Belgrano' });
  });

  it('bounds an at_most filter below the cheapest row shown for a refinement phrase, said without accents too', () => {
    const { filters, refined } = searchFilters(spec, search, 'algo mas barato?', [], last);
    expect(refined).toBe(true);
    expect(filters).toEqual({ deal: 'rent', area: 'Palermo', rooms: 2, max_price: 449999 });
    expect(searchFilters(spec, search, 'algo barato', [], last).refined).toBe(false);
  });
});

describe('resultEntities', () => {
  const config = { intents: { buscar: { search: spec } } } as never;
  const memory = { buscar: last };
  it('reads a position in the rows shown, or the one row a word of its name columns names', () => {
    expect(resultEntities(config, memory, 'quiero visitar el segundo', 'es').map((x) => x.value)).toEqual(['Gorriti 4521 (Palermo)']);
    expect(resultEntities(config, memory, 'me gustaria ver el de la calle malabia', 'es').map((x) => x.value)).toEqual(['Malabia 2210 (Palermo)']);
    expect(resultEntities(config, memory, 'me interesa el aviso 101', 'es').map((x) => x.value)).toEqual(['Gorriti 4521 (Palermo)']);
  });

  it('reads nothing without rows shown, out of range, or from a word two rows share', () => {
    expect(resultEntities(config, {}, 'el segundo', 'es')).toEqual([]);
    expect(resultEntities(config, memory, 'el quinto', 'es')).toEqual([]);
    expect(resultEntities(config, { buscar: { ...last, rows: [last.rows[0], { ...last.rows[1], street: 'Malabia 2300' }] } }, 'el de malabia', 'es')).toEqual([]);
  });
});

describe('bot.yaml intents.<id>.search: validation', () => {
  it('names a search of search:, its filters, at_most/at_least refinements, and makes its results a slot kind', async () => {
    const { checkedBotConfigSchema } = await import('../bot/config.ts');
    const base = {
      id: 'x',
      language: 'es',
      understanding: { fallback: 'charla' },
      search: { homes: { table: 'homes', columns: { id: 'number' }, filters: { area: { match: 'equal', column: 'area' } } } },
      forms: { visita: { slots: { casa: { kind: 'home', ask: '¿Cuál?' } }, done: 'Listo' } },
    };
    const intents = (search: unknown) => ({ charla: { label: 'c' }, visita: { label: 'v' }, buscar: { label: 'b', search } });
    expect(checkedBotConfigSchema.safeParse({ ...base, intents: intents({ name: 'homes', filters: { area: 'area' }, results: { type: 'home', value: '{id}', names: ['id'] } }) }).success).toBe(true);
    const problems = (search: unknown) => checkedBotConfigSchema.safeParse({ ...base, intents: intents(search) }).error?.issues.map((i) => i.message) ?? [];
    expect(problems({ name: 'nope', results: { type: 'home', value: '{id}', names: ['id'] } })).toEqual([expect.stringMatching(/'nope' is not one of the searches/)]);
    expect(problems({ name: 'homes', filters: { size: 'size' }, refine: [{ phrases: ['más barato'], filter: 'area', than: 'id' }], results: { type: 'home', value: '{id}', names: ['id'] } })).toEqual([
      "'size' is not a filter of search 'homes'",
      "'area' is no at_most or at_least filter",
    ]);
    expect(problems('homes')).toEqual([expect.stringMatching(/'home' is not a slot kind/)]);
  });
});
