// How a model call fails for ModelClient: provider errors sorted into retryable or not (and why),
// the deadline every attempt runs under, the breaker's gate and the backoff sleep between attempts.
import type { CircuitBreaker } from './circuit-breaker.ts';
import { ModelTimeoutError, ModelUnavailableError, type UnavailableReason } from './errors.ts';
import { reportModelCall, type CallTrace } from './trace.ts';

/**
 * One request's trace entry and the function that records it (in the turn's trace and the metrics), once the
 * breaker lets the request through; a request the open circuit refuses is recorded and thrown as unavailable.
 */
export function admitRequest(breaker: CircuitBreaker, model: string, purpose: string, attempt: number, trace?: CallTrace[]): { entry: CallTrace; record: (failure?: string) => void } {
  const entry: CallTrace = { model, purpose, latencyMs: 0, inputTokens: 0, outputTokens: 0, ok: false, attempt };
  const record = (failure?: string) => {
    trace?.push(entry);
    reportModelCall(entry, failure);
  };
  if (!breaker.tryAcquire()) {
    entry.error = 'circuit open';
    record('circuit_open');
    throw new ModelUnavailableError(`${model} is unavailable (circuit open)`, model, 'circuit_open');
  }
  return { entry, record };
}

export type Failure =
  | { kind: 'invalid'; message: string }
  | { kind: 'unavailable'; reason: UnavailableReason; status?: number; retryable: boolean; message: string };

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message.split('\n')[0].slice(0, 300) : String(err);
}

export function abortedFailure(): Failure {
  return { kind: 'unavailable', reason: 'aborted', retryable: false, message: 'aborted by the caller' };
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);

/** Sorts a provider error into retryable or not, and why. */
export function classify(err: unknown): Failure {
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
export async function withDeadline<T>(fn: (signal: AbortSignal) => Promise<T>, timeoutMs: number, model: string, callerSignal?: AbortSignal): Promise<T> {
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

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
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
