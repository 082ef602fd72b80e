import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.ts';

describe('parseCsv', () => {
  it('reads quoted fields, doubled quotes, newlines inside quotes, CRLF and a byte-order mark', () => {
    const text = '\ufeffname,note\r\n"Silva, Ana","disse ""oi""\nduas vezes"\r\n\r\nBruno, x \n';
    expect(parseCsv(text)).toEqual([
      { name: 'Silva, Ana', note: 'disse "oi"\nduas vezes' },
      { name: 'Bruno', note: 'x' },
    ]);
  });

  it('gives short rows empty cells and an empty text no records', () => {
    expect(parseCsv('a,b,c\n1,2\n')).toEqual([{ a: '1', b: '2', c: '' }]);
    expect(parseCsv('')).toEqual([]);
  });
});
