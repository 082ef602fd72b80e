// bot.yaml queries: a follow-up message's values over the previous request's.
import { describe, expect, it } from 'vitest';
import { continueBotQuery, continueQuery } from './query-follow-up.ts';

const fields = {
  budget: { kind: 'budget' },
  kind: { kind: 'kind', generic: ['accessories'] },
  colour: { kind: 'colour' },
  words: { kind: 'terms' },
};

describe('continueQuery', () => {
  it('keeps the previous values and replaces those the message names', () => {
    const previous = { kind: 'bags', colour: 'black', words: ['urban'] };
    expect(continueQuery(fields, previous, { colour: 'red', words: [] })).toEqual({
      values: { kind: 'bags', colour: 'red', words: ['urban'] },
      given: ['colour'],
    });
  });

  it('a generic value does not replace a specific one searched before, but stands when nothing was', () => {
    expect(continueQuery(fields, { kind: 'bags' }, { kind: 'accessories', words: [] })).toEqual({ values: { kind: 'bags' }, given: [] });
    expect(continueQuery(fields, {}, { kind: 'accessories' })).toEqual({ values: { kind: 'accessories' }, given: ['kind'] });
  });

  it('terms replace the previous words only when the message has some', () => {
    expect(continueQuery(fields, { words: ['urban'] }, { words: ['trek'] }).values.words).toEqual(['trek']);
    expect(continueQuery(fields, { words: ['urban'] }, { words: [] }).values.words).toEqual(['urban']);
  });

  it('a budget is replaced whole, not merged with the previous one', () => {
    const previous = { budget: { gte: 100, lte: 500, currency: 'VND' } };
    expect(continueQuery(fields, previous, { budget: { lte: 300, currency: 'VND' } })).toEqual({ values: { budget: { lte: 300, currency: 'VND' } }, given: ['budget'] });
  });

  it('reads the fields of the bot\'s query; an unknown query keeps the previous values', () => {
    const config = { queries: { product: fields } };
    expect(continueBotQuery(config, 'product', { kind: 'bags' }, { colour: 'red' }).values).toEqual({ kind: 'bags', colour: 'red' });
    expect(continueBotQuery(config, 'other', { kind: 'bags' }, { colour: 'red' })).toEqual({ values: { kind: 'bags' }, given: [] });
  });
});
