// bot.yaml queries: the words a `terms` field collects from the bot's names.
import { describe, expect, it } from 'vitest';
import { botQueryTerms, termsFromNames } from './query-terms.ts';
import type { Gazetteer } from '../types.ts';

const kind: Gazetteer = { type: 'kind', values: { shirts: ['áo sơ mi', 'sơ mi'], bags: ['túi xách', 'balo'] } };
const colour: Gazetteer = { type: 'colour', values: { white: ['trắng', 'white'], black: ['đen'] } };
const names = ['Áo sơ mi Oxford Trắng', 'Balo Urban 25L', 'Túi xách Mini Đen', 'Áo sơ mi Oxford Xanh 2024'];

describe('termsFromNames', () => {
  it("collects each name's words once, folded, without short words, numbers, stop words or the listed gazetteers' words", () => {
    expect(termsFromNames({ stopwords: ['mini'], except: ['kind', 'colour'] }, [kind, colour], names)).toEqual(['oxford', 'urban', '25l', 'xanh']);
  });

  it('without except, every word of three letters or more', () => {
    expect(termsFromNames({}, [kind, colour], ['Áo sơ mi Oxford Trắng'])).toEqual(['oxford', 'trang']);
  });
});

describe('botQueryTerms', () => {
  const config = {
    gazetteers: [kind, colour],
    queries: { product: { kind: { kind: 'kind' }, words: { kind: 'terms', stopwords: ['Mini'], except: ['kind', 'colour'] } }, body: { height: { kind: 'height' } } },
  };

  it("reads the `terms` fields of the bot's query", () => {
    expect(botQueryTerms(config, 'product', names)).toEqual(['oxford', 'urban', '25l', 'xanh']);
  });

  it('a query without terms fields, or no such query, collects nothing', () => {
    expect(botQueryTerms(config, 'body', names)).toEqual([]);
    expect(botQueryTerms(config, 'other', names)).toEqual([]);
  });
});

describe('bot.yaml terms fields', () => {
  it('`except` names gazetteers the bot has', async () => {
    const { checkedBotConfigSchema } = await import('../../bot/config.ts');
    const bot = (except: string[]) => ({
      id: 'shop', language: 'vi', understanding: { fallback: 'ask' }, intents: { ask: { label: 'Ask' } }, gazetteers: [kind],
      queries: { product: { words: { kind: 'terms', except } } },
    });
    expect(checkedBotConfigSchema.safeParse(bot(['kind'])).success).toBe(true);
    expect(checkedBotConfigSchema.safeParse(bot(['colour'])).error?.issues.map((i) => i.message)).toEqual(["'colour' is not a gazetteer"]);
  });
});
