import { describe, expect, it } from 'vitest';
import { readsDayFirst } from './date-order.ts';
import { extractEntities } from './index.ts';
import { readDeadline } from './deadline.ts';
import { NOW } from './test-helpers.ts';
import type { Language } from '../types.ts';

const dateOf = (text: string, lang: Language, locale?: string) =>
  extractEntities(text, { lang, locale, now: NOW, timeZone: 'UTC' }).find((e) => e.type === 'date')?.value;

describe('numeric dates by the language tag (clock: 2025-01-15)', () => {
  it('American English (and a bare `en`) reads the month first', () => {
    expect(readsDayFirst('en')).toBe(false);
    expect(readsDayFirst('en-US')).toBe(false);
    expect(dateOf('on 3/10 please', 'en')).toBe('2025-03-10');
    expect(dateOf('on 3/10 please', 'en', 'en-US')).toBe('2025-03-10');
  });

  it.each(['en-GB', 'en-AU', 'en-IE', 'en-NZ', 'en-IN', 'en-ZA', 'en_GB'])('%s reads the day first', (tag) => {
    expect(readsDayFirst(tag)).toBe(true);
    expect(dateOf('on 3/10 please', 'en', tag)).toBe('2025-10-03');
    expect(dateOf('due 3/10/2025', 'en', tag)).toBe('2025-10-03');
  });

  it('a date only one order can read reads so in either', () => {
    expect(dateOf('on 25/12', 'en', 'en-GB')).toBe('2025-12-25');
    expect(dateOf('on 12/25', 'en', 'en-US')).toBe('2025-12-25');
  });

  it.each([
    ['pt', 'pt-BR', 'dia 3/10'],
    ['pt', 'pt-PT', 'dia 3/10'],
    ['es', 'es-AR', 'el 3/10'],
    ['es', 'es-MX', 'el 3/10'],
    ['es', 'es', 'el 3/10'],
    ['vi', 'vi', 'ngày 3/10'],
  ] as const)('%s (%s) reads the day first', (lang, tag, text) => {
    expect(readsDayFirst(tag)).toBe(true);
    expect(dateOf(text, lang, tag)).toBe('2025-10-03');
    expect(dateOf(text, lang)).toBe('2025-10-03');
  });

  it('a deadline reads the same order', () => {
    const gb = readDeadline('send it by 3/10', { lang: 'en', locale: 'en-GB', now: NOW, timeZone: 'UTC' });
    const us = readDeadline('send it by 3/10', { lang: 'en', locale: 'en-US', now: NOW, timeZone: 'UTC' });
    expect(gb?.date.toISOString().slice(0, 10)).toBe('2025-10-03');
    expect(us?.date.toISOString().slice(0, 10)).toBe('2025-03-10');
  });
});
