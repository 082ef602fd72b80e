// What a bot's deferred write can report besides success. A write runs inside the turn's transaction, after
// every specialist has answered: when it cannot happen (a class filled up meanwhile, a slot taken, a
// constraint), the turn's writes roll back and the customer must still get an answer in the same request.
import type { Sql } from '../store/index.ts';
import { runtimeReply } from './runtime-replies.ts';

/**
 * Thrown by a deferred write whose effect cannot happen for a reason the customer should hear ("the class
 * filled up"). The turn's writes roll back, and the turn runs once more with `ctx.rejected` set to this error,
 * so the specialist answers for it; the customer's message is answered once, by that second run.
 */
export class WriteRejected extends Error {
  override readonly name = 'WriteRejected';
  constructor(
    /** A short, stable reason the specialist can test (`class_full`, `slot_taken`). */
    readonly code: string,
    message: string = code,
    /** Anything the specialist needs to answer (the slot, what is left). */
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export function isWriteRejected(err: unknown): err is WriteRejected {
  return err instanceof WriteRejected || (err as { name?: unknown } | null)?.name === 'WriteRejected';
}

/** What a deferred write may return: lasting state that follows what the write really did (ids it created). */
interface WriteResult {
  /**
   * Merged into the turn's lasting state before it is saved, one level deep: `{ trial: { bookingId } }` sets
   * that one field of `trial` and keeps the others.
   */
  memory?: Record<string, unknown>;
}

/** The lasting state with a write's `memory` merged in (objects under the same key field by field). */
export function mergeWritten(memory: Record<string, unknown>, written: Record<string, unknown>): Record<string, unknown> {
  const out = { ...memory };
  for (const [key, value] of Object.entries(written)) {
    const before = out[key];
    const bothObjects = [before, value].every((v) => typeof v === 'object' && v !== null && !Array.isArray(v));
    out[key] = bothObjects ? { ...(before as object), ...(value as object) } : value;
  }
  return out;
}

export type DeferredWrite = (tx: Sql) => Promise<void | WriteResult>;

/** The customer's answer when a write failed for a reason the bot did not declare. */
export function writeFailedReply(config: { replies: Record<string, string>; language: string }): string {
  return runtimeReply('write_failed', config.language, config.replies);
}
