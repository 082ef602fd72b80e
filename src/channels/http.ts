// Outgoing calls to providers: JSON over fetch with a timeout, errors classified as retryable or not, and
// a retry loop with backoff.

export class ProviderError extends Error {
  constructor(
    message: string,
    /** The HTTP status, or null when no response came (network error, timeout). */
    readonly status: number | null,
    /** Worth trying again: network errors, timeouts, 408, 429 and 5xx. A 4xx will fail the same way. */
    readonly retryable: boolean,
  ) {
    super(message);
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
  if (!res.ok) {
    const retryable = res.status >= 500 || res.status === 429 || res.status === 408;
    throw new ProviderError(`${target} → HTTP ${res.status}${text ? `: ${text.slice(0, 300)}` : ''}`, res.status, retryable);
  }
  try {
    return (text ? JSON.parse(text) : null) as T;
  } catch {
    return text as T;
  }
}

export type RetryOutcome<T> = { ok: true; value: T; attempts: number } | { ok: false; error: Error; attempts: number };

/** Run `fn` until it succeeds: one first try, then one more after each delay. Non-retryable errors stop at once. */
export async function withRetry<T>(fn: (attempt: number) => Promise<T>, delaysMs: number[], sleep = defaultSleep): Promise<RetryOutcome<T>> {
  let attempt = 0;
  for (;;) {
    attempt++;
    try {
      return { ok: true, value: await fn(attempt), attempts: attempt };
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      const retryable = !(error instanceof ProviderError) || error.retryable;
      if (!retryable || attempt > delaysMs.length) return { ok: false, error, attempts: attempt };
      await sleep(delaysMs[attempt - 1]);
    }
  }
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Never log credentials that might sit in a query string. */
function redact(url: string): string {
  return url.replace(/([?&](?:token|access_token|apikey|key)=)[^&]*/gi, '$1…');
}
