// One user message through its bot: admission and double texting, the session lock, idempotent retries, the
// handoff gate, the guardrail gate, the graph (understand → specialists → narrate) and persistence.
import { botPaused, handoffTimedOut, isOnlyGreeting, type HandoffService } from '../handoff/index.ts';
import { BusyError, FailedError } from '../errors/index.ts';
import * as store from '../store/index.ts';
import type { Connection, Database } from '../store/index.ts';
import type { EventHub } from './events.ts';
import { failedTurnSignal, turnSignal } from './signals.ts';
import { annotateActiveSpan, ATTR, inSpan } from '../observability/spans.ts';
import { gate } from './gate.ts';
import { invokeTurnGraph, type TurnRuntime, type TurnStateValue } from './graph.ts';
import type { KeyedMutex } from './lock.ts';
import { fillOrOmit, handoffMessage, narrate } from './narration.ts';
import { activeForms, formsCancelledBy } from '../forms/index.ts';
import { persistReply } from './persist.ts';
import { applyNamedIntents } from './named-intents.ts';
import { dropDoubtedHandoffs, formTakesOutOfScope, skillOutcome, smallTalkOutcome } from './skills.ts';
import { CONFIRM_KEY, confirmQuestion, declinedReply, doubtfulWrite, pendingConfirm, yesOrNo } from './confirm.ts';
import type { BotRegistry, LoadedBot } from './registry.ts';
import { isWriteRejected, writeFailedReply, type WriteRejected } from './outcomes.ts';
import { firstMessageSessionId, MAX_HISTORY, type ChatRequest, type SessionService } from './sessions.ts';
import { turnContext, type TurnScope } from './turn-context.ts';
import { tracedEntities } from './traced.ts';
import type { ChatResult, ModelCallRecord, TraceEntry, TurnEvent } from './types.ts';
import type { Understanding } from '../nlu/types.ts';

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
      const result = await inSpan('switchboard.turn', { [ATTR.bot]: botId }, () => this.chatNow(botId, req, onEvent));
      if (signals.active) signals.emit(turnSignal(botId, req.message, result, performance.now() - t0));
      return result;
    } catch (err) {
      const signal = signals.active && this.deps.registry.bots.has(botId) ? failedTurnSignal(botId, req.message, err, performance.now() - t0, req.sessionId) : undefined;
      if (signal) signals.emit(signal);
      throw err;
    }
  }

  private async chatNow(botId: string, req: ChatRequest, onEvent?: (e: TurnEvent) => void): Promise<ChatResult> {
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

  /** One turn, holding the session's lock; `conn` is the lock's connection, which runs the turn's own statements. */
  private async runTurn(bot: LoadedBot, sessionId: string, req: ChatRequest, conn: Connection, onEvent?: (e: TurnEvent) => void, preStored?: store.MessageRow): Promise<ChatResult> {
    const { db, sessions } = this.deps;
    const persistDeps = { ...this.deps, conn };
    const t0 = performance.now();
    const now = this.deps.now();
    const emit = (e: TurnEvent) => onEvent?.(e);
    // The common case, a new message without a client id, reads the session and stores the message at once.
    const stored = opensInOneStatement(req, preStored) ? await sessions.openAndStore(bot, sessionId, req, conn) : undefined;
    const opened = stored ?? (await sessions.openWithHistory(bot, sessionId, req));
    let session = opened.session;
    const base = { sessionId, sessionToken: session.secret };
    annotateActiveSpan({ [ATTR.session]: sessionId });

    // Idempotent retries: the same clientMessageId gets the stored answer and runs nothing twice.
    let userMessage = preStored ?? (req.clientMessageId ? await store.findByClientMessageId(db, sessionId, req.clientMessageId) : undefined);
    let text = req.message;
    if (preStored && bot.config.doubleTexting === 'merge') {
      // A later message of the burst may already have answered this one; else answer all pending ones at once.
      const pending = await store.unansweredUserMessages(db, sessionId);
      if (!pending.some((m) => m.id === preStored.id)) {
        this.deps.events.signals.emit({ type: 'double_texting', bot: bot.config.id, policy: 'merge', decision: 'merged' });
        const answer = await store.firstAnswerAfter(db, sessionId, preStored.id);
        return { ...base, reply: answer?.content ?? null, intents: answer?.intents ?? [], mode: session.mode, handoff: botPaused(session.mode), messageId: preStored.id, replyMessageId: answer?.id };
      }
      text = pending.map((m) => m.content).join('\n');
      userMessage = pending.at(-1)!;
    }
    if (stored) {
      userMessage = stored.message; // stored just now
    } else if (userMessage && !preStored) {
      const answer = await store.findReplyTo(db, userMessage.id);
      if (answer || botPaused(session.mode)) {
        return {
          ...base,
          reply: answer?.content ?? null,
          intents: answer?.intents ?? [],
          mode: session.mode,
          handoff: botPaused(session.mode),
          messageId: userMessage.id,
          replyMessageId: answer?.id,
        };
      }
    } else if (!userMessage) {
      // The user's message is committed before any work, so a crash loses nothing.
      userMessage = await sessions.storeUserMessage(bot, session, req);
    }

    // Gate: handoff mode (timeout and greeting resets), then silence while a person has the conversation.
    if (botPaused(session.mode)) {
      const timedOut = handoffTimedOut(session.mode, session.handoffAt, bot.handoff.timeout_minutes, now);
      const greeted = bot.handoff.reset_on_greeting && isOnlyGreeting(text, bot.config.language, bot.config.greetings);
      if (timedOut || greeted) {
        session = await this.deps.handoff.changeMode(session, 'bot', timedOut ? 'timeout' : 'greeting');
      } else {
        return { ...base, reply: null, intents: [], mode: session.mode, handoff: true, messageId: userMessage.id };
      }
    }

    const blocked = await gate(db, bot, session, req, text);
    if (blocked) {
      if (blocked.log) await blocked.log(db);
      const reply = await persistReply(persistDeps, bot, session, userMessage.id, blocked.reply, [blocked.intent], { memory: {}, trace: [], calls: [], path: 'gate', t0, writes: [] }, emit);
      return { ...base, ...reply };
    }

    // The graph: understand → specialists (parallel) → narrate.
    // What was said before this message (a merged burst, or a retried message, is the current input).
    const firstCurrent = Math.min(userMessage.id, preStored?.id ?? Infinity);
    const history = opened.history
      .filter((m) => m.id < firstCurrent)
      .slice(-MAX_HISTORY)
      .map((m) => ({ role: m.role, content: m.content }));
    const calls: ModelCallRecord[] = [];
    // A question asked on doubt: a yes runs the message it was about, a no ends it, anything else moves on.
    const asked = pendingConfirm(session.state);
    let confirmed = false;
    if (asked) {
      const memory = { ...(session.state ?? {}) } as Record<string, unknown>;
      delete memory[CONFIRM_KEY];
      session = { ...session, state: memory };
      const answer = yesOrNo(text, bot.language, now);
      if (answer === false) {
        const outcome = { memory, trace: [], calls: [], path: 'local' as const, t0, writes: [] };
        return { ...base, ...(await persistReply(this.deps, bot, session, userMessage.id, declinedReply(bot), [asked.intent], outcome, emit)) };
      }
      if (answer === true) {
        text = asked.text;
        confirmed = true;
      }
    }
    const scope: TurnScope = { db, bot, session, text, now, history, emit, trace: [], writes: [], model: bot.model?.forTurn(calls) ?? null };
    bot.currentCalls = calls;
    const turn = turnRuntime(scope, calls, t0);
    // A second run (after a rejected write) reuses the first run's understanding: same intents, no new model call.
    const understandOnce = turn.understand;
    let understood: ReturnType<TurnRuntime['understand']> | undefined;
    turn.understand = (s) => (understood ??= understandOnce(s));

    const typing = (on: boolean) => this.deps.events.publishLocal({ type: 'typing', bot: bot.config.id, sessionId, typing: on });
    for (;;) {
      let state: TurnStateValue;
      typing(true);
      try {
        state = await invokeTurnGraph(bot.graph, session.state ?? {}, turn);
      } catch (err) {
        typing(false);
        const message = err instanceof Error ? err.message : String(err);
        console.error(`[${bot.config.id}] turn failed: ${message}`);
        emit({ type: 'error', message: 'Something went wrong while answering; the message is saved and a person can follow up.' });
        throw new FailedError('the turn failed; your message is saved');
      }
      typing(false);
      const understanding = state.understanding!;
      const intents = state.servedIntents.length ? state.servedIntents : understanding.intents.map((i) => i.id);
      const outcome = {
        memory: state.memory,
        trace: scope.trace,
        calls,
        path: understanding.source,
        t0,
        writes: [...scope.writes],
        handoff: state.handoff,
        workflow: state.workflow,
      };
      // No side effect on doubt: the writes are dropped and the bot asks.
      const doubt = !confirmed && scope.writes.length > 0 ? doubtfulWrite(bot, understanding, intents) : null;
      if (doubt) {
        const asking = { ...outcome, memory: { ...(session.state ?? {}), [CONFIRM_KEY]: { text, intent: doubt } }, writes: [], handoff: null, workflow: undefined };
        return { ...base, ...(await persistReply(this.deps, bot, session, userMessage.id, confirmQuestion(bot, doubt), [doubt], asking, emit)) };
      }
      try {
        return { ...base, ...(await persistReply(persistDeps, bot, session, userMessage.id, state.reply, intents, outcome, emit)) };
      } catch (err) {
        if (!scope.writes.length) throw err; // the store itself failed: nothing the bot can answer for
        const retry = writeFailed(scope, err, t0);
        if (retry) continue;
        console.error(`[${bot.config.id}] a write failed; answered without it: ${(err as Error).message}`);
        const unchanged = { ...outcome, memory: (session.state ?? {}) as Record<string, unknown>, writes: [], handoff: null, workflow: undefined };
        return { ...base, ...(await persistReply(persistDeps, bot, session, userMessage.id, writeFailedReply(bot.config), intents, unchanged, emit)) };
      }
    }
  }
}

/** The common turn, a new message without a client id: its first statement (store.openTurn) opens it all. */
function opensInOneStatement(req: ChatRequest, preStored?: store.MessageRow): boolean {
  return !preStored && !req.clientMessageId;
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

/** The per-turn services the graph's nodes call (understanding, the step context, narration, the trace). */
function turnRuntime(scope: TurnScope, calls: ModelCallRecord[], t0: number): TurnRuntime {
  const { db, bot, session, text, now, history, emit } = scope;
  const memory0 = (session.state ?? {}) as Record<string, unknown>;
  const trace: TraceEntry[] = scope.trace;
  let understood: Understanding | undefined;
  // The rule that decided where the message goes, for the trace's debug view.
  let rule: string | undefined;
  /** A skill's text with the bot's placeholders ({name_suffix}) filled by its `replyVars`, the others left out. */
  const fillReplyVars = async (understanding: Understanding, state: TurnStateValue) => {
    if (!understanding.reply && !understanding.lead) return;
    const vars = (await bot.definition.replyVars?.(turnContext(scope, { ...state, understanding }))) ?? {};
    if (understanding.reply) understanding.reply = fillOrOmit(understanding.reply, vars);
    if (understanding.lead) understanding.lead = fillOrOmit(understanding.lead, vars);
  };
  return {
    understand: async (state) => {
      const context = bot.model && bot.definition.modelContext ? await bot.definition.modelContext({ text, sql: db, config: bot.config }) : undefined;
      const flows = activeForms(bot.config, memory0);
      const understanding = await bot.understander.understand({ text, flows, history, now, timeZone: bot.config.timeZone, context, trace: calls });
      if (!flows.length) applyNamedIntents(bot.config, understanding);
      // A built-in skill (a person, out of scope, small talk beside a waiting form) answers instead of the bot's own routing.
      const waiting = { workflow: Boolean(session.activeWorkflow), forms: flows.map((f) => f.intent), cancel: formsCancelledBy(bot.config, memory0, text).length > 0 };
      const skill = skillOutcome(bot, understanding, waiting);
      // The understanding is final: the turn keeps it and the stream tells its intents.
      const announce = () => {
        understood = understanding;
        emit({ type: 'intent', intents: understanding.intents.map((i) => i.id), source: understanding.source, entities: understanding.entities });
      };
      const skillAnswers = async (outcome: NonNullable<typeof skill>) => {
        rule = `skill: ${understanding.skill?.kind}`;
        announce();
        await fillReplyVars(understanding, state);
        return { understanding, ...outcome };
      };
      const routeOf = (ids: string[]) => bot.definition.route!({ text, intents: ids, understanding, memory: memory0, session, bot: bot.config, sql: db });
      if (skill) {
        const formRoutes = await formTakesOutOfScope(bot, understanding, skill, bot.definition.route && (() => routeOf(skill.routes)));
        if (!formRoutes) return skillAnswers(skill);
        rule = `skill: ${understanding.skill?.kind}, read by the running form`;
        announce();
        return { understanding, routes: formRoutes, handoff: null };
      }
      dropDoubtedHandoffs(bot, understanding);
      if (bot.definition.refineIntents) {
        const refined = await bot.definition.refineIntents({ text, intents: understanding.intents.map((i) => i.id), understanding, memory: memory0, session, bot: bot.config, sql: db });
        const scores = new Map(understanding.intents.map((i) => [i.id, i.confidence]));
        understanding.intents = refined.map((id) => ({ id, confidence: scores.get(id) ?? 1 }));
      }
      understood = understanding;
      const intents = understanding.intents.map((i) => i.id);
      const handoffIntent = intents.find((id) => bot.intents[id]?.handoff);
      // The model was wanted but failed, and this bot prefers a person to a local guess.
      const modelFailed = bot.model && bot.config.understanding.onModelFailure === 'handoff' && calls.some((c) => !c.ok) && understanding.source === 'local';
      const handoff = handoffIntent ? { reason: bot.intents[handoffIntent].label, intent: handoffIntent } : modelFailed ? { reason: 'model unavailable' } : null;
      // A reply written while understanding (tagged replies) is the answer: no specialist runs.
      if (handoff || understanding.reply) {
        rule = handoffIntent ? `handoff intent: ${handoffIntent}` : handoff ? 'handoff: model unavailable' : 'reply written while understanding';
        announce();
        return { understanding, routes: [], handoff };
      }
      const routes = bot.definition.route ? await routeOf(intents) : intents;
      const smallTalk = !waiting.workflow && !waiting.forms.length && !waiting.cancel && smallTalkOutcome(bot, understanding, routes);
      if (smallTalk) return skillAnswers(smallTalk);
      rule = `${bot.definition.route ? "the bot's route" : 'intents'} → ${[...new Set(routes)].join(', ') || 'nothing'}`;
      announce();
      return { understanding, routes: [...new Set(routes)], handoff: null };
    },
    context: (state) => turnContext(scope, state),
    narrate: (segments, state) => {
      if (state.understanding?.reply) return state.understanding.reply;
      if (state.handoff && !segments.some((s) => s.ok && s.text)) return handoffMessage(bot, state.handoff.intent);
      const lead = state.understanding?.lead;
      // Small talk while a form or workflow waits: its line, then whatever the form or workflow says.
      if (lead && !segments.some((s) => s.text)) return lead;
      const body = narrate(bot, segments, state.understanding?.intents.map((i) => i.id) ?? []);
      return lead ? `${lead}\n\n${body}` : body;
    },
    trace: (node, startMs, ok) => {
      const entry: TraceEntry = { node, startMs: Math.round(startMs - t0), ms: +(performance.now() - startMs).toFixed(2), ok };
      // The understanding entry carries the intent scores, so a trace shows why the turn went where it did.
      if (node === (bot.definition.nodeNames?.understand ?? 'understand') && understood) Object.assign(entry, { scores: understood.scores, chosen: understood.intents, entities: tracedEntities(understood.entities), rule });
      trace.push(entry);
    },
  };
}
