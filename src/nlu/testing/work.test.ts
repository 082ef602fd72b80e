import { describe, expect, it } from 'vitest';
import { countWork, growthOf, superLinear } from './work.ts';

const runOfA = { 'one character': (n: number) => 'a'.repeat(n) };

describe('the work counter', () => {
  it('counts a search whose pattern opens with a repeated class by the run it reads at each place it tries', () => {
    // At each letter the search reads the rest of the word before it gives up: n²/2 characters.
    const [unanchored] = growthOf((t) => t.match(/\S*[@/]\S*/gu), runOfA);
    expect(unanchored.ratio).toBeGreaterThan(12);
    expect(countWork(() => 'abc'.match(/\S*@/u))).toBe(3 + (3 + 2 + 1));
  });

  it('counts an anchored pattern, or one that opens with a single character, by the span it scans', () => {
    expect(superLinear(growthOf((t) => t.match(/(?<!\S)\S*@/gu), runOfA))).toEqual([]);
    expect(superLinear(growthOf((t) => t.match(/\p{Lu}\p{L}*/gu), runOfA))).toEqual([]);
    expect(superLinear(growthOf((t) => t.match(/\p{L}+/gu), runOfA))).toEqual([]);
    expect(countWork(() => 'abc'.match(/^\S*@/u))).toBe(3);
  });

  it('leaves the built-ins as they were', () => {
    const exec = RegExp.prototype.exec;
    countWork(() => 'a b'.split(' '));
    expect(RegExp.prototype.exec).toBe(exec);
  });
});
