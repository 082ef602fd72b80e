// One user message through its bot: double texting and the session lock, then the turn in steps, every statement
// on the lock's connection: admit (open, store, replay a retry) → gate (handoff, guardrails, a pending yes/no)
// → decide and run (the graph: understand and the decision chain → specialists → narrate) → commit.
import type { HandoffService } from '../handoff/index.ts';
import { BusyError } from '../errors/index.ts';
import * as store from '../store/index.ts';
import type { Connection, Database } from '../store/index.ts';
import type { EventHub } from './events.ts';
import { failedTurnSignal, turnSignal } from './signals.ts';
import { annotateActiveSpan, ATTR, inSpan } from '../spans.ts';
import type { KeyedMutex } from './lock.ts';
import type { BotRegistry, LoadedBot } from './registry.ts';
import { firstMessageSessionId, type ChatRequest, type SessionService } from './sessions.ts';
import { admit, opensInOneStatement } from './turn-admit.ts';
import { passGate } from './turn-gate.ts';
import { runAndCommit, commitAnswer } from './turn-run.ts';
import type { ChatResult, TurnEvent, TurnResult } from './types.ts';

export interface TurnRunnerDeps {
  db: Database;
  now: () => Date;
  events: EventHub;
  mutex: KeyedMutex;
  registry: BotRegistry;
  sessions: SessionService;
  handoff: HandoffService;
}

export class TurnRunner {
  constructor(private deps: TurnRunnerDeps) {}

  /**
   * Run one user message through its bot, in a `switchboard.turn` span; observers hear how it ended.
   * `onEvent` receives the turn's events as they happen.
   */
  async chat(botId: string, req: ChatRequest, onEvent?: (e: TurnEvent) => void): Promise<ChatResult> {
    const { signals } = this.deps.events;
    const t0 = performance.now();
    try {
      const result = stamped(await inSpan('switchboard.turn', { [ATTR.bot]: botId }, () => this.chatNow(botId, req, onEvent)), this.deps.now());
      if (signals.active) signals.emit(turnSignal(botId, req.message, result, performance.now() - t0));
      return result;
    } catch (err) {
      const signal = signals.active && this.deps.registry.bots.has(botId) ? failedTurnSignal(botId, req.message, err, performance.now() - t0, req.sessionId) : undefined;
      if (signal) signals.emit(signal);
      throw err;
    }
  }

  private async chatNow(botId: string, req: ChatRequest, onEvent?: (e: TurnEvent) => void): Promise<TurnResult> {
    const { db, mutex, registry, sessions } = this.deps;
    const bot = registry.get(botId);
    req = { ...req, userVerified: !req.authorize || req.userVerified === true };
    // A first message with a unique clientMessageId gets a session id derived from it, so its retry finds it.
    const derived = !req.sessionId && req.clientMessageId ? firstMessageSessionId(bot.config.id, req.clientMessageId) : undefined;
    if (derived) req = { ...req, sessionId: derived };
    // A new conversation is created here; an existing one is read (and checked) inside its lock.
    const session: { id: string } = req.sessionId ? { id: req.sessionId } : await sessions.create(bot, req);
    if (!req.sessionId) req = { ...req, authorize: false }; // the caller's own new conversation
    const policy = bot.config.doubleTexting;
    const busyHere = mutex.depth(session.id) > 0;
    if (busyHere && policy !== 'merge') this.deps.events.signals.emit({ type: 'double_texting', bot: botId, policy, decision: policy === 'reject' ? 'rejected' : 'queued' });
    if (policy === 'reject') {
      // Busy here, or (several processes) in another process: decided by the session's lock, never waited for.
      const busy = () => new BusyError('a message of this conversation is still being answered; wait for the reply before sending another');
      if (busyHere) throw busy();
      return mutex.run(session.id, async () => {
        const turn = await db.tryWithLock(`session:${session.id}`, (conn) => this.runTurn(bot, session.id, req, conn, onEvent));
        if (turn.locked) return turn.value;
        this.deps.events.signals.emit({ type: 'double_texting', bot: botId, policy, decision: 'rejected' });
        throw busy();
      });
    }
    let preStored: store.MessageRow | undefined;
    if (policy === 'merge') {
      // Store at once, then wait a moment: messages that arrive within the window are answered as one turn.
      preStored = await sessions.storeUserMessage(bot, await sessions.open(bot, session.id, req), req);
      if (bot.config.mergeWindowMs > 0) await new Promise((r) => setTimeout(r, bot.config.mergeWindowMs));
    }
    // The common turn opens with one statement on the lock's connection: it goes out with the lock request.
    const pipelined = opensInOneStatement(req, preStored);
    return mutex.run(session.id, () => db.withLock(`session:${session.id}`, (conn) => this.runTurn(bot, session.id, req, conn, onEvent, preStored), { pipelined }));
  }

  /** One turn, holding the session's lock; `conn` is the lock's connection, which runs every statement of the turn. */
  private async runTurn(bot: LoadedBot, sessionId: string, req: ChatRequest, conn: Connection, onEvent?: (e: TurnEvent) => void, preStored?: store.MessageRow): Promise<TurnResult> {
    const t0 = performance.now();
    const now = this.deps.now();
    const admission = await admit(this.deps, bot, sessionId, req, conn, preStored);
    annotateActiveSpan({ [ATTR.session]: sessionId });
    if ('answered' in admission) return admission.answered;
    const { turn } = admission;
    const step = { ...this.deps, conn, bot, userMessageId: turn.userMessage.id, t0, emit: (e: TurnEvent) => onEvent?.(e) };
    const gated = await passGate(this.deps, bot, turn, req, conn, now);
    if ('silent' in gated) return { sessionId, sessionToken: gated.silent.secret, reply: null, intents: [], mode: gated.silent.mode, handoff: true, messageId: turn.userMessage.id };
    if ('answer' in gated) return commitAnswer(step, gated.answer);
    // What was said before this message (a merged burst, or a retried message, is the current input).
    const firstCurrent = Math.min(turn.userMessage.id, preStored?.id ?? Infinity);
    return runAndCommit(step, gated.passed, turn.history.filter((m) => m.id < firstCurrent), now);
  }
}

/** The reply as the wire gives it: the primary intent and when the runtime answered. */
export function stamped(result: TurnResult, at: Date): ChatResult {
  return { ...result, intent: result.intents[0] ?? null, timestamp: at.toISOString() };
}
