import { describe, expect, it } from 'vitest';
import { readHeight, readWeight } from './body.ts';
import { readQuery } from './query-reader.ts';

describe('readHeight', () => {
  it.each([
    ['mình cao 1m65 nặng 55kg', 165],
    ['1m7 thì mặc size gì', 170],
    ['m58 48kg mặc size nào', 158],
    ['cao 1,72m', 172],
    ['em 168cm', 168],
    ['chiều cao 160 cân nặng 50', 160],
    ['tenho 1,80 m e peso 80 kg', 180],
  ])('%s → %d cm', (text, cm) => {
    expect(readHeight(text, text.startsWith('tenho') ? 'pt' : 'vi')?.value).toBe(cm);
  });

  it('reads no height in prices, sizes and shoe lengths that are not one', () => {
    expect(readHeight('áo dưới 500k size M', 'vi')).toBeUndefined();
    expect(readHeight('giày 1tr5', 'vi')).toBeUndefined();
    expect(readHeight('chân dài 26cm', 'vi')).toBeUndefined(); // 26 cm is no person's height
    expect(readHeight('m5 nha', 'vi')).toBeUndefined();
    expect(readHeight('áo size m 45kg mặc được không', 'vi')).toBeUndefined();
  });
});

describe('readWeight', () => {
  it.each([
    ['mình cao 1m65 nặng 55kg', 55],
    ['60 ký thì lấy size nào', 60],
    ['nặng 52,5 kg', 52.5],
    ['cân nặng 70', 70],
    ['peso 80 kg', 80],
  ])('%s → %d kg', (text, kg) => {
    expect(readWeight(text, text.startsWith('peso') ? 'pt' : 'vi')?.value).toBe(kg);
  });

  it('reads no weight in a budget', () => {
    expect(readWeight('áo tầm 300k', 'vi')).toBeUndefined();
    expect(readWeight('mình cần 2 cái áo', 'vi')).toBeUndefined();
    expect(readWeight('mình cần 50 cái áo đồng phục', 'vi')).toBeUndefined();
    expect(readWeight('trời nắng 35 độ mặc gì', 'vi')).toBeUndefined();
  });
});

describe('height and weight as query fields', () => {
  it('take their words, so a later size or budget does not read them again', () => {
    const fields = { height: { kind: 'height' }, weight: { kind: 'weight' }, size: { kind: 'size' }, price: { kind: 'budget' } };
    expect(readQuery('cao 1m68 nặng 60kg mặc size M được không', fields, { lang: 'vi', gazetteers: [] })).toEqual({ height: 168, weight: 60, size: 'M' });
  });
});
