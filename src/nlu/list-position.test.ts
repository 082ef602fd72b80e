// A message pointing at an item of the list just shown, by position, in each language.
import { describe, expect, it } from 'vitest';
import { readListPosition } from './list-position.ts';

describe('readListPosition', () => {
  it('Vietnamese: a classifier, then an ordinal word or a digit, with or without diacritics', () => {
    expect(readListPosition('chiếc thứ ba màu gì vậy', 'vi', 5)).toBe(2);
    expect(readListPosition('lấy mẫu số 4 nha', 'vi', 5)).toBe(3);
    expect(readListPosition('doi dau tien bao nhieu tien', 'vi', 5)).toBe(0);
    expect(readListPosition('sản phẩm cuối cùng còn không', 'vi', 4)).toBe(3);
    expect(readListPosition('cái 2 ship mấy ngày', 'vi', 3)).toBe(1);
  });

  it('nothing without a classifier before the number, and nothing past the end of the list', () => {
    expect(readListPosition('mua 2 cái áo', 'vi', 5)).toBeUndefined();
    expect(readListPosition('mẫu thứ 6 đâu', 'vi', 5)).toBeUndefined();
    expect(readListPosition('đôi 41 còn không', 'vi', 5)).toBeUndefined();
    expect(readListPosition('cái thứ hai', 'vi', 0)).toBeUndefined();
  });

  it('Portuguese, Spanish and English ordinals after an article, and numbered options', () => {
    expect(readListPosition('gostei da segunda, tem em azul?', 'pt', 3)).toBe(1);
    expect(readListPosition('vou querer o último', 'pt', 3)).toBe(2);
    expect(readListPosition('a opção 3 serve', 'pt', 3)).toBe(2);
    expect(readListPosition('me quedo con la primera', 'es', 2)).toBe(0);
    expect(readListPosition('el penúltimo cuánto sale', 'es', 4)).toBe(2);
    expect(readListPosition('how much is the third one?', 'en', 3)).toBe(2);
    expect(readListPosition('I will take option 1', 'en', 3)).toBe(0);
    expect(readListPosition('my first time here', 'en', 3)).toBeUndefined();
  });
});
