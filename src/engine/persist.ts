// The end of a turn: its effects commit together — reply, lasting state, mode, the bot's deferred writes, the
// trace — then the console hears of them.
import { randomUUID } from 'node:crypto';
import { botPaused } from '../handoff/index.ts';
import * as store from '../store/index.ts';
import type { Connection, Database, SessionRow, Sql } from '../store/index.ts';
import type { EventHub } from './events.ts';
import { annotateActiveSpan, ATTR, inSpan } from '../spans.ts';
import type { LoadedBot } from './registry.ts';
import { mergeWritten, type DeferredWrite } from './outcomes.ts';
import { keptSubjectWrite } from './kept-subject.ts';
import type { TurnResult, ModelCallRecord, TraceEntry, TurnEvent, UiPart } from './types.ts';

/** What a turn produced besides its reply. */
export interface TurnOutcome {
  memory: Record<string, unknown>;
  trace: TraceEntry[];
  calls: ModelCallRecord[];
  /** How the turn was answered: the understanding source, or 'gate'. */
  path: string;
  /** performance.now() when the turn started. */
  t0: number;
  writes: DeferredWrite[];
  handoff?: { reason: string } | null;
  workflow?: string | null;
  /** UI parts shown with the reply. */
  parts?: UiPart[];
}

export interface PersistDeps {
  db: Database;
  /** The connection to write on (the one holding the session's lock); else the store's pool. */
  conn?: Connection;
  now: () => Date;
  events: EventHub;
}

export async function persistReply(
  deps: PersistDeps,
  bot: LoadedBot,
  session: SessionRow,
  userMessageId: number,
  reply: string,
  intents: string[],
  turn: TurnOutcome,
  emit: (e: TurnEvent) => void,
): Promise<Omit<TurnResult, 'sessionId'>> {
  const { events } = deps;
  const conn = deps.conn ?? deps.db;
  const turnId = randomUUID();
  const now = deps.now();
  const handoff = turn.handoff ?? null;
  const workflow = turn.workflow === undefined ? session.activeWorkflow : turn.workflow;
  // A signed-in customer's subject follows them to their next conversation.
  const keep = turn.path === 'gate' ? undefined : keptSubjectWrite(bot, session, workflow ?? null, turn.memory);
  if (keep) turn.writes = [...turn.writes, keep];
  const t = performance.now();
  const write = (sql: Sql) => {
    // The trace row is written by the same statement: its persist entry covers the time up to it.
    turn.trace.push({ node: 'persist', startMs: Math.round(t - turn.t0), ms: +(performance.now() - t).toFixed(2), ok: true });
    return store.persistTurn(sql, {
      sessionId: session.id,
      bot: bot.config.id,
      turnId,
      userMessageId,
      reply,
      intents,
      workflow: workflow ?? null,
      state: turn.path === 'gate' ? (session.state as Record<string, unknown>) : turn.memory,
      lastIntent: intents[0] ?? session.lastIntent,
      handoff: handoff ? { reason: handoff.reason, at: now } : null,
      path: turn.path,
      trace: turn.trace,
      modelCalls: turn.calls,
      latencyMs: performance.now() - turn.t0,
      parts: turn.parts,
      notify: events.statementChannel,
    });
  };
  // One statement is atomic by itself; the bot's own writes join it in a transaction.
  annotateActiveSpan({ [ATTR.turn]: turnId });
  const { message, session: updated, notified } = await inSpan('switchboard.store persist', { [ATTR.bot]: bot.config.id, [ATTR.turn]: turnId }, () =>
    turn.writes.length
      ? conn.transaction(async (tx) => {
          for (const w of turn.writes) {
            const done = await w(tx);
            // State that points at a row follows what the write really did (the id it kept, not the one planned).
            if (done?.memory) turn.memory = mergeWritten(turn.memory, done.memory);
          }
          return write(tx);
        })
      : write(conn),
  );
  if (events.signals.active) events.signals.emit({ type: 'turn_stages', bot: bot.config.id, trace: turn.trace, calls: turn.calls, persistMs: performance.now() - t });
  if (!notified) events.publishMessage(bot.config.id, message);
  if (handoff) {
    events.publishSession(updated);
    emit({ type: 'handoff', mode: updated.mode, reason: handoff.reason });
    void events.publishPending();
  }
  emit({ type: 'text', content: reply });
  for (const part of turn.parts ?? []) emit(part);
  return {
    reply,
    intents,
    mode: updated.mode,
    handoff: botPaused(updated.mode),
    messageId: userMessageId,
    replyMessageId: message.id,
    turnId,
    path: turn.path,
    workflow: updated.activeWorkflow,
    ...(turn.parts?.length ? { parts: turn.parts } : {}),
  };
}
