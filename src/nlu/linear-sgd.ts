// The linear model's inner loops: logits of a sparse feature vector, and SGD training with
// snapshot averaging (softmax, or one sigmoid per class when multi-label).

export interface SparseVec {
  idx: Int32Array;
  val: Float32Array;
  /** Share of the text's feature mass the model knows (1 for training texts). */
  coverage: number;
}

/** Probability of skipping an example the model already fits (see fitSgd). */
const SKIP_EASY = 0.9;

export interface FitOptions {
  classes: number;
  multiLabel: boolean;
  seed: number;
  epochs: number;
  learningRate: number;
}

/** Trains W ([feature][class]) and B in place over `epochs` shuffled passes, then sets them to the averaged snapshots. */
export function fitSgd(vecs: SparseVec[], targets: number[][], W: Float32Array, B: Float32Array, { classes, multiLabel, seed, epochs, learningRate }: FitOptions): void {
  const rand = lcg(seed);
  const run = new SgdRun(vecs, targets, W, B, { classes, multiLabel, rand, learningRate, steps: epochs * vecs.length });
  // Average the weights over the epoch-end snapshots of the second half of training
  // (a cheap stand-in for iterate averaging: smoother, better-generalising weights).
  const avgFrom = Math.floor(epochs / 2);
  const average = new SnapshotAverage(W.length, classes);
  const order = vecs.map((_, i) => i);
  for (let epoch = 0; epoch < epochs; epoch++) {
    shuffle(order, rand);
    run.pass(order);
    if (epoch >= avgFrom) average.add(W, B);
  }
  average.writeInto(W, B);
}

/** A linear congruential generator of numbers in [0, 1): one seed, one sequence of shuffles and skips. */
function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

/** Fisher–Yates, in place. */
function shuffle(order: number[], rand: () => number): void {
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    const t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
}

/** Logits to probabilities in place: one sigmoid per class (multi-label), or a softmax over the classes. */
function toProbabilities(scores: Float64Array, C: number, multiLabel: boolean): void {
  if (multiLabel) {
    for (let c = 0; c < C; c++) scores[c] = 1 / (1 + Math.exp(-scores[c]));
    return;
  }
  let max = -Infinity;
  for (let c = 0; c < C; c++) if (scores[c] > max) max = scores[c];
  let sum = 0;
  for (let c = 0; c < C; c++) sum += scores[c] = Math.exp(scores[c] - max);
  for (let c = 0; c < C; c++) scores[c] /= sum;
}

interface RunOptions {
  classes: number;
  multiLabel: boolean;
  rand: () => number;
  learningRate: number;
  /** Steps of the whole training (epochs × examples): the learning rate decays linearly over them. */
  steps: number;
}

/** The SGD passes of one fit: W and B are updated in place, example by example. */
class SgdRun {
  private readonly C: number;
  private readonly scores: Float64Array;
  private readonly delta: Float64Array;
  /** The classes with a real gradient at the current example: active[0 .. nActive). */
  private readonly active: Int32Array;
  private nActive = 0;
  /** Examples the model already fits (see SKIP_EASY). */
  private readonly easy: Uint8Array;
  private step = 0;

  constructor(
    private readonly vecs: SparseVec[],
    private readonly targets: number[][],
    private readonly W: Float32Array,
    private readonly B: Float32Array,
    private readonly opts: RunOptions,
  ) {
    this.C = opts.classes;
    this.scores = new Float64Array(this.C);
    this.delta = new Float64Array(this.C);
    this.active = new Int32Array(this.C);
    this.easy = new Uint8Array(vecs.length);
  }

  /** One epoch over the examples in `order`. */
  pass(order: number[]): void {
    for (const e of order) this.visit(e);
  }

  private visit(e: number): void {
    const lr = this.opts.learningRate * (1 - this.step / (this.opts.steps + 1));
    this.step++;
    const tg = this.targets[e];
    if (!this.opts.multiLabel && tg.length === 0) return;
    // Examples the model already fits well are revisited only now and then (saves most of
    // the late epochs; their gradient is near zero anyway).
    if (this.easy[e] > 0 && this.opts.rand() < SKIP_EASY) return;
    const v = this.vecs[e];
    this.gradient(v, tg);
    const maxAbs = this.descendBias(lr);
    this.easy[e] = this.nActive === 0 || (this.nActive <= 2 && maxAbs < 0.02) ? 1 : 0;
    if (this.nActive > 0) this.descendWeights(v);
  }

  /** scores := predicted probabilities − target distribution: the gradient of the loss per class. */
  private gradient(v: SparseVec, tg: number[]): void {
    const { scores, C } = this;
    logitsWith(this.W, this.B, v, C, scores);
    toProbabilities(scores, C, this.opts.multiLabel);
    const share = this.opts.multiLabel ? 1 : 1 / tg.length;
    for (const c of tg) scores[c] -= share;
  }

  /**
   * Picks the classes with a real gradient (after a few epochs, a handful), steps their bias and keeps their
   * step for the weights; returns the largest gradient's size.
   */
  private descendBias(lr: number): number {
    const { scores, C, active, delta, B } = this;
    let nActive = 0;
    let maxAbs = 0;
    for (let c = 0; c < C; c++) {
      const g = scores[c];
      if (g > maxAbs) maxAbs = g;
      else if (-g > maxAbs) maxAbs = -g;
      if (g > 1e-3 || g < -1e-3) {
        active[nActive++] = c;
        delta[c] = lr * g;
        B[c] -= lr * g;
      }
    }
    this.nActive = nActive;
    return maxAbs;
  }

  /** The weight step of the active classes, on the example's features only. */
  private descendWeights(v: SparseVec): void {
    const { W, C, active, delta, nActive } = this;
    const idx = v.idx;
    const val = v.val;
    for (let k = 0; k < idx.length; k++) {
      const base = idx[k] * C;
      const x = val[k];
      for (let a = 0; a < nActive; a++) {
        const c = active[a];
        W[base + c] -= delta[c] * x;
      }
    }
  }
}

/** The running sum of epoch-end weights, and their mean. */
class SnapshotAverage {
  private readonly sumW: Float32Array;
  private readonly sumB: Float32Array;
  private snapshots = 0;

  constructor(weights: number, classes: number) {
    this.sumW = new Float32Array(weights);
    this.sumB = new Float32Array(classes);
  }

  add(W: Float32Array, B: Float32Array): void {
    for (let p = 0; p < W.length; p++) this.sumW[p] += W[p];
    for (let c = 0; c < this.sumB.length; c++) this.sumB[c] += B[c];
    this.snapshots++;
  }

  /** W and B := the mean of the snapshots. */
  writeInto(W: Float32Array, B: Float32Array): void {
    for (let p = 0; p < W.length; p++) W[p] = this.sumW[p] / this.snapshots;
    for (let c = 0; c < this.sumB.length; c++) B[c] = this.sumB[c] / this.snapshots;
  }
}

/** out[c] = B[c] + v · W[·][c] for the C classes. */
export function logitsWith(W: Float32Array, B: Float32Array, v: SparseVec, C: number, out: Float64Array): void {
  for (let c = 0; c < C; c++) out[c] = B[c];
  const C4 = C & ~3;
  for (let k = 0; k < v.idx.length; k++) {
    const base = v.idx[k] * C;
    const x = v.val[k];
    // Unrolled by four: the hot loop of training and prediction.
    let c = 0;
    for (; c < C4; c += 4) {
      out[c] += x * W[base + c];
      out[c + 1] += x * W[base + c + 1];
      out[c + 2] += x * W[base + c + 2];
      out[c + 3] += x * W[base + c + 3];
    }
    for (; c < C; c++) out[c] += x * W[base + c];
  }
}
