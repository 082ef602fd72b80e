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
export function fitSgd(vecs: SparseVec[], targets: number[][], W: Float32Array, B: Float32Array, { classes, multiLabel, seed, epochs, learningRate: lr0 }: FitOptions): void {
  const C = classes;
  // Average the weights over the epoch-end snapshots of the second half of training
  // (a cheap stand-in for iterate averaging: smoother, better-generalising weights).
  const avgFrom = Math.floor(epochs / 2);
  const sumW = new Float32Array(W.length);
  const sumB = new Float32Array(C);
  let snapshots = 0;
  const order = vecs.map((_, i) => i);
  const scores = new Float64Array(C);
  const delta = new Float64Array(C);
  const active = new Int32Array(C);
  const easy = new Uint8Array(vecs.length);
  let rng = seed >>> 0;
  const rand = () => {
    rng = (Math.imul(rng, 1664525) + 1013904223) >>> 0;
    return rng / 4294967296;
  };
  let step = 0;
  const total = epochs * vecs.length;
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      const t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    for (const e of order) {
      const v = vecs[e];
      const lr = lr0 * (1 - step / (total + 1));
      step++;
      const tg = targets[e];
      if (!multiLabel && tg.length === 0) continue;
      // Examples the model already fits well are revisited only now and then (saves most of
      // the late epochs; their gradient is near zero anyway).
      if (easy[e] > 0 && rand() < SKIP_EASY) continue;
      logitsWith(W, B, v, C, scores);
      if (multiLabel) {
        for (let c = 0; c < C; c++) scores[c] = 1 / (1 + Math.exp(-scores[c]));
      } else {
        let max = -Infinity;
        for (let c = 0; c < C; c++) if (scores[c] > max) max = scores[c];
        let sum = 0;
        for (let c = 0; c < C; c++) sum += scores[c] = Math.exp(scores[c] - max);
        for (let c = 0; c < C; c++) scores[c] /= sum;
      }
      const share = multiLabel ? 1 : 1 / tg.length;
      for (const c of tg) scores[c] -= share;
      // Only classes with a real gradient are touched: after a few epochs that is a handful.
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
      easy[e] = nActive === 0 || (nActive <= 2 && maxAbs < 0.02) ? 1 : 0;
      if (nActive === 0) continue;
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
    if (epoch >= avgFrom) {
      for (let p = 0; p < W.length; p++) sumW[p] += W[p];
      for (let c = 0; c < C; c++) sumB[c] += B[c];
      snapshots++;
    }
  }
  for (let p = 0; p < W.length; p++) W[p] = sumW[p] / snapshots;
  for (let c = 0; c < C; c++) B[c] = sumB[c] / snapshots;
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
