// The fake model server's embeddings: a deterministic bag-of-words vector whose similarities are known (texts
// sharing words are close; `concepts` make chosen words one dimension, so tests can craft sentences close in
// "meaning" that share no word), and each protocol's answer body carrying the vectors.
import { createHash } from 'node:crypto';
import type http from 'node:http';
import type { FakeRequest, Protocol } from './fake-server.ts';

export type FakeEmbedder = (text: string) => number[];

export interface BagOfWordsOptions {
  /** Vector length (default 256). */
  dim?: number;
  /** Word → concept: every word of one concept lands on the same dimension ("carteira" and "wallet" → "wallet"). */
  concepts?: Record<string, string>;
}

/** Lower-cased words without diacritics. */
function words(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

function bucket(word: string, dim: number): number {
  return createHash('sha256').update(word).digest().readUInt32LE(0) % dim;
}

/**
 * Each word (or its concept) counts once on a hashed dimension; the vector has unit length. Two texts' cosine is
 * the share of words they have in common (bucket collisions aside); a text with no word is the zero vector.
 */
export function bagOfWordsEmbedding(options: BagOfWordsOptions = {}): FakeEmbedder {
  const dim = options.dim ?? 256;
  const concepts = new Map(Object.entries(options.concepts ?? {}).map(([w, c]) => [words(w).join(' '), c]));
  return (text) => {
    const v = new Array<number>(dim).fill(0);
    for (const w of new Set(words(text).map((x) => concepts.get(x) ?? x))) v[bucket(w, dim)] += 1;
    const norm = Math.hypot(...v);
    return norm ? v.map((x) => x / norm) : v;
  };
}

function sendJson(res: http.ServerResponse, body: unknown): void {
  const payload = JSON.stringify(body);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  res.end(payload);
}

/** The vectors of `req.inputs` in the protocol's answer (OpenAI's as base64 float32 when the client asked so). */
export function sendEmbeddings(protocol: Protocol, res: http.ServerResponse, vectors: number[][], req: FakeRequest): void {
  const tokens = Math.max(1, Math.ceil(req.text.length / 4));
  if (protocol === 'openai') {
    const base64 = req.body.encoding_format === 'base64';
    const encode = (v: number[]) => (base64 ? Buffer.from(new Float32Array(v).buffer).toString('base64') : v);
    sendJson(res, {
      object: 'list',
      model: req.model,
      data: vectors.map((v, index) => ({ object: 'embedding', index, embedding: encode(v) })),
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    });
  } else if (protocol === 'ollama') {
    sendJson(res, { model: req.model, embeddings: vectors, total_duration: 1_000_000, load_duration: 0, prompt_eval_count: tokens });
  } else if (Array.isArray(req.body.requests)) {
    sendJson(res, { embeddings: vectors.map((values) => ({ values })) });
  } else {
    sendJson(res, { embedding: { values: vectors[0] ?? [] } });
  }
}
