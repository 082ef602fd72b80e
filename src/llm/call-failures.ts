// How a model call fails for ModelClient and EmbeddingClient: provider errors sorted into retryable or not (and
// why), and the trace entry each request leaves.
import { ModelTimeoutError, ModelUnavailableError, type UnavailableReason } from './errors.ts';
import { reportModelCall, type CallTrace } from './trace.ts';

/** One request's trace entry and the function that records it (in the turn's trace and the metrics). */
export function traceEntry(model: string, purpose: string, attempt: number, trace?: CallTrace[]): { entry: CallTrace; record: (failure?: string) => void } {
  const entry: CallTrace = { model, purpose, latencyMs: 0, inputTokens: 0, outputTokens: 0, ok: false, attempt };
  const record = (failure?: string) => {
    trace?.push(entry);
    reportModelCall(entry, failure);
  };
  return { entry, record };
}

/** Records a request the open circuit refused, and the error the caller gets for it. */
export function circuitOpen(entry: CallTrace, record: (failure?: string) => void): ModelUnavailableError {
  entry.error = 'circuit open';
  record('circuit_open');
  return new ModelUnavailableError(`${entry.model} is unavailable (circuit open)`, entry.model, 'circuit_open');
}

export type Failure =
  | { kind: 'invalid'; message: string }
  | { kind: 'unavailable'; reason: UnavailableReason; status?: number; retryable: boolean; message: string };

export type Unavailable = Extract<Failure, { kind: 'unavailable' }>;

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message.split('\n')[0].slice(0, 300) : String(err);
}

export function abortedFailure(): Unavailable {
  return { kind: 'unavailable', reason: 'aborted', retryable: false, message: 'aborted by the caller' };
}

/** The error a caller gets for an unavailable model: the timeout itself, else a ModelUnavailableError. */
export function unavailableError(model: string, err: unknown, failure: Unavailable): ModelUnavailableError {
  if (failure.reason === 'aborted') return new ModelUnavailableError(`${model} call aborted by the caller`, model, 'aborted', undefined, { cause: err });
  if (err instanceof ModelTimeoutError) return err;
  return new ModelUnavailableError(`${model} failed: ${failure.message}`, model, failure.reason, failure.status, { cause: err });
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);
const NETWORK_MESSAGE = /fetch failed|connection error|socket hang up|ECONNREFUSED|ECONNRESET|terminated|network|Error fetching from/i;
/** Errors of output the model gave but that does not parse or validate. */
const INVALID_OUTPUT_NAMES = new Set(['ZodError', 'OutputParserException']);

/** The HTTP status an SDK error carries, under whichever name the SDK gives it. */
function statusOf(e: any): number | undefined {
  return [e?.status, e?.response?.status, e?.status_code, e?.statusCode].find((s) => typeof s === 'number' && s >= 100);
}

function httpFailure(status: number, message: string): Unavailable {
  if (status === 429) return { kind: 'unavailable', reason: 'rate_limited', status, retryable: true, message };
  if (status >= 500 || status === 408) return { kind: 'unavailable', reason: 'server_error', status, retryable: true, message };
  return { kind: 'unavailable', reason: 'client_error', status, retryable: false, message };
}

function isNetworkError(e: any, name: string, message: string): boolean {
  return NETWORK_CODES.has(e?.code ?? e?.cause?.code) || name === 'APIConnectionError' || NETWORK_MESSAGE.test(message);
}

/** Sorts a provider error into retryable or not, and why. */
export function classify(err: unknown): Failure {
  const message = errorText(err);
  if (err instanceof ModelTimeoutError) return { kind: 'unavailable', reason: 'timeout', retryable: true, message };
  const status = statusOf(err);
  if (status !== undefined && status >= 400) return httpFailure(status, message);
  const name = String((err as any)?.name ?? '');
  if (err instanceof SyntaxError || INVALID_OUTPUT_NAMES.has(name)) return { kind: 'invalid', message };
  if (isNetworkError(err, name, message)) return { kind: 'unavailable', reason: 'network', retryable: true, message };
  return { kind: 'unavailable', reason: 'server_error', retryable: false, message };
}
