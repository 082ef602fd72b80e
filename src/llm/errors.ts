// Typed failures of model calls. Callers catch these to fall back (local understanding, a
// fixed reply, a handoff) instead of failing the turn.

export type UnavailableReason = 'circuit_open' | 'timeout' | 'rate_limited' | 'server_error' | 'network' | 'client_error' | 'aborted';

/** The model could not answer: circuit open, timeout, HTTP error after retries, network failure. */
export class ModelUnavailableError extends Error {
  override name = 'ModelUnavailableError';
  constructor(
    message: string,
    readonly model: string,
    readonly reason: UnavailableReason,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The call ran past its deadline. A ModelUnavailableError, so one catch covers both. */
export class ModelTimeoutError extends ModelUnavailableError {
  override name = 'ModelTimeoutError';
  constructor(model: string, readonly timeoutMs: number) {
    super(`${model} did not answer within ${timeoutMs} ms`, model, 'timeout');
  }
}

/** The model answered, but not with output matching the schema, even after one repair attempt. */
export class InvalidModelOutputError extends Error {
  override name = 'InvalidModelOutputError';
  constructor(
    message: string,
    readonly model: string,
    /** The last raw output, when the provider let us see it. */
    readonly raw?: string,
  ) {
    super(message);
  }
}

/** Bad model configuration: unknown provider, missing API key, malformed spec. */
export class ModelConfigError extends Error {
  override name = 'ModelConfigError';
}

/** True for the failures a caller is expected to survive by falling back. */
export function isModelFailure(err: unknown): err is ModelUnavailableError | InvalidModelOutputError {
  return err instanceof ModelUnavailableError || err instanceof InvalidModelOutputError;
}
