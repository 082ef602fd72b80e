// The core's errors, by what went wrong rather than by transport. The engine, the handoff service, knowledge
// and the channels raise these; each edge maps them once (the HTTP server in src/server/errors.ts). Their
// messages are written for the caller and safe to show.

export type ErrorKind = 'invalid' | 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'busy' | 'unavailable' | 'failed';

export abstract class DomainError extends Error {
  abstract readonly kind: ErrorKind;
}

/** The request is malformed or breaks a rule (bad id, missing field). */
export class InvalidError extends DomainError {
  readonly kind = 'invalid';
}

/** No valid credentials were sent. */
export class UnauthenticatedError extends DomainError {
  readonly kind = 'unauthenticated';
}

/** The caller is known but may not do this (someone else's conversation, an operator doing admin work). */
export class ForbiddenError extends DomainError {
  readonly kind = 'forbidden';
}

/** The bot, conversation, intent or document does not exist (for this caller). */
export class NotFoundError extends DomainError {
  readonly kind = 'not_found';
}

/** The request clashes with the current state (a mode it is already in, a predefined intent, a taken phone). */
export class ConflictError extends DomainError {
  readonly kind = 'conflict';
}

/** A message of this conversation is still being answered; try again after the reply. */
export class BusyError extends DomainError {
  readonly kind = 'busy';
}

/** The service cannot take this now (shutting down, a channel not configured); retrying later may work. */
export class UnavailableError extends DomainError {
  readonly kind = 'unavailable';
  /** When it is worth trying again, in seconds (HTTP: Retry-After). */
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** The work failed on our side after the input was accepted (a turn whose message is saved). */
export class FailedError extends DomainError {
  readonly kind = 'failed';
}

export function isDomainError(err: unknown): err is DomainError {
  return err instanceof DomainError;
}

/** The domain error `err` is or wraps (a query builder wraps a driver's error as its `cause`), if any. */
export function domainErrorOf(err: unknown): DomainError | undefined {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) if (e instanceof DomainError) return e;
  return undefined;
}
