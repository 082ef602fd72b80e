// bot.yaml queries: a search request's fields read in order, each taking its words.
import { describe, expect, it } from 'vitest';
import { botConfigSchema, checkedBotConfigSchema } from '../../bot/config.ts';
import { readBotQuery, readQuery } from './query-reader.ts';
import type { Gazetteer } from '../types.ts';

const kind: Gazetteer = { type: 'kind', values: { bags: ['túi', 'túi xách', 'balo'], wallets: ['ví', 'bóp'], accessories: ['phụ kiện', 'đồ'] } };
const colour: Gazetteer = { type: 'colour', cues: ['mau'], after: ['kind'], ambiguous: ['do', 'den'], values: { red: ['đỏ'], black: ['đen'], tan: ['nâu'] } };
const fields = {
  budget: { kind: 'budget', tolerance: 0.1 },
  size: { kind: 'size' },
  kind: { kind: 'kind', generic: ['accessories'] },
  colour: { kind: 'colour' },
  words: { kind: 'terms' },
};
const read = (text: string, terms: string[] = []) => readQuery(text, fields, { lang: 'vi', gazetteers: [kind, colour], terms });

describe('readQuery', () => {
  it('reads each declared field once, in order', () => {
    expect(read('tìm ví da màu nâu khoảng 400k')).toEqual({ budget: { gte: 360000, lte: 440000, currency: 'VND' }, kind: 'wallets', colour: 'tan', words: [] });
  });

  it('a field takes its words, so a later one never reads them again', () => {
    // "2 đô" is the budget, so "do" after it is not red
    const q = read('balo nao duoi 2 do');
    expect(q.budget).toMatchObject({ lte: 2, currency: 'USD' });
    expect(q.colour).toBeUndefined();
  });

  it('a generic value gives way to a more specific one named later', () => {
    expect(read('mấy món phụ kiện kiểu túi xách đen').kind).toBe('bags');
    expect(read('có phụ kiện màu đỏ không').kind).toBe('accessories');
  });

  it('terms collects the caller\'s words typed without diacritics that no field took', () => {
    const q = read('balo den urban size L', ['urban', 'den', 'trek', 'size']);
    expect(q).toMatchObject({ kind: 'bags', colour: 'black', size: 'L', words: ['urban'] });
    expect(read('balo urban', ['urban']).words).toEqual(['urban']);
    expect(read('balo urbân', ['urban']).words).toEqual([]);
  });
});

describe('readBotQuery', () => {
  const config = botConfigSchema.parse({
    id: 'tui', language: 'vi', understanding: { fallback: 'khac' }, intents: { khac: { label: 'Khác' } },
    gazetteers: [kind, colour], queries: { search: fields },
  });
  it('reads the named query of a bot, and nothing for an unknown name', () => {
    expect(readBotQuery(config, 'search', 'túi đỏ')).toMatchObject({ kind: 'bags', colour: 'red' });
    expect(readBotQuery(config, 'order', 'túi đỏ')).toEqual({});
  });
  it('a query field must be a built-in kind or a gazetteer', () => {
    const bad = { id: 'tui', language: 'vi', understanding: { fallback: 'khac' }, intents: { khac: { label: 'Khác' } }, queries: { search: { x: { kind: 'colour' } } } };
    expect(() => botConfigSchema.parse(bad)).not.toThrow();
    expect(() => checkedBotConfigSchema.parse(bad)).toThrow(/not a query kind/);
  });
});
