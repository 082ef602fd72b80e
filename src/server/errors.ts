// The one place where the core's errors become HTTP statuses and the API's error body.
import type { ErrorBody } from '../contract/index.ts';
import { domainErrorOf, type DomainError, type ErrorKind } from '../errors/index.ts';

const STATUS: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  busy: 429,
  unavailable: 503,
  failed: 500,
};

const NAMES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  500: 'internal_error',
  503: 'unavailable',
};

export function statusOf(err: DomainError): number {
  return STATUS[err.kind];
}

/** The `error` field of the API's error body for a status. */
export function errorName(status: number): string {
  return NAMES[status] ?? 'error';
}

/** The API's error body. */
export function errorBody(status: number, message: string): ErrorBody {
  return { error: errorName(status), message };
}

/** What a streamed turn reports when it fails: the core's own message, or a generic one for anything else. */
export function turnFailure(err: unknown): { message: string; status: number } {
  const domain = domainErrorOf(err);
  if (domain) return { message: domain.message, status: statusOf(domain) };
  return { message: 'the turn failed; your message is saved', status: 500 };
}
