// Embedding models ('openai:text-embedding-3-small', 'ollama:nomic-embed-text', 'google-genai:text-embedding-004')
// through LangChain's embedding integrations, and the client every embedding request goes through: a deadline,
// the model's circuit breaker (as for chat models), checked vectors, and each request recorded in the trace.
import type { EmbeddingsInterface } from '@langchain/core/embeddings';
import { GoogleGenerativeAIEmbeddings } from '@langchain/google-genai';
import { OllamaEmbeddings } from '@langchain/ollama';
import { OpenAIEmbeddings } from '@langchain/openai';
import { inSpan } from '../spans.ts';
import { isCircuitOpen, Uncounted, withDeadline } from '../resilience/index.ts';
import { abortedFailure, circuitOpen, classify, traceEntry, unavailableError } from './call-failures.ts';
import { CircuitBreaker, sharedBreaker } from './circuit-breaker.ts';
import { InvalidModelOutputError, ModelConfigError, ModelTimeoutError } from './errors.ts';
import { providerAccess } from './registry.ts';
import { embeddingSpecProblem, type EmbeddingProvider } from './spec.ts';

import type { CallTrace } from './trace.ts';

export { embeddingSpecProblem, EMBEDDING_PROVIDERS, type EmbeddingProvider } from './spec.ts';

export interface EmbeddingHandle {
  /** 'provider:model', the cache key of its vectors. */
  spec: string;
  provider: EmbeddingProvider;
  model: string;
  baseUrl?: string;
  embeddings: EmbeddingsInterface;
}

/** The embedding model of a spec. Keys and base URLs come from the environment as for chat models. Throws ModelConfigError. */
export function resolveEmbeddings(spec: string, env: NodeJS.ProcessEnv = process.env): EmbeddingHandle {
  const problem = embeddingSpecProblem(spec);
  if (problem) throw new ModelConfigError(`embedding model ${problem}`);
  const trimmed = spec.trim();
  const colon = trimmed.indexOf(':');
  const provider = trimmed.slice(0, colon) as EmbeddingProvider;
  const model = trimmed.slice(colon + 1);
  const { apiKey, baseUrl } = providerAccess(provider, trimmed, env);
  // LangChain's own retries are off: the client times out and trips the breaker itself.
  const embeddings =
    provider === 'openai'
      ? new OpenAIEmbeddings({ model, apiKey, maxRetries: 0, configuration: baseUrl ? { baseURL: baseUrl } : {} })
      : provider === 'ollama'
        ? new OllamaEmbeddings({ model, baseUrl, maxRetries: 0 })
        : new GoogleGenerativeAIEmbeddings({ model, apiKey, maxRetries: 0, ...(baseUrl ? { baseUrl } : {}) });
  return { spec: `${provider}:${model}`, provider, model, baseUrl, embeddings };
}

export interface EmbeddingClientOptions {
  /** Deadline of one request, in ms. Default 5 000. */
  timeoutMs?: number;
  /** Texts per request when embedding many (a bot's examples). Default 96. */
  batchSize?: number;
  /** Default: the process-wide breaker of this model (5 failures, 30 s). */
  breaker?: CircuitBreaker;
}

export interface EmbedOptions {
  /** What the call is for; recorded in the trace. */
  purpose: string;
  trace?: CallTrace[];
  timeoutMs?: number;
  signal?: AbortSignal;
}

export class EmbeddingClient {
  readonly model: string;
  readonly breaker: CircuitBreaker;
  readonly timeoutMs: number;
  readonly batchSize: number;

  constructor(
    readonly handle: EmbeddingHandle,
    options: EmbeddingClientOptions = {},
  ) {
    this.model = handle.spec;
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.batchSize = Math.max(1, options.batchSize ?? 96);
    this.breaker = options.breaker ?? sharedBreaker(`${handle.spec}@${handle.baseUrl ?? 'default'}`);
  }

  /** One text's vector: one request. */
  async embedQuery(text: string, options: EmbedOptions): Promise<Float32Array> {
    const [vector] = await this.request(options, 1, async () => [await this.handle.embeddings.embedQuery(text)]);
    return vector;
  }

  /** Many texts' vectors, `batchSize` per request, one request after the other. */
  async embedDocuments(texts: readonly string[], options: EmbedOptions): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += this.batchSize) {
      const batch = texts.slice(i, i + this.batchSize);
      out.push(...(await this.request(options, batch.length, () => this.handle.embeddings.embedDocuments(batch))));
    }
    return out;
  }

  /** One request: gated by the breaker, under a deadline, recorded in the trace; no retry (the caller falls back). */
  private async request(options: EmbedOptions, count: number, fn: () => Promise<number[][]>): Promise<Float32Array[]> {
    const { entry, record } = traceEntry(this.model, options.purpose, 1, options.trace);
    const started = performance.now();
    try {
      const vectors = await this.breaker.execute(() => this.send(options, count, fn));
      entry.latencyMs = Math.round(performance.now() - started);
      entry.ok = true;
      record();
      return vectors;
    } catch (err) {
      if (isCircuitOpen(err)) throw circuitOpen(entry, record);
      entry.latencyMs = Math.round(performance.now() - started);
      if (err instanceof BadVectors) {
        entry.error = `invalid output: ${err.message}`;
        record('invalid_output');
        throw new InvalidModelOutputError(`${this.model} gave invalid embeddings for ${options.purpose}: ${err.message}`, this.model);
      }
      const failure = options.signal?.aborted ? abortedFailure() : classify(err);
      entry.error = failure.message;
      record(failure.kind === 'invalid' ? 'invalid_output' : failure.reason);
      throw unavailableError(this.model, err, failure.kind === 'unavailable' ? failure : { ...failure, kind: 'unavailable', reason: 'server_error', retryable: false });
    }
  }

  /** The request under its deadline, and its vectors checked: bad vectors count against the model as a failure. */
  private async send(options: EmbedOptions, count: number, fn: () => Promise<number[][]>): Promise<Float32Array[]> {
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    let raw: number[][];
    try {
      raw = await inSpan(`embeddings ${this.handle.model}`, () => this.spanAttributes(options.purpose, count), () =>
        withDeadline(() => fn(), timeoutMs, () => new ModelTimeoutError(this.model, timeoutMs), options.signal),
      );
    } catch (err) {
      throw options.signal?.aborted ? new Uncounted(err) : err;
    }
    const vectors = checkedVectors(raw, count);
    if (typeof vectors === 'string') throw new BadVectors(vectors);
    return vectors;
  }

  private spanAttributes(purpose: string, count: number) {
    return { 'gen_ai.operation.name': 'embeddings', 'gen_ai.provider.name': this.handle.provider, 'gen_ai.request.model': this.handle.model, 'switchboard.purpose': purpose, 'switchboard.inputs': count };
  }
}

/** Vectors that are not `count` finite vectors of one length. */
class BadVectors extends Error {}

/** `count` finite vectors of one length, as float32; else what is wrong (a provider can answer a failed batch with empty vectors). */
function checkedVectors(raw: unknown, count: number): Float32Array[] | string {
  if (!Array.isArray(raw) || raw.length !== count) return `expected ${count} vectors, got ${Array.isArray(raw) ? raw.length : typeof raw}`;
  const dim = (raw[0] as unknown[] | undefined)?.length ?? 0;
  const out: Float32Array[] = [];
  for (const v of raw as unknown[]) {
    if (!Array.isArray(v) || v.length === 0 || v.length !== dim) return 'vectors are empty or of different lengths';
    const f = Float32Array.from(v as number[]);
    if (!f.every(Number.isFinite)) return 'a vector holds a value that is not a finite number';
    out.push(f);
  }
  return out;
}
