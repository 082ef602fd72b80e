// ModelClient: every call to a model goes through here, so every call has a deadline, bounded
// retries with backoff, a circuit breaker, and usage accounting.
import type { AIMessage, AIMessageChunk } from '@langchain/core/messages';
import { z, type ZodType } from 'zod';
import { CircuitBreaker, sharedBreaker } from './circuit-breaker.ts';
import { InvalidModelOutputError, ModelTimeoutError, ModelUnavailableError, type UnavailableReason } from './errors.ts';
import { parseJsonLoose } from './json.ts';
import { messageText, toLangChainMessages, type ChatMessage } from './messages.ts';
import type { ChatModelHandle } from './registry.ts';
import { reportModelCall, type CallTrace } from './trace.ts';
import { inSpan } from '../observability/spans.ts';

export interface ModelClientOptions {
  /** Deadline of one request, in ms. Default 20 000. */
  timeoutMs?: number;
  /** Retries after the first request, on 429, 5xx and network errors. Default 2. */
  retries?: number;
  /** First backoff delay in ms; doubles each retry (with jitter). Default 250. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Retry a request that timed out too. Default false: the user is waiting, a fallback is better. */
  retryOnTimeout?: boolean;
  /** Default: the process-wide breaker of this model (5 failures, 30 s). */
  breaker?: CircuitBreaker;
  /** How structured output is asked for; default: what the LangChain integration picks. */
  structuredMethod?: 'jsonSchema' | 'functionCalling';
}

export interface CallOptions {
  /** What the call is for; recorded in the trace. */
  purpose: string;
  /** Every request of this call is appended here. */
  trace?: CallTrace[];
  /** Overrides the client's timeout for this call. */
  timeoutMs?: number;
  /** The caller's cancellation (e.g. the HTTP client went away). */
  signal?: AbortSignal;
}

export interface StructuredOptions extends CallOptions {
  /** Name of the schema/tool shown to the model. */
  name?: string;
}

export interface TextOptions extends CallOptions {
  /** Called with each streamed piece of text; when given, the reply is streamed. */
  onDelta?: (delta: string) => void;
}

export interface JsonOptions<T> extends CallOptions {
  /** When given, the parsed JSON is validated, with one repair attempt. */
  schema?: ZodType<T>;
}

type Usage = { inputTokens: number; outputTokens: number };

type Failure =
  | { kind: 'invalid'; message: string }
  | { kind: 'unavailable'; reason: UnavailableReason; status?: number; retryable: boolean; message: string };

/** Thrown inside an attempt when the provider rejected the output itself (e.g. OpenAI's JSON parse). */
class OutputRejected extends Error {}

export class ModelClient {
  readonly model: string;
  readonly breaker: CircuitBreaker;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly retryOnTimeout: boolean;
  private readonly structuredMethod?: 'jsonSchema' | 'functionCalling';

  constructor(
    readonly handle: ChatModelHandle,
    options: ModelClientOptions = {},
  ) {
    this.model = handle.spec;
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.retries = Math.max(0, Math.min(options.retries ?? 2, 2));
    this.backoffMs = options.backoffMs ?? 250;
    this.maxBackoffMs = options.maxBackoffMs ?? 4_000;
    this.retryOnTimeout = options.retryOnTimeout ?? false;
    this.breaker = options.breaker ?? sharedBreaker(`${handle.spec}@${handle.baseUrl ?? 'default'}`);
    this.structuredMethod = options.structuredMethod;
  }

  /**
   * Structured output validated with zod. An invalid answer gets one repair request carrying the
   * validation error; a second invalid answer throws InvalidModelOutputError.
   */
  async structured<T>(schema: ZodType<T>, messages: ChatMessage[], options: StructuredOptions): Promise<T> {
    const runnable = this.handle.chat.withStructuredOutput(jsonSchemaOf(schema), {
      name: options.name ?? 'respond',
      includeRaw: true,
      ...(this.structuredMethod ? { method: this.structuredMethod } : {}),
    });
    const ask = (msgs: ChatMessage[], purpose: string) =>
      this.request({ ...options, purpose }, async (signal) => {
        try {
          const out = (await runnable.invoke(toLangChainMessages(msgs), { signal })) as { raw: AIMessage };
          return { value: out.raw, usage: usageOf(out.raw) };
        } catch (err) {
          if (classify(err).kind === 'invalid') throw new OutputRejected(errorText(err));
          throw err;
        }
      });
    return this.validated(schema, messages, options, async (msgs, purpose) => {
      const { value: raw, entry } = await ask(msgs, purpose);
      return { raw: rawStructuredText(raw), candidate: () => structuredCandidate(raw), entry };
    });
  }

  /** Text generation; streamed through onDelta when given. */
  async text(messages: ChatMessage[], options: TextOptions): Promise<string> {
    const lcMessages = toLangChainMessages(messages);
    const { onDelta } = options;
    if (!onDelta) {
      const { value } = await this.request(options, async (signal) => {
        const message = (await this.handle.chat.invoke(lcMessages, { signal })) as AIMessage;
        return { value: messageText(message), usage: usageOf(message) };
      });
      return value;
    }
    let emitted = false; // once the user saw text, a retry would repeat it: no retry then
    const { value } = await this.request(
      options,
      async (signal) => {
        const stream = await this.handle.chat.stream(lcMessages, { signal });
        let text = '';
        let usage: Usage = { inputTokens: 0, outputTokens: 0 };
        for await (const chunk of stream as AsyncIterable<AIMessageChunk>) {
          if (signal.aborted) break;
          const delta = messageText(chunk);
          if (delta) {
            emitted = true;
            text += delta;
            onDelta(delta);
          }
          if (chunk.usage_metadata) usage = mergeUsage(usage, usageOf(chunk));
        }
        return { value: text, usage };
      },
      () => !emitted,
    );
    return value;
  }

  /** Free JSON (e.g. an action plan), parsed tolerantly; validated with one repair when a schema is given. */
  async json<T = unknown>(messages: ChatMessage[], options: JsonOptions<T>): Promise<T> {
    const schema = (options.schema ?? z.unknown()) as ZodType<T>;
    return this.validated(schema, messages, options, async (msgs, purpose) => {
      const { value: raw, entry } = await this.request({ ...options, purpose }, async (signal) => {
        const message = (await this.handle.chat.invoke(toLangChainMessages(msgs), { signal })) as AIMessage;
        return { value: messageText(message), usage: usageOf(message) };
      });
      return { raw, candidate: () => parseJsonLoose(raw), entry };
    });
  }

  /** Shared validate → repair once → give up logic of structured() and json(). */
  private async validated<T>(
    schema: ZodType<T>,
    messages: ChatMessage[],
    options: CallOptions,
    ask: (msgs: ChatMessage[], purpose: string) => Promise<{ raw?: string; candidate: () => unknown; entry: CallTrace }>,
  ): Promise<T> {
    let msgs = messages;
    let lastRaw: string | undefined;
    let problem = '';
    for (let round = 0; round < 2; round++) {
      const purpose = round === 0 ? options.purpose : `${options.purpose}:repair`;
      try {
        const answer = await ask(msgs, purpose);
        lastRaw = answer.raw;
        let candidate: unknown;
        try {
          candidate = answer.candidate();
        } catch (err) {
          problem = `not valid JSON (${errorText(err)})`;
          markInvalid(answer.entry, problem);
          msgs = repairMessages(messages, answer.raw, problem);
          continue;
        }
        const parsed = schema.safeParse(candidate);
        if (parsed.success) return parsed.data;
        problem = z.prettifyError(parsed.error);
        markInvalid(answer.entry, problem);
        msgs = repairMessages(messages, answer.raw, problem);
      } catch (err) {
        if (!(err instanceof OutputRejected)) throw err;
        problem = `not valid JSON (${err.message})`;
        lastRaw = undefined;
        msgs = repairMessages(messages, undefined, problem);
      }
    }
    throw new InvalidModelOutputError(`${this.model} gave invalid output for ${options.purpose} twice: ${problem}`, this.model, lastRaw);
  }

  /**
   * One logical call: up to 1 + retries requests, each with a deadline, gated by the breaker, each
   * recorded in the trace. `canRetry` lets a streaming call refuse a retry after text went out.
   */
  private async request<V>(
    options: CallOptions,
    attemptFn: (signal: AbortSignal) => Promise<{ value: V; usage: Usage }>,
    canRetry: () => boolean = () => true,
  ): Promise<{ value: V; entry: CallTrace }> {
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    for (let attempt = 1; ; attempt++) {
      const entry: CallTrace = { model: this.model, purpose: options.purpose, latencyMs: 0, inputTokens: 0, outputTokens: 0, ok: false, attempt };
      const record = (failure?: string) => {
        options.trace?.push(entry);
        reportModelCall(entry, failure);
      };
      if (!this.breaker.tryAcquire()) {
        entry.error = 'circuit open';
        record('circuit_open');
        throw new ModelUnavailableError(`${this.model} is unavailable (circuit open)`, this.model, 'circuit_open');
      }
      const started = performance.now();
      try {
        const { value, usage } = await inSpan(`chat ${this.handle.model}`, () => this.spanAttributes(options.purpose, attempt), async (span) => {
          const done = await withDeadline(attemptFn, timeoutMs, this.model, options.signal);
          span?.setAttributes({ 'gen_ai.usage.input_tokens': done.usage.inputTokens, 'gen_ai.usage.output_tokens': done.usage.outputTokens });
          return done;
        });
        Object.assign(entry, usage, { ok: true, latencyMs: Math.round(performance.now() - started) });
        record();
        this.breaker.recordSuccess();
        return { value, entry };
      } catch (err) {
        entry.latencyMs = Math.round(performance.now() - started);
        if (err instanceof OutputRejected) {
          // The model answered (so it is healthy), but with output the provider could not parse.
          entry.error = `invalid output: ${err.message}`;
          record('invalid_output');
          this.breaker.recordSuccess();
          throw err;
        }
        const failure = options.signal?.aborted ? abortedFailure() : classify(err);
        entry.error = failure.message;
        record(failure.kind === 'invalid' ? 'invalid_output' : failure.reason);
        if (failure.kind === 'invalid') {
          this.breaker.recordSuccess();
          throw new OutputRejected(failure.message);
        }
        if (failure.reason === 'aborted') {
          this.breaker.release();
          throw new ModelUnavailableError(`${this.model} call aborted by the caller`, this.model, 'aborted', undefined, { cause: err });
        }
        this.breaker.recordFailure();
        const retryable = failure.retryable && (failure.reason !== 'timeout' || this.retryOnTimeout);
        if (!retryable || attempt > this.retries || !canRetry()) {
          if (err instanceof ModelTimeoutError) throw err;
          throw new ModelUnavailableError(`${this.model} failed: ${failure.message}`, this.model, failure.reason, failure.status, { cause: err });
        }
        await sleep(this.backoff(attempt), options.signal);
      }
    }
  }

  /** OpenTelemetry GenAI attributes of one request (gen_ai.* semantic conventions). */
  private spanAttributes(purpose: string, attempt: number) {
    return { 'gen_ai.operation.name': 'chat', 'gen_ai.provider.name': this.handle.provider, 'gen_ai.request.model': this.handle.model, 'switchboard.purpose': purpose, 'switchboard.attempt': attempt };
  }

  private backoff(attempt: number): number {
    const base = Math.min(this.maxBackoffMs, this.backoffMs * 2 ** (attempt - 1));
    return Math.round(base * (0.75 + Math.random() * 0.5));
  }
}

// ---------------------------------------------------------------- helpers

/**
 * JSON schema sent to the provider; zod stays the judge of what comes back. Output mode makes
 * fields with defaults required (what OpenAI's strict mode wants); `default` and `$schema` are
 * dropped because not every provider's schema dialect accepts them.
 */
export function jsonSchemaOf(schema: ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return withoutKey(json, 'default') as Record<string, unknown>;
}

function withoutKey(value: unknown, key: string, isPropertyMap = false): unknown {
  if (Array.isArray(value)) return value.map((v) => withoutKey(v, key));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => isPropertyMap || k !== key) // a field may be called "default"
      .map(([k, v]) => [k, withoutKey(v, key, !isPropertyMap && k === 'properties')]),
  );
}

function usageOf(message: { usage_metadata?: { input_tokens?: number; output_tokens?: number } }): Usage {
  return { inputTokens: message.usage_metadata?.input_tokens ?? 0, outputTokens: message.usage_metadata?.output_tokens ?? 0 };
}

function mergeUsage(a: Usage, b: Usage): Usage {
  // Providers report usage once (OpenAI, Anthropic's final delta) or cumulatively (Gemini): keep the largest.
  return { inputTokens: Math.max(a.inputTokens, b.inputTokens), outputTokens: Math.max(a.outputTokens, b.outputTokens) };
}

/** What a structured answer holds: the forced tool's arguments, or the JSON text of the content. */
function structuredCandidate(raw: AIMessage): unknown {
  const call = raw.tool_calls?.[0];
  if (call) return call.args;
  const invalid = raw.invalid_tool_calls?.[0];
  if (invalid) return parseJsonLoose(String(invalid.args ?? ''));
  return parseJsonLoose(messageText(raw));
}

function rawStructuredText(raw: AIMessage): string {
  const call = raw.tool_calls?.[0];
  if (call) return JSON.stringify(call.args);
  const invalid = raw.invalid_tool_calls?.[0];
  if (invalid) return String(invalid.args ?? '');
  return messageText(raw);
}

function markInvalid(entry: CallTrace, problem: string): void {
  entry.ok = false;
  entry.error = `invalid output: ${problem.slice(0, 300)}`;
}

function repairMessages(messages: ChatMessage[], raw: string | undefined, problem: string): ChatMessage[] {
  const repair: ChatMessage[] = [];
  if (raw) repair.push({ role: 'assistant', content: raw });
  repair.push({
    role: 'user',
    content: `Your previous answer was invalid: ${problem}\nAnswer again with only the corrected JSON, matching the required schema exactly.`,
  });
  return [...messages, ...repair];
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message.split('\n')[0].slice(0, 300) : String(err);
}

function abortedFailure(): Failure {
  return { kind: 'unavailable', reason: 'aborted', retryable: false, message: 'aborted by the caller' };
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);

/** Sorts a provider error into retryable or not, and why. */
function classify(err: unknown): Failure {
  const e = err as any;
  const message = errorText(err);
  if (err instanceof ModelTimeoutError) return { kind: 'unavailable', reason: 'timeout', retryable: true, message };
  const status = [e?.status, e?.response?.status, e?.status_code, e?.statusCode].find((s) => typeof s === 'number' && s >= 100);
  if (status === 429) return { kind: 'unavailable', reason: 'rate_limited', status, retryable: true, message };
  if (status !== undefined && (status >= 500 || status === 408)) return { kind: 'unavailable', reason: 'server_error', status, retryable: true, message };
  if (status !== undefined && status >= 400) return { kind: 'unavailable', reason: 'client_error', status, retryable: false, message };
  const name = String(e?.name ?? '');
  if (err instanceof SyntaxError || name === 'ZodError' || name === 'OutputParserException') return { kind: 'invalid', message };
  const code = e?.code ?? e?.cause?.code;
  if (
    NETWORK_CODES.has(code) ||
    name === 'APIConnectionError' ||
    /fetch failed|connection error|socket hang up|ECONNREFUSED|ECONNRESET|terminated|network|Error fetching from/i.test(message)
  ) {
    return { kind: 'unavailable', reason: 'network', retryable: true, message };
  }
  return { kind: 'unavailable', reason: 'server_error', retryable: false, message };
}

/** Runs fn with a fresh AbortSignal that fires at the deadline or when the caller aborts. */
async function withDeadline<T>(fn: (signal: AbortSignal) => Promise<T>, timeoutMs: number, model: string, callerSignal?: AbortSignal): Promise<T> {
  const controller = new AbortController();
  const onCallerAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onCallerAbort();
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const timeout = new ModelTimeoutError(model, timeoutMs);
      reject(timeout); // before abort(), so the race settles with the timeout
      controller.abort(timeout);
    }, timeoutMs);
  });
  const aborted = new Promise<never>((_, reject) => {
    const fail = () => reject(controller.signal.reason ?? new Error('aborted by the caller'));
    if (controller.signal.aborted) fail();
    controller.signal.addEventListener('abort', fail, { once: true });
  });
  const work = fn(controller.signal);
  work.catch(() => {}); // a late rejection after the deadline must not go unhandled
  aborted.catch(() => {});
  try {
    return await Promise.race([work, deadline, aborted]);
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
    if (!controller.signal.aborted) controller.abort();
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
