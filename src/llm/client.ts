// ModelClient: every call to a model goes through here, so every call has a deadline, bounded
// retries with backoff, a circuit breaker, and usage accounting.
import type { AIMessage, AIMessageChunk } from '@langchain/core/messages';
import { z, type ZodType } from 'zod';
import { doublingDelays, isCircuitOpen, Uncounted, withDeadline, withRetries, type Backoff } from '../resilience/index.ts';
import { CircuitBreaker, sharedBreaker } from './circuit-breaker.ts';
import { InvalidModelOutputError, ModelTimeoutError, ModelUnavailableError } from './errors.ts';
import { parseJsonLoose } from './json.ts';
import { messageText, toLangChainMessages, type ChatMessage } from './messages.ts';
import type { ChatModelHandle } from './registry.ts';
import type { CallTrace } from './trace.ts';
import { inSpan } from '../spans.ts';
import { abortedFailure, circuitOpen, classify, errorText, traceEntry, unavailableError, type Unavailable } from './call-failures.ts';
import { capText, jsonSchemaOf, markInvalid, MAX_MODEL_TEXT_CHARS, mergeUsage, rawStructuredText, repairMessages, structuredCandidate, usageOf, type Usage } from './model-output.ts';

export { jsonSchemaOf, MAX_MODEL_TEXT_CHARS } from './model-output.ts';

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


/** Thrown inside an attempt when the provider rejected the output itself (e.g. OpenAI's JSON parse). */
class OutputRejected extends Error {}

/** A failed request and whether the failure policy may try it again. */
class FailedAttempt extends Error {
  constructor(
    readonly error: ModelUnavailableError,
    readonly retryable: boolean,
  ) {
    super(error.message);
  }
}

/** What one request came back with: the answer, or output the provider rejected (`note` goes in the trace). */
type Outcome<V> = { value: V; usage: Usage } | { rejected: string; note: string };

export class ModelClient {
  readonly model: string;
  readonly breaker: CircuitBreaker;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly backoff: Backoff;
  private readonly retryOnTimeout: boolean;
  private readonly structuredMethod?: 'jsonSchema' | 'functionCalling';

  constructor(
    readonly handle: ChatModelHandle,
    options: ModelClientOptions = {},
  ) {
    this.model = handle.spec;
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.retries = Math.max(0, Math.min(options.retries ?? 2, 2));
    this.backoff = doublingDelays(options.backoffMs ?? 250, options.maxBackoffMs ?? 4_000);
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

  /**
   * Text generation; streamed through onDelta when given. At most MAX_MODEL_TEXT_CHARS of it: a longer answer is
   * cut there (a stream stops being read), and the deltas always join to what is returned.
   */
  async text(messages: ChatMessage[], options: TextOptions): Promise<string> {
    try {
      return await this.textNow(toLangChainMessages(messages), options);
    } catch (err) {
      // The provider answered with something that does not parse: a model failure the caller falls back on.
      if (err instanceof OutputRejected) throw new InvalidModelOutputError(`${this.model} gave output that does not parse for ${options.purpose}: ${err.message}`, this.model);
      throw err;
    }
  }

  private async textNow(lcMessages: ReturnType<typeof toLangChainMessages>, options: TextOptions): Promise<string> {
    const { onDelta } = options;
    if (!onDelta) {
      const { value } = await this.request(options, async (signal) => {
        const message = (await this.handle.chat.invoke(lcMessages, { signal })) as AIMessage;
        return { value: capText(messageText(message), MAX_MODEL_TEXT_CHARS), usage: usageOf(message) };
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
          const whole = messageText(chunk);
          const delta = capText(whole, MAX_MODEL_TEXT_CHARS - text.length);
          if (delta) {
            emitted = true;
            text += delta;
            onDelta(delta);
          }
          if (chunk.usage_metadata) usage = mergeUsage(usage, usageOf(chunk));
          if (delta.length < whole.length) break; // full: leaving the loop ends the request
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
   * One logical call: up to 1 + retries requests under the shared failure policy (deadline, breaker, backoff),
   * each recorded in the trace. `canRetry` lets a streaming call refuse a retry after text went out.
   */
  private async request<V>(
    options: CallOptions,
    attemptFn: (signal: AbortSignal) => Promise<{ value: V; usage: Usage }>,
    canRetry: () => boolean = () => true,
  ): Promise<{ value: V; entry: CallTrace }> {
    const retryable = (err: unknown) => err instanceof FailedAttempt && err.retryable && (err.error.reason !== 'timeout' || this.retryOnTimeout) && canRetry();
    try {
      return await withRetries({ retries: this.retries, backoff: this.backoff, retryable, signal: options.signal }, (attempt) => this.attempt(options, attemptFn, attempt));
    } catch (err) {
      throw err instanceof FailedAttempt ? err.error : err;
    }
  }

  /** One request through the breaker, recorded in the trace; a failure the retry may repeat is a FailedAttempt. */
  private async attempt<V>(options: CallOptions, attemptFn: (signal: AbortSignal) => Promise<{ value: V; usage: Usage }>, attempt: number): Promise<{ value: V; entry: CallTrace }> {
    const { entry, record } = traceEntry(this.model, options.purpose, attempt, options.trace);
    const started = performance.now();
    let outcome: Outcome<V>;
    try {
      outcome = await this.breaker.execute(() => this.send(options, attemptFn, attempt));
    } catch (err) {
      if (isCircuitOpen(err)) throw circuitOpen(entry, record);
      entry.latencyMs = Math.round(performance.now() - started);
      const failure = options.signal?.aborted ? abortedFailure() : (classify(err) as Unavailable);
      entry.error = failure.message;
      record(failure.reason);
      throw new FailedAttempt(unavailableError(this.model, err, failure), failure.retryable);
    }
    entry.latencyMs = Math.round(performance.now() - started);
    if ('rejected' in outcome) {
      entry.error = outcome.note;
      record('invalid_output');
      throw new OutputRejected(outcome.rejected);
    }
    Object.assign(entry, outcome.usage, { ok: true });
    record();
    return { value: outcome.value, entry };
  }

  /**
   * The request itself, under its deadline. Output the provider could not parse is an outcome, not a failure: the
   * model answered, so the breaker counts it healthy. A call the caller aborted is not counted either way.
   */
  private async send<V>(options: CallOptions, attemptFn: (signal: AbortSignal) => Promise<{ value: V; usage: Usage }>, attempt: number): Promise<Outcome<V>> {
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    try {
      return await inSpan(`chat ${this.handle.model}`, () => this.spanAttributes(options.purpose, attempt), async (span) => {
        const done = await withDeadline(attemptFn, timeoutMs, () => new ModelTimeoutError(this.model, timeoutMs), options.signal);
        span?.setAttributes({ 'gen_ai.usage.input_tokens': done.usage.inputTokens, 'gen_ai.usage.output_tokens': done.usage.outputTokens });
        return done;
      });
    } catch (err) {
      if (err instanceof OutputRejected) return { rejected: err.message, note: `invalid output: ${err.message}` };
      if (options.signal?.aborted) throw new Uncounted(err);
      const failure = classify(err);
      if (failure.kind === 'invalid') return { rejected: failure.message, note: failure.message };
      throw err;
    }
  }

  /** OpenTelemetry GenAI attributes of one request (gen_ai.* semantic conventions). */
  private spanAttributes(purpose: string, attempt: number) {
    return { 'gen_ai.operation.name': 'chat', 'gen_ai.provider.name': this.handle.provider, 'gen_ai.request.model': this.handle.model, 'switchboard.purpose': purpose, 'switchboard.attempt': attempt };
  }
}
