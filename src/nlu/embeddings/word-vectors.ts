// A static word-vector table: one small int8 vector per word, distilled once from a pretrained sentence encoder
// (scripts/distill-word-vectors.ts), and a text's vector as the weighted mean of its words' vectors — a few
// microseconds per message, no model at run time.
//
// File format (little-endian): "SBWV", u32 format version, u32 header length, the JSON header
// ({ dim, count, source, licence }), the words (UTF-8, one per line), padding to 4 bytes, then
// count f32 word weights, count f32 row scales and count × dim int8 components (vector = scale × components).
import type { DenseFeatures } from './dense.ts';

const MAGIC = 'SBWV';
const FORMAT_VERSION = 1;

export interface WordVectorHeader {
  dim: number;
  count: number;
  /** Where the vectors come from (model, word list) and how they were reduced. */
  source: string;
  licence: string;
}

export interface WordVectorTable extends WordVectorHeader {
  words: string[];
  /** Per-word weight in a text's mean (frequent words weigh less). */
  weights: Float32Array;
  scales: Float32Array;
  components: Int8Array;
}

/** The table as bytes (see the file format above). Rows are quantised to int8 with one scale each. */
export function encodeWordVectors(header: Omit<WordVectorHeader, 'count'>, words: string[], weights: ArrayLike<number>, vectors: ArrayLike<number>[]): Uint8Array {
  const count = words.length;
  const { dim } = header;
  if (weights.length !== count || vectors.length !== count) throw new RangeError('one weight and one vector per word');
  if (words.some((w) => !w || /[\n\r]/.test(w))) throw new RangeError('words must be non-empty single lines');
  const head = new TextEncoder().encode(JSON.stringify({ ...header, count }));
  const wordBytes = new TextEncoder().encode(words.join('\n'));
  const start = align4(12 + head.length + wordBytes.length);
  const out = new Uint8Array(start + 8 * count + count * dim);
  const view = new DataView(out.buffer);
  out.set(new TextEncoder().encode(MAGIC), 0);
  view.setUint32(4, FORMAT_VERSION, true);
  view.setUint32(8, head.length, true);
  out.set(head, 12);
  out.set(wordBytes, 12 + head.length);
  const w = new Float32Array(out.buffer, start, count);
  const scales = new Float32Array(out.buffer, start + 4 * count, count);
  const comps = new Int8Array(out.buffer, start + 8 * count, count * dim);
  for (let i = 0; i < count; i++) {
    const v = vectors[i];
    if (v.length !== dim) throw new RangeError(`vector ${i} has ${v.length} components, expected ${dim}`);
    w[i] = weights[i];
    let max = 0;
    for (let j = 0; j < dim; j++) max = Math.max(max, Math.abs(v[j]));
    const scale = max / 127 || 1;
    scales[i] = scale;
    for (let j = 0; j < dim; j++) comps[i * dim + j] = Math.round(v[j] / scale);
  }
  return out;
}

/** Reads encodeWordVectors' bytes; throws on another format. */
export function decodeWordVectors(bytes: Uint8Array): WordVectorTable {
  const copy = new Uint8Array(bytes); // own, aligned buffer
  const view = new DataView(copy.buffer);
  if (new TextDecoder().decode(copy.subarray(0, 4)) !== MAGIC) throw new Error('not a word-vector table');
  const version = view.getUint32(4, true);
  if (version !== FORMAT_VERSION) throw new Error(`word-vector table version ${version}, expected ${FORMAT_VERSION}`);
  const headLength = view.getUint32(8, true);
  const header = JSON.parse(new TextDecoder().decode(copy.subarray(12, 12 + headLength))) as WordVectorHeader;
  const { count, dim } = header;
  const tail = 8 * count + count * dim;
  const start = copy.length - tail;
  if (start < 12 + headLength || start % 4 !== 0) throw new Error('word-vector table has the wrong length');
  const words = new TextDecoder().decode(copy.subarray(12 + headLength, start)).replace(/\0+$/, '').split('\n');
  if (words.length !== count) throw new Error(`word-vector table lists ${words.length} words, expected ${count}`);
  return {
    ...header,
    words,
    weights: new Float32Array(copy.buffer, start, count),
    scales: new Float32Array(copy.buffer, start + 4 * count, count),
    components: new Int8Array(copy.buffer, start + 8 * count, count * dim),
  };
}

function align4(n: number): number {
  return Math.ceil(n / 4) * 4;
}

/**
 * Text vectors from a word-vector table: the weighted mean of the vectors of the text's known words
 * (normalised text: lowercase words separated by spaces), unit length; null when no word is known.
 */
export class WordVectorEmbedder implements DenseFeatures {
  readonly id: string;
  readonly dim: number;
  readonly weight: number;
  private readonly index: Map<string, number>;
  private readonly rowWeight: Float32Array;

  constructor(private readonly table: WordVectorTable, opts: { id: string; weight: number }) {
    this.id = opts.id;
    this.weight = opts.weight;
    this.dim = table.dim;
    this.index = new Map(table.words.map((w, i) => [w, i]));
    // Scale and word weight folded together: one multiply per component.
    this.rowWeight = Float32Array.from(table.scales, (s, i) => s * table.weights[i]);
  }

  /** Whether the table has a vector for this word. */
  has(word: string): boolean {
    return this.index.has(word);
  }

  embed(normalized: string): Float32Array | null {
    const { dim } = this;
    const comps = this.table.components;
    const out = new Float32Array(dim);
    let known = 0;
    for (const tok of normalized.split(' ')) {
      const row = this.index.get(tok);
      if (row === undefined) continue;
      known++;
      const w = this.rowWeight[row];
      const base = row * dim;
      for (let j = 0; j < dim; j++) out[j] += w * comps[base + j];
    }
    if (known === 0) return null;
    let norm = 0;
    for (let j = 0; j < dim; j++) norm += out[j] * out[j];
    if (norm === 0) return null;
    const inv = 1 / Math.sqrt(norm);
    for (let j = 0; j < dim; j++) out[j] *= inv;
    return out;
  }
}
