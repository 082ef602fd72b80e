// A linear intent classifier written for small bots and fast start-up:
// TF-IDF weighted word + char n-gram features, multinomial logistic regression
// (or one-vs-rest logistic for multi-label data) trained by SGD with snapshot averaging,
// temperature-calibrated on held-out data, with a confidence that drops when the text is
// made of words a small bot never saw.
import type { Example, IntentScore, Language } from './types.ts';
import { normalize } from './normalize.ts';
import { DEFAULT_FEATURES, extractFeatures, featureKind, FeatureKind, type FeatureConfig } from './features.ts';
import { bestTemperature, foldSplit, heldOutLoss } from './calibration.ts';
import { buildVocabulary, groupByText, wantsMultiLabel } from './training-set.ts';
import { fitSgd, logitsWith, type SparseVec } from './linear-sgd.ts';
import { appendDense, type DenseFeatures } from './embeddings/dense.ts';
import { wordVectors } from './embeddings/index.ts';

export interface ClassifierOptions {
  language: Language;
  epochs?: number;
  learningRate?: number;
  /** Softmax temperature applied to the logits; fitted on held-out data when absent. */
  temperature?: number;
  /** 'auto' picks multi-label (one-vs-rest) when over 5% of the texts carry several intents or none. */
  mode?: 'auto' | 'single' | 'multi';
  features?: Partial<FeatureConfig>;
  seed?: number;
  /**
   * Large sets: continue from the calibration model instead of training a second one from
   * scratch (about 25% faster, slightly less accurate). Default false.
   */
  warmStart?: boolean;
  /**
   * Out-of-scope guard for small bots: confidences are scaled by min(1, coverage / this), where
   * coverage is the idf-weighted share of the text's words seen in training. 0 turns it off.
   * Default: 0.8 under 1,000 distinct training texts (where unseen words are the clearest
   * out-of-scope signal), 0 above (calibrated probabilities do better there).
   */
  unknownWordDamping?: number;
  /** Minimum number of texts a char/bigram feature must appear in (default: 2 from 1,000 texts, else 1). */
  minDf?: number;
  /**
   * The language's shipped word vectors as extra dense features (src/nlu/embeddings; English only for now):
   * default true where a table exists. Few-shot accuracy gains 1–3 points; false turns them off.
   */
  wordVectors?: boolean;
  /** Other dense text vectors instead of the shipped word vectors (see embeddings/dense.ts). */
  dense?: DenseFeatures;
}

/**
 * Dense features (word vectors) are used below this many distinct training texts: they carry what a bot's few
 * examples cannot, while a large set has learnt it from its n-grams and pays for them in training time.
 */
export const DENSE_FEATURES_BELOW = 5000;

/** Format of toSnapshot's bytes. */
const SNAPSHOT_VERSION = 1;
/** Warm start (see ClassifierOptions.warmStart): extra epochs and their learning-rate scale. */
const WARM_EPOCHS = 3;
const WARM_LR = 0.5;

export class TextClassifier {
  readonly language: Language;
  private readonly opts: ClassifierOptions & Required<Pick<ClassifierOptions, 'epochs' | 'learningRate' | 'mode' | 'seed'>>;
  private readonly featureCfg: FeatureConfig;
  private vocab = new Map<number, number>();
  private idf: Float32Array = new Float32Array(0);
  private labels: string[] = [];
  private weights: Float32Array = new Float32Array(0); // [feature][class]
  private bias: Float32Array = new Float32Array(0);
  private multiLabel = false;
  private temperature = 1;
  private maxIdf = 1;
  private damping = 0;
  /** The dense features in use (the options' when the training set is small enough). */
  private dense: DenseFeatures | undefined;
  private texts = 0;

  constructor(options: ClassifierOptions) {
    this.language = options.language;
    this.opts = {
      ...options,
      epochs: options.epochs ?? 8,
      learningRate: options.learningRate ?? 3,
      mode: options.mode ?? 'auto',
      seed: options.seed ?? 1,
      dense: options.dense ?? (options.wordVectors === false ? undefined : (wordVectors(options.language) ?? undefined)),
    };
    this.featureCfg = { ...DEFAULT_FEATURES, ...options.features };
  }

  get intents(): string[] {
    return this.labels.slice();
  }

  /** The fitted softmax temperature (diagnostics). */
  get calibratedTemperature(): number {
    return this.temperature;
  }

  get isMultiLabel(): boolean {
    return this.multiLabel;
  }

  /** Train from scratch. Examples with the same text and different intents form one multi-label example. */
  train(examples: Example[]): void {
    const { labels, texts, targets } = groupByText(examples, this.language);
    this.labels = labels;
    this.multiLabel = wantsMultiLabel(this.opts.mode, targets);
    const rawFeats = texts.map((t) => extractFeatures(t, this.language, this.featureCfg));
    const n = texts.length;
    // Tiny bots keep every feature; larger sets drop the char/bigram features of a single text.
    ({ vocab: this.vocab, idf: this.idf, maxIdf: this.maxIdf } = buildVocabulary(rawFeats, this.opts.minDf ?? (n >= 1000 ? 2 : 1)));
    this.damping = this.opts.unknownWordDamping ?? (n < 1000 ? 0.8 : 0);
    this.texts = n;
    this.dense = n < DENSE_FEATURES_BELOW ? this.opts.dense : undefined;
    const vecs = rawFeats.map((f, i) => this.vectorize(f, texts[i]));

    const C = this.labels.length;
    const F = this.vocab.size + (this.dense?.dim ?? 0);
    this.weights = new Float32Array(F * C);
    this.bias = new Float32Array(C);
    if (C > 0) this.fitModel(vecs, targets);
  }

  /** Fit the weights (and the temperature, unless the options fix it) to the vectorised training set. */
  private fitModel(vecs: SparseVec[], targets: number[][]): void {
    if (this.opts.temperature !== undefined) {
      this.temperature = this.opts.temperature;
      this.fit(vecs, targets, this.weights, this.bias);
      return;
    }
    const held = this.calibrate(vecs, targets);
    this.temperature = held.temperature;
    if (held.weights && held.bias) {
      // Large sets: continue from the calibration model (trained on 5/6 of the data) for a few
      // epochs over everything, instead of training a second model from scratch.
      this.weights = held.weights;
      this.bias = held.bias;
      this.fit(vecs, targets, this.weights, this.bias, WARM_EPOCHS, this.opts.learningRate * WARM_LR);
    } else {
      this.fit(vecs, targets, this.weights, this.bias);
    }
  }

  /**
   * Temperature scaling: train on part of the data, then pick the temperature that makes the
   * held-out confidences honest (minimum log-loss). Small sets use 4 folds, large ones one split.
   */
  private calibrate(vecs: SparseVec[], targets: number[][]): { temperature: number; weights?: Float32Array; bias?: Float32Array } {
    const n = vecs.length;
    const C = this.labels.length;
    if (n < 2 * C || n < 8 || C < 2) return { temperature: 1 };
    const folds = n <= 2000 ? 4 : 1;
    const heldLogits: Float64Array[] = [];
    const heldTargets: number[][] = [];
    const W = new Float32Array(this.weights.length);
    const B = new Float32Array(C);
    for (let f = 0; f < folds; f++) {
      const { trainIdx, heldIdx } = foldSplit(targets, C, folds, f);
      W.fill(0);
      B.fill(0);
      this.fit(trainIdx.map((i) => vecs[i]), trainIdx.map((i) => targets[i]), W, B);
      for (const i of heldIdx) {
        const z = new Float64Array(C);
        this.logitsWith(W, B, vecs[i], z);
        heldLogits.push(z);
        heldTargets.push(targets[i]);
      }
    }
    const temperature = bestTemperature((T) => heldOutLoss(heldLogits, heldTargets, C, this.multiLabel, T));
    return folds === 1 && this.opts.warmStart ? { temperature, weights: W, bias: B } : { temperature };
  }

  private fit(vecs: SparseVec[], targets: number[][], W: Float32Array, B: Float32Array, epochs = this.opts.epochs, lr0 = this.opts.learningRate): void {
    fitSgd(vecs, targets, W, B, { classes: this.labels.length, multiLabel: this.multiLabel, seed: this.opts.seed, epochs, learningRate: lr0 });
  }

  private vectorize(raw: Map<number, number>, normalized: string): SparseVec {
    const idx: number[] = [];
    const val: number[] = [];
    let known = 0;
    let all = 0;
    const unseenIdf = this.maxIdf;
    for (const [k, tf] of raw) {
      const w = 1 + Math.log(tf);
      const i = this.vocab.get(k);
      const isWord = featureKind(k) === FeatureKind.Word;
      // Coverage is idf-weighted, so knowing only "the"/"de"/"a" doesn't make a text familiar.
      if (isWord) all += i === undefined ? unseenIdf : this.idf[i];
      if (i === undefined) continue;
      if (isWord) known += this.idf[i];
      idx.push(i);
      val.push(w * this.idf[i]);
    }
    let norm = 0;
    for (const x of val) norm += x * x;
    norm = Math.sqrt(norm) || 1;
    for (let k = 0; k < val.length; k++) val[k] /= norm;
    if (this.dense) appendDense(this.dense, normalized, this.vocab.size, idx, val);
    return { idx: Int32Array.from(idx), val: Float32Array.from(val), coverage: all > 0 ? known / all : 0 };
  }

  private logitsWith(W: Float32Array, B: Float32Array, v: SparseVec, out: Float64Array): void {
    logitsWith(W, B, v, this.labels.length, out);
  }

  /** Scores of every intent, best first. Confidences are probabilities (softmax, or per-intent sigmoid when multi-label). */
  /** The trained model as bytes (a JSON header, then the arrays), to be restored by `fromSnapshot`. */
  toSnapshot(): Uint8Array {
    const keys = Float64Array.from(this.vocab.keys()); // in index order: vocab maps key → insertion index
    const header = new TextEncoder().encode(
      JSON.stringify({ v: SNAPSHOT_VERSION, labels: this.labels, multiLabel: this.multiLabel, temperature: this.temperature, maxIdf: this.maxIdf, damping: this.damping, dense: this.dense?.id ?? null, texts: this.texts, n: [keys.length, this.idf.length, this.weights.length, this.bias.length] }),
    );
    const headerBytes = Math.ceil((4 + header.length) / 8) * 8; // 8-aligned so the arrays can be viewed in place
    const out = new Uint8Array(headerBytes + keys.byteLength + this.idf.byteLength + this.weights.byteLength + this.bias.byteLength);
    new DataView(out.buffer).setUint32(0, header.length, true);
    out.set(header, 4);
    let offset = headerBytes;
    for (const a of [keys, this.idf, this.weights, this.bias]) {
      out.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), offset);
      offset += a.byteLength;
    }
    return out;
  }

  /** A classifier restored from `toSnapshot`'s bytes; throws on bytes of another format version. */
  static fromSnapshot(options: ClassifierOptions, bytes: Uint8Array): TextClassifier {
    const copy = new Uint8Array(bytes); // own, aligned buffer
    const headerLength = new DataView(copy.buffer).getUint32(0, true);
    const header = JSON.parse(new TextDecoder().decode(copy.subarray(4, 4 + headerLength))) as {
      v: number;
      labels: string[];
      multiLabel: boolean;
      temperature: number;
      maxIdf: number;
      damping: number;
      dense?: string | null;
      texts?: number;
      n: [number, number, number, number];
    };
    if (header.v !== SNAPSHOT_VERSION) throw new Error(`classifier snapshot version ${header.v}, expected ${SNAPSHOT_VERSION}`);
    let offset = Math.ceil((4 + headerLength) / 8) * 8;
    const take = <T extends Float64Array | Float32Array>(Kind: { new (b: ArrayBuffer, o: number, n: number): T; BYTES_PER_ELEMENT: number }, n: number): T => {
      const a = new Kind(copy.buffer, offset, n);
      offset += n * Kind.BYTES_PER_ELEMENT;
      return a;
    };
    const [nKeys, nIdf, nWeights, nBias] = header.n;
    const keys = take(Float64Array, nKeys);
    const c = new TextClassifier(options);
    // A model trained with other dense features (or none) has other weights: train again instead.
    const expected = (header.texts ?? 0) < DENSE_FEATURES_BELOW ? (c.opts.dense?.id ?? null) : null;
    if ((header.dense ?? null) !== expected) throw new Error('classifier snapshot has other dense features');
    c.dense = c.opts.dense && header.dense ? c.opts.dense : undefined;
    c.texts = header.texts ?? 0;
    c.vocab = new Map(Array.from(keys, (k, i) => [k, i]));
    c.idf = take(Float32Array, nIdf);
    c.weights = take(Float32Array, nWeights);
    c.bias = take(Float32Array, nBias);
    if (offset !== copy.length) throw new Error('classifier snapshot has the wrong length');
    c.labels = header.labels;
    c.multiLabel = header.multiLabel;
    c.temperature = header.temperature;
    c.maxIdf = header.maxIdf;
    c.damping = header.damping;
    return c;
  }

  predict(text: string): IntentScore[] {
    return this.predictNormalized(normalize(text, this.language));
  }

  /** How much of a normalized text's words the training examples used (0–1, idf-weighted): 0 is all unseen words. */
  coverage(normalized: string): number {
    return this.vectorize(extractFeatures(normalized, this.language, this.featureCfg), normalized).coverage;
  }

  predictNormalized(normalized: string): IntentScore[] {
    const C = this.labels.length;
    if (C === 0) return [];
    const v = this.vectorize(extractFeatures(normalized, this.language, this.featureCfg), normalized);
    const z = new Float64Array(C);
    this.logitsWith(this.weights, this.bias, v, z);
    const T = this.temperature;
    const out: IntentScore[] = new Array(C);
    // Unknown words pull confidence down: out-of-scope text is mostly unseen vocabulary.
    const damp = this.damping > 0 ? Math.min(1, v.coverage / this.damping) : 1;
    if (this.multiLabel) {
      for (let c = 0; c < C; c++) out[c] = { id: this.labels[c], confidence: damp / (1 + Math.exp(-z[c] / T)) };
    } else {
      let max = -Infinity;
      for (let c = 0; c < C; c++) if (z[c] > max) max = z[c];
      let sum = 0;
      for (let c = 0; c < C; c++) sum += z[c] = Math.exp((z[c] - max) / T);
      for (let c = 0; c < C; c++) out[c] = { id: this.labels[c], confidence: (damp * z[c]) / sum };
    }
    return out.sort((a, b) => b.confidence - a.confidence);
  }
}
