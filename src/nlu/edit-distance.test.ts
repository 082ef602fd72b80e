import { describe, expect, it } from 'vitest';
import { editDistance, withinOneEdit } from './edit-distance.ts';

/** Deterministic pseudo-random words over a small alphabet, so near-misses are frequent. */
function words(count: number, seed = 7): string[] {
  let x = seed;
  const next = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648);
  return Array.from({ length: count }, () => Array.from({ length: Math.floor(next() * 7) }, () => 'abc'[Math.floor(next() * 3)]).join(''));
}

describe('edit distance', () => {
  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('limpesa', 'limpeza')).toBe(1);
    expect(editDistance('clareamento', 'claeramento')).toBe(1);
    expect(editDistance('abc', 'cab')).toBe(2);
  });

  it('within one edit agrees with the full distance on every pair of a word list', () => {
    const list = words(160);
    let close = 0;
    for (const a of list) {
      for (const b of list) {
        const expected = editDistance(a, b) <= 1;
        if (expected) close++;
        expect(withinOneEdit(a, b), `${a} / ${b}`).toBe(expected);
      }
    }
    expect(close).toBeGreaterThan(1000); // the list has plenty of near-misses to compare
  });
});
