// Fitting gradient-boosted shallow trees (decision-trees.ts reads them) for a few thousand rows of a few
// dozen features: softmax over classes, one small regression tree per class and round, split by second-order gain on
// binned features. Small and exact enough for the skill decision (decision-model.ts); npm's CART library (ml-cart) tries every value of every feature at every
// node and takes no row weights, too slow for hundreds of rounds.

import { leafOf, softmax, type BoostedTrees, type TreeNode } from './decision-trees.ts';

export interface BoostOptions {
  rounds: number;
  /** Splits from root to leaf: 1 for stumps. */
  depth: number;
  learningRate: number;
  /** L2 penalty on a leaf's score. */
  lambda: number;
  /** A split leaves at least this much weight (sum of the rows' hessians) on each side. */
  minLeafWeight: number;
  /** At most this many thresholds per feature (quantiles of its values). */
  bins: number;
  /**
   * Per class, per feature: 1 when the class's score may only rise with the feature, -1 when it may only fall, 0
   * when free (monotone constraints, as XGBoost draws them: a split must order its two sides, and bounds the leaves below).
   */
  monotone?: number[][];
}

export const DEFAULT_BOOST: BoostOptions = { rounds: 150, depth: 2, learningRate: 0.2, lambda: 1, minLeafWeight: 1, bins: 32 };

export interface TrainingSet {
  x: number[][];
  /** Index of each row's class. */
  y: number[];
  /** Each row's weight (1 when absent). */
  weight?: number[];
}

/** Candidate thresholds of one feature: between its distinct values, at most `bins` of them (quantiles). */
function thresholdsOf(values: number[], bins: number): number[] {
  const distinct = [...new Set(values)].sort((a, b) => a - b);
  const cuts: number[] = [];
  for (let i = 1; i < distinct.length; i++) cuts.push((distinct[i - 1] + distinct[i]) / 2);
  if (cuts.length <= bins) return cuts;
  const sorted = [...values].sort((a, b) => a - b);
  const quantiles = Array.from({ length: bins }, (_, i) => sorted[Math.floor(((i + 1) * sorted.length) / (bins + 1))]);
  return [...new Set(quantiles.map((q) => cuts.find((c) => c > q) ?? cuts[cuts.length - 1]))];
}

/** The rows binned: per feature, the index of the first threshold above each row's value. */
interface Binned {
  thresholds: number[][];
  bin: Uint16Array[];
}

function binned(x: number[][], bins: number): Binned {
  const d = x[0].length;
  const thresholds = Array.from({ length: d }, (_, j) => thresholdsOf(x.map((row) => row[j]), bins));
  const bin = thresholds.map((cuts, j) =>
    Uint16Array.from(x, (row) => {
      let b = 0;
      while (b < cuts.length && row[j] >= cuts[b]) b++;
      return b;
    }),
  );
  return { thresholds, bin };
}

interface Split {
  feature: number;
  cut: number;
  gain: number;
}

/** The best split of `rows` by gradient and hessian, or null when none gains or leaves too little weight on a side. */
/** What a tree of one class is grown under: its features' monotone directions, and the bounds of its leaves' values. */
interface Bounds {
  mono: number[];
  lo: number;
  hi: number;
}

const leafValue = (G: number, H: number, o: BoostOptions, b: Bounds) => Math.min(b.hi, Math.max(b.lo, -G / (H + o.lambda)));

function bestSplit(rows: number[], g: Float64Array, h: Float64Array, data: Binned, o: BoostOptions, b: Bounds): Split | null {
  let G = 0;
  let H = 0;
  for (const i of rows) {
    G += g[i];
    H += h[i];
  }
  const parent = (G * G) / (H + o.lambda);
  let best: Split | null = null;
  data.thresholds.forEach((cuts, j) => {
    if (!cuts.length) return;
    const gs = new Float64Array(cuts.length + 1);
    const hs = new Float64Array(cuts.length + 1);
    const bin = data.bin[j];
    for (const i of rows) {
      gs[bin[i]] += g[i];
      hs[bin[i]] += h[i];
    }
    let gl = 0;
    let hl = 0;
    for (let c = 0; c < cuts.length; c++) {
      gl += gs[c];
      hl += hs[c];
      const hr = H - hl;
      if (hl < o.minLeafWeight || hr < o.minLeafWeight) continue;
      const order = Math.sign(leafValue(G - gl, hr, o, b) - leafValue(gl, hl, o, b));
      if (b.mono[j] && order && order !== b.mono[j]) continue;
      const gain = (gl * gl) / (hl + o.lambda) + ((G - gl) * (G - gl)) / (hr + o.lambda) - parent;
      if (gain > 1e-9 && (!best || gain > best.gain)) best = { feature: j, cut: c, gain };
    }
  });
  return best;
}

function grow(rows: number[], depth: number, g: Float64Array, h: Float64Array, data: Binned, o: BoostOptions, b: Bounds): TreeNode {
  const split = depth < o.depth ? bestSplit(rows, g, h, data, o, b) : null;
  const sums = (subset: number[]) => subset.reduce(([G, H], i) => [G + g[i], H + h[i]], [0, 0]);
  if (!split) {
    const [G, H] = sums(rows);
    return leafValue(G, H, o, b) * o.learningRate;
  }
  const bin = data.bin[split.feature];
  const below = rows.filter((i) => bin[i] <= split.cut);
  const above = rows.filter((i) => bin[i] > split.cut);
  const [bl, ar] = [below, above].map((side) => {
    const [G, H] = sums(side);
    return leafValue(G, H, o, b);
  });
  // Under a monotone split, the side that must stay lower is bounded above by the middle, the other below by it.
  const mid = (bl + ar) / 2;
  const dir = b.mono[split.feature];
  const belowBounds = dir > 0 ? { ...b, hi: Math.min(b.hi, mid) } : dir < 0 ? { ...b, lo: Math.max(b.lo, mid) } : b;
  const aboveBounds = dir > 0 ? { ...b, lo: Math.max(b.lo, mid) } : dir < 0 ? { ...b, hi: Math.min(b.hi, mid) } : b;
  return [split.feature, data.thresholds[split.feature][split.cut], grow(below, depth + 1, g, h, data, o, belowBounds), grow(above, depth + 1, g, h, data, o, aboveBounds)];
}

/** Fit boosted trees to a training set by softmax loss, each row counted by its weight. */
export function fitBoosted(set: TrainingSet, classes: readonly string[], options: Partial<BoostOptions> = {}): BoostedTrees {
  const o = { ...DEFAULT_BOOST, ...options };
  const n = set.x.length;
  const k = classes.length;
  const weight = set.weight ?? new Array<number>(n).fill(1);
  const total = weight.reduce((a, b) => a + b, 0);
  // Each class's prior (log of its weighted share) as its base score.
  const base = classes.map((_, c) => Math.log(Math.max(1e-6, set.y.reduce((s, y, i) => s + (y === c ? weight[i] : 0), 0) / total)));
  const data = binned(set.x, o.bins);
  const z = set.x.map(() => [...base]);
  const rows = [...set.x.keys()].filter((i) => weight[i] > 0);
  const rounds: TreeNode[][] = [];
  const g = new Float64Array(n);
  const h = new Float64Array(n);
  for (let round = 0; round < o.rounds; round++) {
    const p = z.map(softmax);
    const trees: TreeNode[] = [];
    for (let c = 0; c < k; c++) {
      for (const i of rows) {
        g[i] = weight[i] * (p[i][c] - (set.y[i] === c ? 1 : 0));
        h[i] = weight[i] * Math.max(p[i][c] * (1 - p[i][c]), 1e-6);
      }
      trees.push(grow(rows, 0, g, h, data, o, { mono: o.monotone?.[c] ?? [], lo: -Infinity, hi: Infinity }));
    }
    for (const i of rows) trees.forEach((tree, c) => (z[i][c] += leafOf(tree, set.x[i])));
    rounds.push(trees);
  }
  return { classes, base, rounds };
}
