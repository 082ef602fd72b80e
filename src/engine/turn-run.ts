// The last steps of a turn, on the session lock's connection: run the graph (understand and decide → specialists
// → narrate), then commit its reply, state and writes in one statement. No side effect on doubt (the bot asks
// instead); a declared write rejection runs the turn once more with the same understanding; any other failed
// write gets a plain reply, state unchanged.
import { FailedError } from '../errors/index.ts';
import type { Connection, SessionRow } from '../store/index.ts';
import { CONFIRM_KEY, confirmQuestion, doubtfulWrite } from './confirm.ts';
import { invokeTurnGraph, type TurnRuntime, type TurnStateValue } from './graph.ts';
import { isWriteRejected, writeFailedReply, type WriteRejected } from './outcomes.ts';
import { persistReply, type PersistDeps, type TurnOutcome } from './persist.ts';
import type { LoadedBot } from './registry.ts';
import { MAX_HISTORY, type OpenedSession } from './sessions.ts';
import type { TurnScope } from './turn-context.ts';
import type { GateAnswer, Passed } from './turn-gate.ts';
import { turnRuntime } from './turn-runtime.ts';
import { resumeKeptSubject } from './kept-subject.ts';
import type { TurnResult, ModelCallRecord, TurnEvent } from './types.ts';

/** What the steps of one turn share: the store on the lock's connection, the bot, the stored message, the clock. */
export interface TurnStep extends PersistDeps {
  conn: Connection;
  bot: LoadedBot;
  userMessageId: number;
  /** performance.now() when the turn started. */
  t0: number;
  emit: (e: TurnEvent) => void;
}

/** Commit a reply and return it with the conversation's id and token. */
async function commit(step: TurnStep, session: SessionRow, reply: string, intents: string[], outcome: TurnOutcome): Promise<TurnResult> {
  const committed = await persistReply(step, step.bot, session, step.userMessageId, reply, intents, outcome, step.emit);
  return { sessionId: session.id, sessionToken: session.secret, ...committed };
}

/** A gate's own answer (a block, a declined confirmation), with the gate's reason in the trace. */
export async function commitAnswer(step: TurnStep, a: GateAnswer): Promise<TurnResult> {
  if (a.log) await a.log(step.conn);
  const trace = [{ node: 'gate', startMs: Math.round(performance.now() - step.t0), ms: 0, ok: true, policy: a.path === 'gate' ? 'guardrail' : 'confirm_declined', why: a.intent }];
  return commit(step, a.session, a.reply, [a.intent], { memory: a.memory, trace, calls: [], path: a.path, t0: step.t0, writes: [] });
}

export async function runAndCommit(step: TurnStep, passed: Passed, history: OpenedSession['history'], now: Date): Promise<TurnResult> {
  const { bot } = step;
  const calls: ModelCallRecord[] = [];
  const recent = history.slice(-MAX_HISTORY).map((m) => ({ role: m.role, content: m.content }));
  const session = await resumeKeptSubject(step.conn, bot, passed.session, history.length === 0);
  const scope: TurnScope = { db: step.db, bot, session, text: passed.text, now, history: recent, emit: step.emit, trace: [], writes: [], parts: [], model: bot.model?.forTurn(calls) ?? null };
  const turn = turnRuntime(scope, calls, step.t0);
  // A second run (after a rejected write) reuses the first run's understanding: same intents, no new model call.
  const understandOnce = turn.understand;
  let understood: ReturnType<TurnRuntime['understand']> | undefined;
  turn.understand = (s) => (understood ??= understandOnce(s));
  for (;;) {
    scope.parts.length = 0; // a second run shows its own
    const state = await runGraph(step, scope, turn);
    const result = await commitRun(step, scope, passed, state, calls);
    if (result) return result;
  }
}

async function runGraph(step: TurnStep, scope: TurnScope, turn: TurnRuntime): Promise<TurnStateValue> {
  const { bot } = step;
  const typing = (on: boolean) => step.events.publishLocal({ type: 'typing', bot: bot.config.id, sessionId: scope.session.id, typing: on });
  typing(true);
  try {
    return await invokeTurnGraph(bot.graph, scope.session.state ?? {}, turn);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    console.error(`[${bot.config.id}] turn failed: ${message}`);
    step.emit({ type: 'error', message: 'Something went wrong while answering; the message is saved and a person can follow up.' });
    throw new FailedError('the turn failed; your message is saved');
  } finally {
    typing(false);
  }
}

/** Commit a run's outcome; null when a declared write rejection asks for the turn to run again. */
async function commitRun(step: TurnStep, scope: TurnScope, passed: Passed, state: TurnStateValue, calls: ModelCallRecord[]): Promise<TurnResult | null> {
  const { bot } = step;
  const { session } = scope;
  const understanding = state.understanding!;
  const intents = state.servedIntents.length ? state.servedIntents : understanding.intents.map((i) => i.id);
  const outcome: TurnOutcome = { memory: state.memory, trace: scope.trace, calls, path: understanding.source, t0: step.t0, writes: [...scope.writes], handoff: state.handoff, workflow: state.workflow, parts: [...scope.parts] };
  // No side effect on doubt: the writes are dropped and the bot asks.
  const doubt = !passed.confirmed && scope.writes.length > 0 ? doubtfulWrite(bot, understanding, intents) : null;
  if (doubt) {
    scope.trace.push({ node: 'confirm', startMs: Math.round(performance.now() - step.t0), ms: 0, ok: true, policy: 'confirm_on_doubt', why: `writes of '${doubt}' rest on an unsure reading` });
    const asking = { ...outcome, memory: { ...(session.state ?? {}), [CONFIRM_KEY]: { text: scope.text, intent: doubt } }, writes: [], handoff: null, workflow: undefined, parts: [] };
    return commit(step, session, confirmQuestion(bot, doubt), [doubt], asking);
  }
  try {
    return await commit(step, session, state.reply, intents, outcome);
  } catch (err) {
    if (!scope.writes.length) throw err; // the store itself failed: nothing the bot can answer for
    if (writeFailed(scope, err, step.t0)) return null;
    console.error(`[${bot.config.id}] a write failed; answered without it: ${(err as Error).message}`);
    const unchanged = { ...outcome, memory: (session.state ?? {}) as Record<string, unknown>, writes: [], handoff: null, workflow: undefined, parts: [] };
    return commit(step, session, writeFailedReply(bot.config), intents, unchanged);
  }
}

/**
 * A bot write failed and everything of this run rolled back: record it in the trace and drop the writes.
 * True when it was a declared outcome (WriteRejected) met for the first time: the turn runs once more with
 * `ctx.rejected` set so the specialist answers for it. Anything else gets a plain reply, state unchanged.
 */
function writeFailed(scope: TurnScope, err: unknown, t0: number): boolean {
  const message = err instanceof Error ? err.message : String(err);
  scope.trace.push({ node: 'write', startMs: Math.round(performance.now() - t0), ms: 0, ok: false, error: message });
  scope.writes.length = 0;
  if (!isWriteRejected(err) || scope.rejected) return false;
  scope.rejected = err as WriteRejected;
  return true;
}
