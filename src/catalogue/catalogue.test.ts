// Relaxed catalogue searches and record lists.
import { describe, expect, it } from 'vitest';
import { formatRecordList, loadInBackground, relaxations, searchRelaxing } from './index.ts';

interface Query { kind: string; flavour?: string; size?: string; maxPrice?: number }
interface Cake { kind: string; flavour: string; size: string; price: number }

const CAKES: Cake[] = [
  { kind: 'bolo', flavour: 'cenoura', size: 'grande', price: 80 },
  { kind: 'bolo', flavour: 'limão', size: 'pequeno', price: 35 },
  { kind: 'torta', flavour: 'limão', size: 'grande', price: 60 },
];
const search = (log: Query[]) => async (q: Query) => {
  log.push(q);
  return CAKES.filter((c) => c.kind === q.kind && (!q.flavour || c.flavour === q.flavour) && (!q.size || c.size === q.size) && (q.maxPrice === undefined || c.price <= q.maxPrice));
};

const ask = (q: Query, order: (keyof Query)[], log: Query[] = []) => searchRelaxing(q, order, search(log));

describe('relaxations', () => {
  it('drops fewer constraints first, then in the given order, skipping those not present', () => {
    expect(relaxations(['size', 'flavour'], ['flavour', 'size', 'maxPrice'])).toEqual([['flavour'], ['size'], ['flavour', 'size']]);
    expect(relaxations(['maxPrice'], [])).toEqual([]);
  });
});

describe('searchRelaxing', () => {
  it('returns what matches everything, without dropping anything', async () => {
    const log: Query[] = [];
    const r = await ask({ kind: 'bolo', flavour: 'limão' }, ['flavour', 'size'], log);
    expect(r.items.map((c) => c.price)).toEqual([35]);
    expect(r.relaxed).toEqual([]);
    expect(log).toHaveLength(1);
  });

  it('drops the first constraint in order that makes something match, and says which', async () => {
    const r = await ask({ kind: 'bolo', flavour: 'limão', size: 'grande' }, ['flavour', 'size', 'maxPrice']);
    expect(r.relaxed).toEqual(['flavour']);
    expect(r.query).toEqual({ kind: 'bolo', size: 'grande' });
    expect(r.items.map((c) => c.flavour)).toEqual(['cenoura']);
  });

  it('never drops a key outside the order; with nothing found, reports the last attempt', async () => {
    const r = await ask({ kind: 'pão', flavour: 'limão', maxPrice: 10 }, ['flavour', 'maxPrice']);
    expect(r.items).toEqual([]);
    expect(r.relaxed).toEqual(['flavour', 'maxPrice']);
    expect(r.query).toEqual({ kind: 'pão' });
  });
});

describe('formatRecordList', () => {
  const templates = { intro: 'Temos {count} opções:', item: '{n}. {name} — R$ {price}', more: '… e mais {count}' };
  it('numbers the records from the item template after the intro', () => {
    expect(formatRecordList([{ name: 'Bolo de cenoura', price: 80 }, { name: 'Torta de limão', price: 60 }], templates))
      .toBe('Temos 2 opções:\n1. Bolo de cenoura — R$ 80\n2. Torta de limão — R$ 60');
  });
  it('shows at most `max` and counts the rest', () => {
    const many = Array.from({ length: 7 }, (_, i) => ({ name: `Sabor ${i + 1}`, price: 10 + i }));
    const text = formatRecordList(many, templates, 3).split('\n');
    expect(text).toHaveLength(5);
    expect(text.at(-1)).toBe('… e mais 4');
    expect(formatRecordList(many.slice(0, 1), { item: '{name}' })).toBe('Sabor 1');
  });
});

describe('loadInBackground', () => {
  it('answers with the initial value until the load succeeds, loads once, and retries a failure after the delay', async () => {
    let now = 0;
    let failing = true;
    let loads = 0;
    const logs: string[] = [];
    const menu = loadInBackground<string[]>(['pão'], async () => {
      loads++;
      if (failing) throw new Error('timeout');
      return ['pão', 'sonho', 'broa'];
    }, { retryMs: 1000, now: () => now, log: (m) => logs.push(m) });
    expect(menu.current()).toEqual(['pão']);
    expect(await menu.get()).toEqual(['pão']);
    expect(logs[0]).toMatch(/timeout/);
    failing = false;
    now = 400;
    expect(await menu.get()).toEqual(['pão']); // too soon to retry
    expect(loads).toBe(1);
    now = 1200;
    expect(await menu.get()).toEqual(['pão', 'sonho', 'broa']);
    await menu.get();
    expect(loads).toBe(2);
    expect(menu.current()).toHaveLength(3);
  });
});
