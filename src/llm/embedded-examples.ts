// The meaning source of an embedding model: a bot's examples embedded once (in batches, on first use, their
// vectors kept in a cache by model and text hash) and one request per message.
import { createHash } from 'node:crypto';
import { MeaningSpace, type LabelledVector, type MeaningSource } from '../nlu/meaning.ts';
import type { UnderstandInput } from '../nlu/types.ts';
import { EmbeddingClient, resolveEmbeddings, type EmbeddingClientOptions } from './embeddings.ts';
import type { CallTrace } from './trace.ts';

export interface LabelledText {
  text: string;
  label: string;
}

/** Where vectors are kept between starts (the store's example_embeddings), by model and text hash. */
export interface VectorCache {
  load(model: string, hashes: readonly string[]): Promise<Map<string, Float32Array>>;
  save(model: string, vectors: ReadonlyMap<string, Float32Array>): Promise<void>;
}

/** Most texts a bot's space holds (each embedded once per model, ever): thinned evenly per label beyond it. */
export const MAX_EMBEDDED_TEXTS = 2000;

export const textHash = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The meaning source of `examples` through `client`. The space is built on first use: cached vectors read, the
 * others embedded `client.batchSize` at a time and cached; a failure leaves it unbuilt, to be tried again by a
 * later message (the model's circuit breaker keeps that cheap while the model is down).
 */
export function embeddedExamples(opts: { client: EmbeddingClient; examples: readonly LabelledText[]; cache?: VectorCache; log?: (msg: string) => void }): MeaningSource {
  const { client, cache } = opts;
  const examples = thinned(dedupe(opts.examples), MAX_EMBEDDED_TEXTS);
  let built: Promise<MeaningSpace> | null = null;

  async function build(trace?: CallTrace[]): Promise<MeaningSpace> {
    const hashes = examples.map((e) => textHash(e.text));
    const known = cache ? await cache.load(client.model, hashes).catch((err: Error) => (opts.log?.(`embeddings not read from the store: ${err.message}`), new Map<string, Float32Array>())) : new Map<string, Float32Array>();
    const missing = [...new Set(examples.filter((_, i) => !known.has(hashes[i])).map((e) => e.text))];
    if (missing.length > 0) {
      const vectors = await client.embedDocuments(missing, { purpose: 'embed_examples', trace });
      const fresh = new Map(missing.map((text, i) => [textHash(text), vectors[i]]));
      for (const [h, v] of fresh) known.set(h, v);
      await cache?.save(client.model, fresh).catch((err: Error) => opts.log?.(`embeddings not kept in the store: ${err.message}`));
    }
    const labelled: LabelledVector[] = examples.map((e, i) => ({ label: e.label, vector: known.get(hashes[i])! }));
    return new MeaningSpace(labelled);
  }

  return {
    model: client.model,
    space(trace?: UnderstandInput['trace']) {
      built ??= build(trace as CallTrace[] | undefined).catch((err) => {
        built = null;
        throw err;
      });
      return built;
    },
    embed: (text, trace) => client.embedQuery(text, { purpose: 'embed_message', trace: trace as CallTrace[] | undefined }),
  };
}

function dedupe(examples: readonly LabelledText[]): LabelledText[] {
  const seen = new Set<string>();
  return examples.filter((e) => {
    const key = `${e.label}\u0000${e.text}`;
    if (seen.has(key) || e.text.trim() === '') return false;
    seen.add(key);
    return true;
  });
}

/** At most `max` texts, each label keeping an even share of its own (every one when all fit). */
function thinned(examples: LabelledText[], max: number): LabelledText[] {
  if (examples.length <= max) return examples;
  const share = max / examples.length;
  const byLabel = new Map<string, LabelledText[]>();
  for (const e of examples) {
    const list = byLabel.get(e.label);
    if (list) list.push(e);
    else byLabel.set(e.label, [e]);
  }
  return [...byLabel.values()].flatMap((list) => {
    const keep = Math.max(1, Math.floor(list.length * share));
    return Array.from({ length: keep }, (_, i) => list[Math.floor((i * list.length) / keep)]);
  });
}

/** Makes a bot's meaning source from its labelled texts (again when an admin changes its examples). */
export type MeaningFactory = (examples: readonly LabelledText[]) => MeaningSource;

/**
 * The meaning factory of `understanding.embeddings`: one client (the model's circuit breaker shared process-wide),
 * the vectors kept in `cache`. Throws ModelConfigError for an unknown provider or a missing key.
 */
export function embeddingMeaning(
  settings: { model: string; timeoutMs: number },
  env: NodeJS.ProcessEnv,
  opts: { cache?: VectorCache; log?: (msg: string) => void; client?: EmbeddingClientOptions } = {},
): MeaningFactory {
  const client = new EmbeddingClient(resolveEmbeddings(settings.model, env), { timeoutMs: settings.timeoutMs, ...opts.client });
  return (examples) => embeddedExamples({ client, examples, cache: opts.cache, log: opts.log });
}
