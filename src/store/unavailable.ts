// A database that cannot be reached is a fault of the moment, not of the request: its errors become
// StoreUnavailableError (HTTP 503 with Retry-After), so callers retry instead of seeing a 500.
import { UnavailableError } from '../errors/index.ts';

/** How long a caller should wait before retrying while the database is unreachable. */
export const STORE_RETRY_AFTER_S = 5;

export class StoreUnavailableError extends UnavailableError {
  constructor(readonly cause: unknown) {
    super('the database is unavailable right now; your message was not stored, send it again in a few seconds', STORE_RETRY_AFTER_S);
  }
}

/** Node's socket errors that mean the server cannot be reached. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** SQLSTATEs of a server going away: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections. */
const SERVER_GONE = new Set(['57P01', '57P02', '57P03', '53300']);
/** What pg says when a connection ends under a query or cannot be had in time. */
const PG_MESSAGES = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed and is not queryable)/;

/** Whether `err` says the database cannot be reached (rather than that a statement is wrong). */
export function isStoreUnreachable(err: unknown): boolean {
  if (err instanceof StoreUnavailableError) return true;
  const e = err as { code?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  const code = typeof e.code === 'string' ? e.code : '';
  // SQLSTATE class 08: connection exceptions.
  if (NETWORK_CODES.has(code) || SERVER_GONE.has(code) || code.startsWith('08')) return true;
  return typeof e.message === 'string' && PG_MESSAGES.test(e.message);
}

/** `err` as a StoreUnavailableError when the database cannot be reached, else unchanged. */
export function asStoreError(err: unknown): unknown {
  return isStoreUnreachable(err) && !(err instanceof StoreUnavailableError) ? new StoreUnavailableError(err) : err;
}
