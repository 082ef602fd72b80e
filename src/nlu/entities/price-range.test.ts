import { describe, expect, it } from 'vitest';
import { readPriceRange } from './price-range.ts';

const read = (text: string, tolerance?: number) => {
  const r = readPriceRange(text, 'vi', { tolerance });
  return r && { gte: r.gte, lte: r.lte, currency: r.currency };
};

describe('readPriceRange (vi)', () => {
  it.each([
    ['quần short dưới 250k nha', { lte: 250_000, currency: 'VND' }],
    ['duoi 400 nghin', { lte: 400_000, currency: 'VND' }],
    ['tầm 600 ngàn', { gte: 480_000, lte: 720_000, currency: 'VND' }],
    ['khoảng 2 triệu', { gte: 1_600_000, lte: 2_400_000, currency: 'VND' }],
    ['trên 700k', { gte: 700_000, currency: 'VND' }],
    ['từ 150k đến 350k', { gte: 150_000, lte: 350_000, currency: 'VND' }],
    ['600-900k', { gte: 600_000, lte: 900_000, currency: 'VND' }],
    ['700-1tr3', { gte: 700_000, lte: 1_300_000, currency: 'VND' }],
    ['3 triệu đổ lại', { lte: 3_000_000, currency: 'VND' }],
    ['không quá 2 triệu rưỡi', { lte: 2_500_000, currency: 'VND' }],
    ['trên 100k dưới 300k', { gte: 100_000, lte: 300_000, currency: 'VND' }],
    ['duoi 450', { lte: 450_000, currency: 'VND' }],
    ['dưới 250.000đ', { lte: 250_000, currency: 'VND' }],
    ['dưới 60 đô', { lte: 60, currency: 'USD' }],
    ['từ 10 đến 25 usd', { gte: 10, lte: 25, currency: 'USD' }],
    ['under $35', { lte: 35, currency: 'USD' }],
  ])('%s', (text, expected) => {
    expect(read(text)).toEqual({ gte: undefined, lte: undefined, ...expected });
  });

  it('takes the tolerance of an approximate amount from the caller', () => {
    expect(read('tầm 500k', 0.1)).toEqual({ gte: 450_000, lte: 550_000, currency: 'VND' });
  });

  it.each(['size 40 còn không', 'cỡ 42', 'mình cao 1m70 nặng 60kg', 'cho mình 2 cái', 'áo 42 đỏ', 'mua 2 đồ'])('no budget in "%s"', (text) => {
    expect(readPriceRange(text, 'vi')).toBeUndefined();
  });

  it('says where the budget was written, cue words included', () => {
    const text = 'áo khoác dưới 500k màu đen';
    const r = readPriceRange(text, 'vi')!;
    expect(r.spans.map((s) => text.slice(s.start, s.end))).toEqual(['dưới 500k']);
  });

  it('reads nothing in a language without price words', () => {
    expect(readPriceRange('menos de 500 reais', 'pt')).toBeUndefined();
  });
});
