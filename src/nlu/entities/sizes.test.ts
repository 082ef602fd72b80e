import { describe, expect, it } from 'vitest';
import type { Language } from '../types.ts';
import { readSize } from './sizes.ts';

describe('readSize', () => {
  it.each([
    ['vi', 'quần short size m', 'M'],
    ['vi', 'còn sz xl không', 'XL'],
    ['vi', 'áo khoác cỡ l', 'L'],
    ['vi', 'đầm 2xl', 'XXL'],
    ['vi', 'áo sơ mi XS nha', 'XS'],
    ['vi', 'dép số 39', '39'],
    ['vi', 'giày chạy cho chân 43', '43'],
    ['en', 'do you have this jacket in size s', 'S'],
    ['en', 'running shoes 44', '44'],
    ['pt', 'tem tamanho m?', 'M'],
    ['pt', 'tênis número 40', '40'],
    ['es', 'zapatillas talle 41', '41'],
    ['es', 'remera talle M', 'M'],
  ] as [Language, string, string | undefined][])('%s: %s', (lang, text, expected) => {
    expect(readSize(text, lang)?.value).toBe(expected);
  });

  it.each(['mình nặng 55kg', 'cho mình 2 cái áo', 'size nào vừa', 'giày 2 đôi'])('no size in "%s"', (text) => {
    expect(readSize(text, 'vi')).toBeUndefined();
  });

  it('skips a number another reading has taken, and gives the span it read', () => {
    const text = 'giày 40 đô size 42';
    const priced = text.indexOf('40 đô');
    const found = readSize(text, 'vi', (s, e) => s < priced + 5 && priced < e)!;
    expect(found.value).toBe('42');
    expect(text.slice(found.start, found.end)).toBe('size 42');
  });
});
