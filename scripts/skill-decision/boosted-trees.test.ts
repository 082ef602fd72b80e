import { describe, expect, it } from 'vitest';
import { fitBoosted } from './boosted-trees.ts';
import { predictBoosted, type BoostedTrees } from './decision-trees.ts';

const CLASSES = ['none', 'yes'] as const;
const best = (model: BoostedTrees, x: number[]) => {
  const p = predictBoosted(model, x);
  return model.classes[p.indexOf(Math.max(...p))];
};

/** A tiny synthetic set: `yes` exactly when both flags are set (an AND a linear score over the two cannot draw with one stump). */
function andSet() {
  const x: number[][] = [];
  const y: number[] = [];
  for (let i = 0; i < 200; i++) {
    const a = i % 2;
    const b = Math.floor(i / 2) % 2;
    const noise = (i % 7) / 7;
    x.push([a, b, noise]);
    y.push(a && b ? 1 : 0);
  }
  return { x, y };
}

describe('boosted trees', () => {
  it('learn a corner (both flags) with trees of depth 2, and not with stumps of one round', () => {
    const set = andSet();
    const deep = fitBoosted(set, CLASSES, { rounds: 30, depth: 2, learningRate: 0.3 });
    expect([best(deep, [1, 1, 0.5]), best(deep, [1, 0, 0.5]), best(deep, [0, 1, 0.5]), best(deep, [0, 0, 0.5])]).toEqual(['yes', 'none', 'none', 'none']);
    const stump = fitBoosted(set, CLASSES, { rounds: 1, depth: 1, learningRate: 0.3 });
    // One stump splits on one flag: it cannot tell (1, 0) from (1, 1).
    expect(best(stump, [1, 0, 0.5])).toBe(best(stump, [1, 1, 0.5]));
  });

  it('count each row by its weight: a class weighed down loses the rows it shares', () => {
    // Identical features, two labels: the heavier label wins.
    const x = Array.from({ length: 40 }, () => [0.5]);
    const y = x.map((_, i) => (i % 2 ? 1 : 0));
    const heavyYes = fitBoosted({ x, y, weight: y.map((c) => (c ? 3 : 1)) }, CLASSES, { rounds: 20 });
    const heavyNo = fitBoosted({ x, y, weight: y.map((c) => (c ? 1 : 3)) }, CLASSES, { rounds: 20 });
    expect(best(heavyYes, [0.5])).toBe('yes');
    expect(best(heavyNo, [0.5])).toBe('none');
    // A row of weight 0 is not trained on.
    const ignored = fitBoosted({ x: [[0], [1], [1]], y: [0, 1, 0], weight: [1, 1, 0] }, CLASSES, { rounds: 20, minLeafWeight: 0 });
    expect(best(ignored, [1])).toBe('yes');
  });

  it('give probabilities that sum to one, and leave the bases alone with no round', () => {
    const model = fitBoosted(andSet(), CLASSES, { rounds: 0 });
    const p = predictBoosted(model, [1, 1, 0]);
    expect(p[0] + p[1]).toBeCloseTo(1);
    // The prior: a quarter of the rows are `yes`.
    expect(p[1]).toBeCloseTo(0.25);
  });
});
