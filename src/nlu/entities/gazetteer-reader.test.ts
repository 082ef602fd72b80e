import { describe, expect, it } from 'vitest';
import type { Gazetteer } from '../types.ts';
import { GazetteerReader } from './gazetteer-reader.ts';

const garment: Gazetteer = { type: 'garment', cues: ['cai', 'mua'], ambiguous: ['vay'], values: { jacket: ['áo khoác', 'jacket'], shirt: ['áo sơ mi', 'áo'], skirt: ['váy', 'chân váy'] } };
const colour: Gazetteer = { type: 'colour', cues: ['mau'], after: ['garment', 'colour'], ambiguous: ['den', 'do'], values: { black: ['đen'], red: ['đỏ'], navy: ['xanh navy', 'xanh than'], blue: ['xanh'] } };

function read(text: string, ...gazetteers: Gazetteer[]) {
  const reader = new GazetteerReader(text);
  return gazetteers.map((g) => reader.read(g)?.value);
}

describe('GazetteerReader', () => {
  it('reads the longest form, whatever the accents and case', () => {
    expect(read('Áo Khoác xanh than nhé', garment, colour)).toEqual(['jacket', 'navy']);
    expect(read('ao khoac xanh', garment, colour)).toEqual(['jacket', 'blue']);
  });

  it('a word typed with diacritics means only that word', () => {
    expect(read('mai mình đến lấy đồ', colour)).toEqual([undefined]);
    expect(read('áo đỏ', garment, colour)).toEqual(['shirt', 'red']);
  });

  it('an ambiguous word without diacritics needs a cue or a match of an `after` type right before it', () => {
    expect(read('mai minh den lay do', garment, colour)).toEqual([undefined, undefined]);
    expect(read('ao den', garment, colour)).toEqual(['shirt', 'black']);
    expect(read('thich mau den', garment, colour)).toEqual([undefined, 'black']);
    expect(read('vay thi sao', garment)).toEqual([undefined]);
    expect(read('mua vay', garment)).toEqual(['skirt']);
  });

  it('leaves words another reading took, and each word is read once', () => {
    const reader = new GazetteerReader('áo xanh và áo đỏ');
    reader.take(0, 2);
    expect(reader.taken(0, 2)).toBe(true);
    expect(reader.read(garment)).toMatchObject({ value: 'shirt', start: 11, end: 13 });
    expect(reader.read(garment)).toBeUndefined();
  });

  it('a veto from the caller rejects an ambiguous word', () => {
    const reader = new GazetteerReader('ao do nha', (tokens, i) => tokens[i + 1]?.folded === 'nha');
    reader.read(garment);
    expect(reader.read(colour)).toBeUndefined();
  });

  it('finalParticles: an ambiguous word ending the message, or before one of its followers, closes the question', () => {
    const pink: Gazetteer = { type: 'colour', after: ['garment'], ambiguous: ['hong'], finalParticles: { words: ['hong'], before: ['ban', 'a'] }, values: { pink: ['hồng'] } };
    expect(read('co ao khoac hong', garment, pink)).toEqual(['jacket', undefined]);
    expect(read('co ao khoac hong ban?', garment, pink)).toEqual(['jacket', undefined]);
    expect(read('lay ao khoac hong size m', garment, pink)).toEqual(['jacket', 'pink']);
    expect(read('co ao khoac hồng', garment, pink)).toEqual(['jacket', 'pink']);
  });
});
