import { describe, expect, it } from 'vitest';
import { matchSaidTime } from './said-time.ts';
import { showList } from './show-list.ts';

const day = ['08:30', '12:00', '18:00', '20:15'];

describe('matchSaidTime', () => {
  it('takes the exact time first', () => {
    expect(matchSaidTime(day, '12:00')).toBe('12:00');
    expect(matchSaidTime(['09:00', '21:00'], '09:00')).toBe('09:00');
  });

  it('reads a morning hour as the evening one when only that exists', () => {
    expect(matchSaidTime(day, '06:00')).toBe('18:00');
    expect(matchSaidTime(day, '08:15')).toBe('20:15');
  });

  it('takes the nearest time within the tolerance, else none', () => {
    expect(matchSaidTime(day, '17:50')).toBe('18:00');
    expect(matchSaidTime(day, '12:20')).toBeUndefined();
    expect(matchSaidTime(day, '12:20', { toleranceMinutes: 30 })).toBe('12:00');
    expect(matchSaidTime([], '10:00')).toBeUndefined();
  });
});

describe('showList', () => {
  it('joins with the language’s or / and', () => {
    expect(showList(['10h', '11h', '14h'], 'pt', 'or')).toBe('10h, 11h ou 14h');
    expect(showList(['lunes', 'jueves'], 'es')).toBe('lunes y jueves');
    expect(showList(['red', 'blue', 'green'], 'en', 'or')).toBe('red, blue, or green');
    expect(showList(['sáb'], 'pt', 'or')).toBe('sáb');
    expect(showList([], 'pt')).toBe('');
  });
});
