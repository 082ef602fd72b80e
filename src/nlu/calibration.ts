// Temperature scaling of a classifier's logits: which examples each calibration fold holds out, the held-out
// log-loss at a temperature, and the golden-section search for the temperature that minimises it.

/** Lowest and highest temperature searched. */
const MIN_TEMPERATURE = 0.3;
const MAX_TEMPERATURE = 30;
const SEARCH_STEPS = 30;
/** One split (large sets) holds out every `SINGLE_SPLIT_PERIOD`-th example of each class. */
const SINGLE_SPLIT_PERIOD = 6;

/**
 * Fold `f` of `folds`: every k-th example of each class (by position, its first intent; `classes` for none) is held
 * out, so classes stay balanced. With one fold, the last of every `SINGLE_SPLIT_PERIOD` is.
 */
export function foldSplit(targets: number[][], classes: number, folds: number, f: number): { trainIdx: number[]; heldIdx: number[] } {
  const seen = new Int32Array(classes + 1);
  const trainIdx: number[] = [];
  const heldIdx: number[] = [];
  const period = folds === 1 ? SINGLE_SPLIT_PERIOD : folds;
  const heldPosition = folds === 1 ? period - 1 : f;
  for (let i = 0; i < targets.length; i++) {
    const key = targets[i].length ? targets[i][0] : classes;
    const pos = seen[key]++;
    (pos % period === heldPosition ? heldIdx : trainIdx).push(i);
  }
  return { trainIdx, heldIdx };
}

/** Negative log-likelihood of the held-out examples' intents under temperature `T`. */
export function heldOutLoss(logits: Float64Array[], targets: number[][], classes: number, multiLabel: boolean, T: number): number {
  let total = 0;
  for (let k = 0; k < logits.length; k++) {
    if (multiLabel) total = subtractSigmoidLoss(total, logits[k], targets[k], classes, T);
    else if (targets[k].length !== 0) total -= softmaxLogLikelihood(logits[k], targets[k][0], classes, T);
  }
  return total;
}

/** `total` less each class's log-probability of being (or not being) one of the example's intents, class by class. */
function subtractSigmoidLoss(total: number, z: Float64Array, target: number[], classes: number, T: number): number {
  for (let c = 0; c < classes; c++) {
    const p = 1 / (1 + Math.exp(-z[c] / T));
    total -= Math.log(Math.max(1e-9, target.includes(c) ? p : 1 - p));
  }
  return total;
}

/** Log-probability of class `target` under the softmax of `z / T`. */
function softmaxLogLikelihood(z: Float64Array, target: number, classes: number, T: number): number {
  let max = -Infinity;
  for (let c = 0; c < classes; c++) if (z[c] > max) max = z[c];
  let sum = 0;
  for (let c = 0; c < classes; c++) sum += Math.exp((z[c] - max) / T);
  return (z[target] - max) / T - Math.log(sum);
}

/** The temperature that minimises `loss`: golden-section search over log T. */
export function bestTemperature(loss: (T: number) => number): number {
  let a = Math.log(MIN_TEMPERATURE);
  let b = Math.log(MAX_TEMPERATURE);
  const g = (Math.sqrt(5) - 1) / 2;
  let x1 = b - g * (b - a);
  let x2 = a + g * (b - a);
  let f1 = loss(Math.exp(x1));
  let f2 = loss(Math.exp(x2));
  for (let it = 0; it < SEARCH_STEPS; it++) {
    if (f1 < f2) {
      b = x2;
      x2 = x1;
      f2 = f1;
      x1 = b - g * (b - a);
      f1 = loss(Math.exp(x1));
    } else {
      a = x1;
      x1 = x2;
      f1 = f2;
      x2 = a + g * (b - a);
      f2 = loss(Math.exp(x2));
    }
  }
  return Math.exp((a + b) / 2);
}
