// Outgoing calls to providers: JSON over fetch with a timeout, errors classified as retryable or not, and
// retries with the configured delays (the shared failure policy of src/resilience).
import { fixedDelays, withRetries } from '../resilience/index.ts';

export class ProviderError extends Error {
  constructor(
    message: string,
    /** The HTTP status, or null when no response came (network error, timeout). */
    readonly status: number | null,
    /**
     * Worth trying again: network errors, timeouts, 408, 429, 5xx and Meta's throttling codes (sent as HTTP 400).
     * Any other 4xx will fail the same way.
     */
    readonly retryable: boolean,
    /** The provider's own error code when its answer names one (Meta's `error.code`, e.g. 131056). */
    readonly code?: string,
    /** How long the provider asked us to wait before trying again (its Retry-After header), in ms. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/**
 * Meta's throttling codes: the Graph API answers them with HTTP 400, but they pass. 4: app calls limit, 613 and
 * 80007: rate limits, 130429: the number's throughput, 131056: too many messages to one customer.
 */
const META_THROTTLING = new Set(['4', '613', '80007', '130429', '131056']);

/** The longest Retry-After honoured: a conversation's queue waits behind it, so a longer ask is cut to this. */
export const MAX_RETRY_AFTER_MS = 60_000;

/** A Retry-After header in ms: delay-seconds or an HTTP date, undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The error code a provider's JSON error names: Meta's `{ error: { code } }` (`meta`), or a top-level `code`. */
function providerCode(text: string): { code?: string; meta: boolean } {
  try {
    const body = JSON.parse(text) as Record<string, any>;
    const given = body?.error?.code ?? body?.code;
    const code = typeof given === 'number' || (typeof given === 'string' && given.trim()) ? String(given) : undefined;
    return { code, meta: code !== undefined && body?.error?.code !== undefined };
  } catch {
    return { meta: false };
  }
}

export interface CallOptions {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
}

/** One JSON call. Resolves with the parsed response (or its text), throws ProviderError otherwise. */
export async function callJson<T = unknown>(url: string, opts: CallOptions): Promise<T> {
  const method = opts.method ?? 'POST';
  const target = `${method} ${redact(url)}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: { accept: 'application/json', ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}), ...opts.headers },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    const why = e.name === 'TimeoutError' ? `no answer within ${opts.timeoutMs} ms` : (e.cause?.code ?? e.message);
    throw new ProviderError(`${target}: ${why}`, null, true);
  }
  const text = await res.text().catch(() => '');
  if (!res.ok) throw failedResponse(target, res, text);
  try {
    return (text ? JSON.parse(text) : null) as T;
  } catch {
    return text as T;
  }
}

/** The ProviderError of an answer that is not 2xx: retryable or not, the provider's code and asked wait. */
function failedResponse(target: string, res: Response, text: string): ProviderError {
  const { code, meta } = providerCode(text);
  const retryable = res.status >= 500 || res.status === 429 || res.status === 408 || (meta && META_THROTTLING.has(code!));
  const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'));
  return new ProviderError(`${target} → HTTP ${res.status}${text ? `: ${text.slice(0, 300)}` : ''}`, res.status, retryable, code, retryAfterMs);
}

export type RetryOutcome<T> = { ok: true; value: T; attempts: number } | { ok: false; error: Error; attempts: number };

/**
 * Run `fn` until it succeeds: one first try, then one more after each delay. Non-retryable errors stop at once.
 * A provider that says how long to wait (Retry-After) is waited for that long when it is longer than the
 * planned delay, up to MAX_RETRY_AFTER_MS.
 */
export async function withRetry<T>(fn: (attempt: number) => Promise<T>, delaysMs: number[], sleep?: (ms: number) => Promise<void>): Promise<RetryOutcome<T>> {
  let attempts = 0;
  const plan = { retries: delaysMs.length, backoff: fixedDelays(delaysMs), retryable: isRetryable, askedWaitMs: retryAfterOf, sleep };
  try {
    const value = await withRetries(plan, (attempt) => {
      attempts = attempt;
      return fn(attempt);
    });
    return { ok: true, value, attempts };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err : new Error(String(err)), attempts };
  }
}

const isRetryable = (err: unknown): boolean => !(err instanceof ProviderError) || err.retryable;

const retryAfterOf = (err: unknown): number => (err instanceof ProviderError && err.retryAfterMs !== undefined ? Math.min(err.retryAfterMs, MAX_RETRY_AFTER_MS) : 0);

/** The provider's error code of a failed call, if it named one. */
export const errorCodeOf = (error: Error): string | null => (error instanceof ProviderError && error.code !== undefined ? error.code : null);

/** Never log credentials that might sit in a query string. */
function redact(url: string): string {
  return url.replace(/([?&](?:token|access_token|apikey|key)=)[^&]*/gi, '$1…');
}
