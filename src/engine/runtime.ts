// The runtime every bot shares: loads bots, runs turns (gate → graph → persist), and carries out operator
// actions. One instance serves all bots of a process.
import { createHash, randomUUID } from 'node:crypto';
import type { BotConfig, IntentConfig } from '../bot/config.ts';
import { loadBots, type BotSource } from '../bot/loader.ts';
import { safeEqual } from './secrets.ts';
import { botPaused, checkOperatorReply, checkTransition, handoffTimedOut, isGreeting } from '../handoff/index.ts';
import { indexBotKnowledge, searchKnowledge } from '../knowledge/index.ts';
import { createLocalUnderstander, nluFingerprint, type LocalUnderstander } from '../nlu/index.ts';
import type { ActiveFlowContext, Example, Language, Understander, Understanding, UnderstandingOptions } from '../nlu/types.ts';
import * as store from '../store/index.ts';
import type { Database, Mode, SessionRow, Sql } from '../store/index.ts';
import { EventHub } from './events.ts';
import { buildTurnGraph, type TurnGraph, type TurnRuntime, type TurnStateValue } from './graph.ts';
import { KeyedMutex } from './lock.ts';
import { defaultSpecialists } from './specialists.ts';
import type { BotDefinition, ChatResult, ModelCallRecord, Segment, TraceEntry, TurnContext, TurnEvent, TurnModel } from './types.ts';

export class HttpError extends Error {
  constructor(
    public status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface ChatRequest {
  sessionId?: string;
  sessionToken?: string;
  userId?: string;
  message: string;
  clientMessageId?: string;
  channel?: string;
  phoneNumber?: string;
  /** Continuing an existing conversation needs its sessionToken or the same userId (HTTP callers without a console token). */
  authorize?: boolean;
}

export interface RuntimeOptions {
  db: Database;
  botsDir?: string;
  /** Only these bot ids (default: every bot found). */
  only?: string[];
  /** Injectable clock (tests of timeouts and relative dates). */
  now?: () => Date;
  env?: NodeJS.ProcessEnv;
  log?: (msg: string) => void;
  /** Builds the bot's model when one is configured (src/llm); null keeps the bot local. */
  modelFactory?: (config: BotConfig, env: NodeJS.ProcessEnv) => ModelBinding | null | Promise<ModelBinding | null>;
}

/** What src/llm hands the runtime for a bot with a model. */
export interface ModelBinding {
  spec: string;
  /** Wrap local understanding into the configured mode (llm or cascade). */
  understander(local: Understander, config: BotConfig, intents: Record<string, IntentConfig>, calls: () => ModelCallRecord[]): Understander;
  /** A turn-scoped model whose calls are recorded into `calls`. */
  forTurn(calls: ModelCallRecord[]): TurnModel;
}

export interface LoadedBot extends BotSource {
  graph: TurnGraph;
  intents: Record<string, IntentConfig>;
  handoff: BotConfig['handoff'];
  understander: Understander;
  model: ModelBinding | null;
  language: Language;
  /** Set while a turn runs: the model calls of that turn (the understander reads it). */
  currentCalls: ModelCallRecord[];
  services: unknown;
  /** The local classifier (also behind llm/cascade understanding). */
  local: LocalUnderstander;
}

const MAX_HISTORY = 10;

export class Runtime {
  readonly bots = new Map<string, LoadedBot>();
  readonly events: EventHub;
  private mutex = new KeyedMutex();
  /** Turns being answered (close waits for them), and when the last one came or went (so does warm-up). */
  private inFlight = new Set<Promise<unknown>>();
  private lastTurnAt = -Infinity;
  private closing = false;
  readonly now: () => Date;
  private log: (msg: string) => void;

  private constructor(
    readonly db: Database,
    private opts: RuntimeOptions,
  ) {
    this.events = new EventHub(db);
    this.now = opts.now ?? (() => new Date());
    this.log = opts.log ?? (() => {});
  }

  static async create(opts: RuntimeOptions): Promise<Runtime> {
    const rt = new Runtime(opts.db, opts);
    const sources = await loadBots(opts.botsDir, opts.only);
    await store.migrate(opts.db, [...store.coreMigrations, ...sources.flatMap((s) => s.definition.migrations ?? [])]);
    for (const source of sources) await rt.addBot(source);
    await rt.events.start();
    return rt;
  }

  private async addBot(source: BotSource): Promise<void> {
    const { config, definition, dir } = source;
    const env = this.opts.env ?? process.env;
    const t0 = performance.now();
    if (config.knowledge) {
      const res = await indexBotKnowledge(this.db, config.id, config.language, `${dir}/${config.knowledge}`);
      if (res.reindexed) this.log(`[${config.id}] indexed ${res.chunks} knowledge passages`);
    }
    const services = await definition.setup?.({ sql: this.db, config, dir, log: (m) => this.log(`[${config.id}] ${m}`), env });
    const stored = await store.getSetting<Record<string, Partial<IntentConfig>>>(this.db, config.id, 'intents');
    const handoff = { ...config.handoff, ...((await store.getSetting<Partial<BotConfig['handoff']>>(this.db, config.id, 'handoff')) ?? {}) };
    const intents = mergeIntents(config.intents, stored ?? {});
    const specialists = { ...defaultSpecialists(config), ...definition.specialists };
    const bot: LoadedBot = {
      ...source,
      definition: { ...definition, specialists },
      graph: buildTurnGraph({ ...definition, specialists }),
      intents,
      handoff,
      understander: null as unknown as Understander,
      model: await this.bindModel(config, env),
      language: config.language.slice(0, 2) as Language,
      currentCalls: [],
      services,
      local: null as unknown as LocalUnderstander,
    };
    // A classifier trained by an earlier run on the same examples and code is loaded, not trained again.
    const inputs = this.classifierInputs(bot);
    const cached = inputs.key ? await store.loadClassifier(this.db, config.id, inputs.key).catch(() => undefined) : undefined;
    bot.understander = this.buildUnderstander(bot, inputs, cached);
    this.bots.set(config.id, bot);
    this.log(`[${config.id}] ready in ${Math.round(performance.now() - t0)} ms (${Object.keys(intents).length} intents, model ${bot.model?.spec ?? 'local'})`);
  }

  /** The bot's model, or null (local). A misconfigured model is reported and the bot runs locally. */
  private async bindModel(config: BotConfig, env: NodeJS.ProcessEnv): Promise<ModelBinding | null> {
    try {
      return (await this.opts.modelFactory?.(config, env)) ?? null;
    } catch (err) {
      const msg = `[${config.id}] model '${config.model}' unavailable: ${(err as Error).message} — running with local understanding`;
      console.warn(msg);
      this.log(msg);
      return null;
    }
  }

  /** What the bot's classifier is trained from, and the cache key of that (null: the NLU code is unreadable). */
  private classifierInputs(bot: LoadedBot): { examples: Example[]; options: UnderstandingOptions; key: string | null } {
    const { config } = bot;
    const examples: Example[] = Object.entries(bot.intents).flatMap(([intent, c]) => c.examples.map((text) => ({ text, intent })));
    const options: UnderstandingOptions = {
      language: bot.language,
      threshold: config.understanding.threshold,
      fallback: config.understanding.fallback,
      exclusive: config.understanding.exclusive,
      multiIntent: config.understanding.multiIntent,
      gazetteers: config.gazetteers,
    };
    const code = nluFingerprint();
    const key = code && createHash('sha256').update(code).update(JSON.stringify([options.language, options.fallback, examples])).digest('hex');
    return { examples, options, key };
  }

  /** `cached`: the classifier stored under `inputs.key`, if any. */
  private buildUnderstander(bot: LoadedBot, inputs = this.classifierInputs(bot), cached?: Uint8Array): Understander {
    const { config } = bot;
    const { examples, options, key } = inputs;
    const local = lazyUnderstander(() => {
      const trained = createLocalUnderstander(examples, options, cached);
      // Trained now: keep it for the next start (in the background; a failed write only costs a retrain).
      if (!trained.restored && key) {
        const model = trained.snapshot();
        setImmediate(() => void store.saveClassifier(this.db, config.id, key, model).catch((err: Error) => this.log(`[${config.id}] classifier not cached: ${err.message}`)));
      }
      return trained;
    });
    bot.local = local;
    const base = bot.definition.understander?.({ local, config }) ?? local;
    const mode = understandingMode(config, bot.model !== null, this.opts.env ?? process.env);
    if (bot.model && mode !== 'local' && bot.definition.modelUnderstanding !== false) {
      const effective = { ...config, understanding: { ...config.understanding, mode } };
      return bot.model.understander(base, effective, bot.intents, () => bot.currentCalls);
    }
    return base;
  }

  /**
   * Train every bot's classifier in the background (classifiers otherwise train on their bot's first message),
   * then run the bots' own warm-ups. `start` calls this once it listens, so start-up never waits for them.
   * Training is one block of CPU per bot (up to a few hundred ms): it runs only while no turn is in flight,
   * so the first customers are answered first — their own bot trains on their message if it must.
   */
  warmUp(idleMs = 150): Promise<void> {
    const pending = [...this.bots.values()];
    return new Promise<void>((resolve) => {
      const next = () => {
        if (this.closing) return resolve();
        const quietFor = performance.now() - this.lastTurnAt;
        if (this.inFlight.size > 0 || quietFor < idleMs) return void setTimeout(next, idleMs);
        const bot = pending.shift();
        if (!bot) return resolve();
        bot.local.classify('');
        setTimeout(next, 0);
      };
      setTimeout(next, idleMs);
    }).then(async () => {
      for (const bot of this.bots.values()) {
        if (this.closing) return;
        await bot.definition.warmUp?.(bot.services)?.catch((err: Error) => this.log(`[${bot.config.id}] warm-up failed: ${err.message}`));
      }
    });
  }

  bot(id: string): LoadedBot {
    const bot = this.bots.get(id);
    if (!bot) throw new HttpError(404, `unknown bot '${id}'`);
    return bot;
  }

  // ---------------------------------------------------------------- turns

  /** Run one user message through its bot. `onEvent` receives the turn's events as they happen. */
  async chat(botId: string, req: ChatRequest, onEvent?: (e: TurnEvent) => void): Promise<ChatResult> {
    if (this.closing) throw new HttpError(503, 'the server is shutting down; retry in a moment');
    this.lastTurnAt = performance.now();
    const work = this.chatNow(botId, req, onEvent);
    this.inFlight.add(work);
    try {
      return await work;
    } finally {
      this.inFlight.delete(work);
      this.lastTurnAt = performance.now();
    }
  }

  private async chatNow(botId: string, req: ChatRequest, onEvent?: (e: TurnEvent) => void): Promise<ChatResult> {
    const bot = this.bot(botId);
    // A new conversation is created here; an existing one is read (and checked) inside its lock.
    const session: { id: string } = req.sessionId ? { id: req.sessionId } : await this.createSession(bot, req);
    if (!req.sessionId) req = { ...req, authorize: false }; // the caller's own new conversation
    const policy = bot.config.doubleTexting;
    if (policy === 'reject' && this.mutex.depth(session.id) > 0) {
      throw new HttpError(429, 'a message of this conversation is still being answered; wait for the reply before sending another');
    }
    let preStored: store.MessageRow | undefined;
    if (policy === 'merge') {
      // Store at once, then wait a moment: messages that arrive within the window are answered as one turn.
      preStored = await this.storeUserMessage(bot, await this.openSession(bot, session.id, req), req);
      if (bot.config.mergeWindowMs > 0) await new Promise((r) => setTimeout(r, bot.config.mergeWindowMs));
    }
    return this.mutex.run(session.id, () => this.db.withLock(`session:${session.id}`, () => this.runTurn(bot, session.id, req, onEvent, preStored)));
  }

  private createSession(bot: LoadedBot, req: ChatRequest, id?: string): Promise<SessionRow> {
    return store.createSession(this.db, { id, bot: bot.config.id, userId: req.userId, channel: req.channel, phoneNumber: req.phoneNumber });
  }

  /**
   * The conversation a message belongs to: existing (same bot; with `authorize`, only for its owner) or new
   * with the client's id (seed 003's sessionId).
   */
  private async openSession(bot: LoadedBot, sessionId: string, req: ChatRequest): Promise<SessionRow> {
    return (await this.openSessionWithHistory(bot, sessionId, req)).session;
  }

  /** openSession plus the recent messages, read in the same round trip. */
  private async openSessionWithHistory(bot: LoadedBot, sessionId: string, req: ChatRequest): Promise<{ session: SessionRow; history: store.HistoryMessage[] }> {
    const existing = await store.getSessionWithHistory(this.db, sessionId, MAX_HISTORY + 8);
    if (existing) return { session: this.checkSession(bot, existing.session, req), history: existing.history };
    try {
      return { session: await this.createSession(bot, req, sessionId), history: [] };
    } catch {
      // Created concurrently by another process: read it again.
      const again = await store.getSessionWithHistory(this.db, sessionId, MAX_HISTORY + 8);
      if (!again) throw new HttpError(409, `session '${sessionId}' could not be created`);
      return { session: this.checkSession(bot, again.session, req), history: again.history };
    }
  }

  /**
   * openSessionWithHistory and storeUserMessage in one statement (see store.openTurn). Undefined when the
   * session does not exist yet or the store refused what this process allows: the two-step path decides.
   */
  private async openAndStore(bot: LoadedBot, sessionId: string, req: ChatRequest): Promise<{ session: SessionRow; history: store.HistoryMessage[]; message: store.MessageRow } | undefined> {
    const opened = await store.openTurn(this.db, {
      sessionId,
      bot: bot.config.id,
      content: req.message,
      authorize: req.authorize ?? false,
      sessionToken: req.sessionToken,
      userId: req.userId,
      historyLimit: MAX_HISTORY + 8,
    });
    if (!opened) return undefined;
    const session = this.checkSession(bot, opened.session, req); // 404 or 403 (and nothing was stored)
    if (!opened.message) return undefined;
    this.publishMessage(bot, opened.message);
    return { session, history: opened.history, message: opened.message };
  }

  private checkSession(bot: LoadedBot, s: SessionRow, req: ChatRequest): SessionRow {
    if (s.bot !== bot.config.id) throw new HttpError(404, `session '${s.id}' does not belong to bot '${bot.config.id}'`);
    if (req.authorize) {
      const tokenOk = req.sessionToken !== undefined && safeEqual(req.sessionToken, s.secret);
      const sameUser = s.userId !== null && req.userId !== undefined && s.userId === req.userId;
      if (!tokenOk && !sameUser) throw new HttpError(403, 'this conversation belongs to someone else: send its sessionToken (returned by the first reply)');
    }
    return s;
  }

  /** Store the user's message (or find it again for a retried clientMessageId). */
  private async storeUserMessage(bot: LoadedBot, session: SessionRow, req: ChatRequest): Promise<store.MessageRow> {
    if (req.clientMessageId) {
      const existing = await store.findByClientMessageId(this.db, session.id, req.clientMessageId);
      if (existing) return existing;
    }
    try {
      const m = await store.insertMessage(this.db, {
        sessionId: session.id,
        role: 'user',
        source: '',
        content: req.message,
        clientMessageId: req.clientMessageId ?? null,
        workflow: session.activeWorkflow,
      });
      // While a person has the conversation no reply follows: keep the inbox ordered by this message.
      if (botPaused(session.mode)) await store.updateSession(this.db, session.id, {});
      this.publishMessage(bot, m);
      return m;
    } catch (err) {
      // Two deliveries of one clientMessageId raced (another process stored it first).
      const again = req.clientMessageId ? await store.findByClientMessageId(this.db, session.id, req.clientMessageId) : undefined;
      if (again) return again;
      throw err;
    }
  }

  private async runTurn(
    bot: LoadedBot,
    sessionId: string,
    req: ChatRequest,
    onEvent?: (e: TurnEvent) => void,
    preStored?: store.MessageRow,
  ): Promise<ChatResult> {
    const t0 = performance.now();
    const now = this.now();
    const emit = (e: TurnEvent) => onEvent?.(e);
    // The common case, a new message without a client id, reads the session and stores the message at once.
    const stored = !preStored && !req.clientMessageId ? await this.openAndStore(bot, sessionId, req) : undefined;
    const opened = stored ?? (await this.openSessionWithHistory(bot, sessionId, req));
    let session = opened.session;
    const base = { sessionId, sessionToken: session.secret };

    // Idempotent retries: the same clientMessageId gets the stored answer and runs nothing twice.
    let userMessage = preStored ?? (req.clientMessageId ? await store.findByClientMessageId(this.db, sessionId, req.clientMessageId) : undefined);
    let text = req.message;
    if (preStored && bot.config.doubleTexting === 'merge') {
      // A later message of the burst may already have answered this one; else answer all pending ones at once.
      const pending = await store.unansweredUserMessages(this.db, sessionId);
      if (!pending.some((m) => m.id === preStored.id)) {
        const answer = await store.firstAnswerAfter(this.db, sessionId, preStored.id);
        return { ...base, reply: answer?.content ?? null, intents: answer?.intents ?? [], mode: session.mode, handoff: botPaused(session.mode), messageId: preStored.id, replyMessageId: answer?.id };
      }
      text = pending.map((m) => m.content).join('\n');
      userMessage = pending.at(-1)!;
    }
    if (stored) {
      userMessage = stored.message; // stored just now
    } else if (userMessage && !preStored) {
      const answer = await store.findReplyTo(this.db, userMessage.id);
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
      userMessage = await this.storeUserMessage(bot, session, req);
    }

    // Gate: handoff mode (timeout and greeting resets), then silence while a person has the conversation.
    if (botPaused(session.mode)) {
      const timedOut = handoffTimedOut(session.mode, session.handoffAt, bot.handoff.timeout_minutes, now);
      const greeted = bot.handoff.reset_on_greeting && isGreeting(text, bot.config.language, bot.config.greetings);
      if (timedOut || greeted) {
        session = await this.changeMode(bot, session, 'bot', timedOut ? 'timeout' : 'greeting');
      } else {
        return { ...base, reply: null, intents: [], mode: session.mode, handoff: true, messageId: userMessage.id };
      }
    }

    const gate = await this.gate(bot, session, req, text);
    if (gate) {
      if (gate.log) await gate.log(this.db);
      const reply = await this.persistReply(bot, session, userMessage.id, gate.reply, [gate.intent], { memory: {}, trace: [], calls: [], path: 'gate', t0, writes: [] }, emit);
      return { ...base, ...reply };
    }

    // The graph: understand → specialists (parallel) → narrate.
    // What was said before this message (a merged burst, or a retried message, is the current input).
    const firstCurrent = Math.min(userMessage.id, preStored?.id ?? Infinity);
    const history = opened.history
      .filter((m) => m.id < firstCurrent)
      .slice(-MAX_HISTORY)
      .map((m) => ({ role: m.role, content: m.content }));
    const trace: TraceEntry[] = [];
    const calls: ModelCallRecord[] = [];
    const writes: ((tx: Sql) => Promise<void>)[] = [];
    const turnModel = bot.model?.forTurn(calls) ?? null;
    const memory0 = (session.state ?? {}) as Record<string, unknown>;
    const sessionNow = session;
    bot.currentCalls = calls;

    const turn: TurnRuntime = {
      understand: async () => {
        const context = bot.model && bot.definition.modelContext ? await bot.definition.modelContext({ text, sql: this.db, config: bot.config }) : undefined;
        const understanding = await bot.understander.understand({ text, flows: activeFlows(bot.config, memory0), history, now, timeZone: bot.config.timeZone, context, trace: calls });
        if (bot.definition.refineIntents) {
          const refined = await bot.definition.refineIntents({ text, intents: understanding.intents.map((i) => i.id), understanding, memory: memory0, session: sessionNow, bot: bot.config, sql: this.db });
          const scores = new Map(understanding.intents.map((i) => [i.id, i.confidence]));
          understanding.intents = refined.map((id) => ({ id, confidence: scores.get(id) ?? 1 }));
        }
        const intents = understanding.intents.map((i) => i.id);
        emit({ type: 'intent', intents, source: understanding.source, entities: understanding.entities });
        const handoffIntent = intents.find((id) => bot.intents[id]?.handoff);
        // The model was wanted but failed, and this bot prefers a person to a local guess.
        const modelFailed = bot.model && bot.config.understanding.onModelFailure === 'handoff' && calls.some((c) => !c.ok) && understanding.source === 'local';
        const handoff = handoffIntent
          ? { reason: bot.intents[handoffIntent].label, intent: handoffIntent }
          : modelFailed
            ? { reason: 'model unavailable' }
            : null;
        // A reply written while understanding (tagged replies) is the answer: no specialist runs.
        if (handoff || understanding.reply) return { understanding, routes: [], handoff };
        const routes = bot.definition.route
          ? await bot.definition.route({ text, intents, understanding, memory: memory0, session: sessionNow, bot: bot.config, sql: this.db })
          : intents;
        return { understanding, routes: [...new Set(routes)], handoff: null };
      },
      context: (state) => this.turnContext(bot, sessionNow, text, now, state, history, emit, trace, writes, turnModel),
      narrate: (segments, state) => {
        if (state.understanding?.reply) return state.understanding.reply;
        if (state.handoff && !segments.some((s) => s.ok && s.text)) return handoffMessage(bot, state.handoff.intent);
        return narrate(bot, segments, state.understanding?.intents.map((i) => i.id) ?? []);
      },
      trace: (node, startMs, ok) => trace.push({ node, startMs: Math.round(startMs - t0), ms: +(performance.now() - startMs).toFixed(2), ok }),
    };

    let state: TurnStateValue;
    const typing = (on: boolean) => this.events.publishLocal({ type: 'typing', bot: bot.config.id, sessionId, typing: on });
    typing(true);
    try {
      state = (await bot.graph.invoke({ memory: memory0 }, { configurable: { turn } })) as TurnStateValue;
    } catch (err) {
      typing(false);
      const message = err instanceof Error ? err.message : String(err);
      console.error(`[${bot.config.id}] turn failed: ${message}`);
      emit({ type: 'error', message: 'Something went wrong while answering; the message is saved and a person can follow up.' });
      throw new HttpError(500, 'the turn failed; your message is saved');
    }
    typing(false);
    const understanding = state.understanding!;
    const intents = state.servedIntents.length ? state.servedIntents : understanding.intents.map((i) => i.id);
    const result = await this.persistReply(
      bot,
      session,
      userMessage.id,
      state.reply,
      intents,
      {
        memory: clearFinishedFlows(bot.config, state.memory),
        trace,
        calls,
        path: understanding.source,
        t0,
        writes,
        handoff: state.handoff,
        workflow: state.workflow,
      },
      emit,
    );
    return { ...base, ...result };
  }

  /** Auth and guardrails, before understanding. Returns the block reply, or null to go on. */
  private async gate(bot: LoadedBot, session: SessionRow, req: ChatRequest, text: string): Promise<{ reply: string; intent: string; log?: (sql: Sql) => Promise<void> } | null> {
    const { config } = bot;
    if (config.requireUser) {
      const userId = req.userId ?? session.userId ?? undefined;
      const known = userId ? await store.getUser(this.db, userId) : undefined;
      if (!known) return { reply: config.replies.blocked_unknown_user ?? 'Please sign in to continue.', intent: 'blocked' };
    }
    if (config.guardrails) {
      const { classifyInput } = await import('../guardrails/index.ts');
      const verdict = classifyInput(text, bot.language);
      if (verdict.verdict === 'UNSAFE') {
        const key = `blocked_${verdict.category ?? 'unsafe'}`;
        return {
          reply: config.replies[key] ?? config.replies.blocked_unsafe ?? 'I cannot help with that.',
          intent: 'blocked',
          log: async (sql) => {
            await sql.query('insert into moderation_logs (bot, session_id, user_id, reason, message) values ($1, $2, $3, $4, $5)', [
              config.id,
              session.id,
              req.userId ?? session.userId,
              `${verdict.category ?? 'unsafe'}: ${verdict.reason ?? ''}`,
              text,
            ]);
          },
        };
      }
    }
    return null;
  }

  private turnContext(
    bot: LoadedBot,
    session: SessionRow,
    text: string,
    now: Date,
    state: TurnStateValue,
    history: TurnContext['history'],
    emit: (e: TurnEvent) => void,
    trace: TraceEntry[],
    writes: ((tx: Sql) => Promise<void>)[],
    model: TurnModel | null,
  ): TurnContext {
    const understanding = state.understanding as Understanding;
    const db = this.db;
    return {
      bot: bot.config,
      intentsConfig: bot.intents,
      session,
      text,
      now,
      understanding,
      intents: understanding.intents.map((i) => i.id),
      entities: understanding.entities,
      memory: state.memory,
      data: state.data,
      history,
      sql: db,
      model,
      services: bot.services,
      emit,
      async tool(name, input, run) {
        const label = bot.config.toolLabels[name];
        emit({ type: 'tool_start', tool: name, label, input });
        const t = performance.now();
        try {
          const output = await run();
          trace.push({ node: `tool:${name}`, startMs: 0, ms: +(performance.now() - t).toFixed(2), ok: true });
          emit({ type: 'tool_end', tool: name, output: summarize(output), ok: true });
          return output;
        } catch (err) {
          trace.push({ node: `tool:${name}`, startMs: 0, ms: +(performance.now() - t).toFixed(2), ok: false });
          emit({ type: 'tool_end', tool: name, output: { error: (err as Error).message }, ok: false });
          throw err;
        }
      },
      defer: (write) => void writes.push(write),
      searchKnowledge: (query, limit) => searchKnowledge(db, bot.config.id, bot.config.language, query, limit),
      classify: (t) => bot.local.classify(t),
      reply: (key, vars) => fillTemplate(bot.config.replies[key] ?? '', vars),
    };
  }

  /** The turn's effects commit together: reply, lasting state, mode, deferred writes, trace. */
  private async persistReply(
    bot: LoadedBot,
    session: SessionRow,
    userMessageId: number,
    reply: string,
    intents: string[],
    turn: {
      memory: Record<string, unknown>;
      trace: TraceEntry[];
      calls: ModelCallRecord[];
      path: string;
      t0: number;
      writes: ((tx: Sql) => Promise<void>)[];
      handoff?: { reason: string } | null;
      workflow?: string | null;
    },
    emit: (e: TurnEvent) => void,
  ): Promise<Omit<ChatResult, 'sessionId'>> {
    const turnId = randomUUID();
    const now = this.now();
    const handoff = turn.handoff ?? null;
    const workflow = turn.workflow === undefined ? session.activeWorkflow : turn.workflow;
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
      });
    };
    // One statement is atomic by itself; the bot's own writes join it in a transaction.
    const { message, session: updated } = turn.writes.length
      ? await this.db.transaction(async (tx) => {
          for (const w of turn.writes) await w(tx);
          return write(tx);
        })
      : await write(this.db);
    this.publishMessage(bot, message);
    if (handoff) {
      this.publishSession(updated);
      emit({ type: 'handoff', mode: updated.mode, reason: handoff.reason });
      void this.publishPending();
    }
    emit({ type: 'text', content: reply });
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
    };
  }

  // ---------------------------------------------------------------- operators

  private async changeMode(bot: LoadedBot, session: SessionRow, mode: Mode, reason: string): Promise<SessionRow> {
    const now = this.now();
    const updated = await this.db.transaction(async (tx) => {
      const patch: store.SessionPatch =
        mode === 'bot' ? { mode, handoffReason: '', handoffAt: null } : mode === 'handoff_pending' ? { mode, handoffReason: reason, handoffAt: now } : { mode, handoffAt: session.handoffAt ?? now };
      const row = await store.updateSession(tx, session.id, patch);
      const text =
        mode === 'bot'
          ? resumeMessage(bot)
          : mode === 'handoff_pending'
            ? `[Sistema] ${reason}`
            : '';
      if (text) {
        const msg = await store.insertMessage(tx, { sessionId: session.id, role: 'system', source: 'system', content: text });
        this.publishMessage(bot, msg);
      }
      return row;
    });
    this.publishSession(updated);
    void this.publishPending();
    return updated;
  }

  async setMode(sessionId: string, mode: Mode, reason = 'manual'): Promise<SessionRow> {
    const session = await this.requireSession(sessionId);
    const bot = this.bot(session.bot);
    return this.mutex.run(sessionId, async () => {
      const current = (await store.getSession(this.db, sessionId))!;
      const refused = checkTransition(current.mode, mode);
      if (refused) throw new HttpError(refused.status, refused.message);
      return this.changeMode(bot, current, mode, reason || 'manual');
    });
  }

  async operatorReply(sessionId: string, text: string): Promise<{ message: store.MessageRow; session: SessionRow }> {
    const session = await this.requireSession(sessionId);
    const bot = this.bot(session.bot);
    return this.mutex.run(sessionId, async () => {
      let current = (await store.getSession(this.db, sessionId))!;
      const refused = checkOperatorReply(current.mode);
      if (refused) throw new HttpError(refused.status, refused.message);
      if (current.mode === 'handoff_pending') current = await this.changeMode(bot, current, 'human', current.handoffReason);
      const message = await store.insertMessage(this.db, { sessionId, role: 'assistant', source: 'human', content: text });
      await store.updateSession(this.db, sessionId, {});
      this.publishMessage(bot, message);
      for (const l of this.operatorListeners) await l(current, message).catch((err) => console.error('[operator] delivery hook failed:', err));
      return { message, session: current };
    });
  }

  /** Channels subscribe here to deliver operator replies (WhatsApp, Chatwoot…). */
  readonly operatorListeners: ((session: SessionRow, message: store.MessageRow) => Promise<void>)[] = [];

  async requireSession(sessionId: string): Promise<SessionRow> {
    const s = await store.getSession(this.db, sessionId);
    if (!s) throw new HttpError(404, `unknown session '${sessionId}'`);
    return s;
  }

  /**
   * Return timed-out handoffs to the bot without waiting for the customer's next message. With several
   * processes on one Postgres, a transaction-scoped try-lock makes exactly one of them sweep at a time.
   */
  async sweepHandoffs(): Promise<number> {
    const now = this.now();
    const swept: SessionRow[] = [];
    await this.db.transaction(async (tx) => {
      const [lock] = await tx.query<{ ok: boolean }>("select pg_try_advisory_xact_lock(hashtext('switchboard:sweep')) as ok");
      if (!lock?.ok) return;
      const paused = await store.listSessions(tx, { mode: 'handoff_pending', limit: 500 });
      paused.push(...(await store.listSessions(tx, { mode: 'human', limit: 500 })));
      for (const s of paused) {
        const bot = this.bots.get(s.bot);
        if (!bot || !handoffTimedOut(s.mode, s.handoffAt, bot.handoff.timeout_minutes, now)) continue;
        const row = await store.updateSession(tx, s.id, { mode: 'bot', handoffReason: '', handoffAt: null });
        const msg = await store.insertMessage(tx, { sessionId: s.id, role: 'system', source: 'system', content: resumeMessage(bot) });
        this.publishMessage(bot, msg);
        swept.push(row);
      }
    });
    for (const row of swept) this.publishSession(row);
    if (swept.length) void this.publishPending();
    return swept.length;
  }

  // ---------------------------------------------------------------- admin

  async putIntents(botId: string, patch: Record<string, Partial<IntentConfig>>): Promise<Record<string, IntentConfig>> {
    const bot = this.bot(botId);
    const stored = (await store.getSetting<Record<string, Partial<IntentConfig>>>(this.db, botId, 'intents')) ?? {};
    for (const [id, change] of Object.entries(patch)) {
      if (!/^[a-z][a-z0-9_]{0,39}$/.test(id)) throw new HttpError(400, `invalid intent id '${id}': use lowercase letters, digits and _`);
      const existing = bot.intents[id];
      if (!existing && !change.label) throw new HttpError(400, `new intent '${id}' needs a label`);
      stored[id] = { ...stored[id], ...change, predefined: existing?.predefined ?? false };
    }
    await store.putSetting(this.db, botId, 'intents', stored);
    await this.reloadIntents(bot, stored);
    return bot.intents;
  }

  async deleteIntent(botId: string, id: string): Promise<void> {
    const bot = this.bot(botId);
    const intent = bot.intents[id];
    if (!intent) throw new HttpError(404, `unknown intent '${id}'`);
    if (intent.predefined) throw new HttpError(409, `'${id}' is a predefined intent: it can be toggled but not deleted`);
    const stored = (await store.getSetting<Record<string, Partial<IntentConfig>>>(this.db, botId, 'intents')) ?? {};
    delete stored[id];
    await store.putSetting(this.db, botId, 'intents', stored);
    await this.reloadIntents(bot, stored);
  }

  /** Settings stored by another process (or an admin) take effect here at once. */
  private async reloadIntents(bot: LoadedBot, stored: Record<string, Partial<IntentConfig>>): Promise<void> {
    const before = JSON.stringify(Object.entries(bot.intents).map(([k, v]) => [k, v.examples]));
    bot.intents = mergeIntents(bot.config.intents, stored);
    // Retrain only when the examples changed; a handoff toggle needs no training.
    if (JSON.stringify(Object.entries(bot.intents).map(([k, v]) => [k, v.examples])) !== before) bot.understander = this.buildUnderstander(bot);
  }

  async putHandoffSettings(botId: string, patch: Partial<BotConfig['handoff']>): Promise<BotConfig['handoff']> {
    const bot = this.bot(botId);
    const stored = { ...((await store.getSetting<Partial<BotConfig['handoff']>>(this.db, botId, 'handoff')) ?? {}), ...patch };
    await store.putSetting(this.db, botId, 'handoff', stored);
    bot.handoff = { ...bot.config.handoff, ...stored };
    return bot.handoff;
  }

  // ---------------------------------------------------------------- events

  private publishMessage(bot: LoadedBot, m: store.MessageRow): void {
    this.events.publish({
      type: 'message',
      bot: bot.config.id,
      sessionId: m.sessionId,
      message: { id: m.id, role: m.role, source: m.source, content: m.content, intents: m.intents, createdAt: new Date(m.createdAt).toISOString() },
    });
  }

  private publishSession(s: SessionRow): void {
    this.events.publish({
      type: 'session',
      bot: s.bot,
      sessionId: s.id,
      mode: s.mode,
      handoffReason: s.handoffReason,
      handoffAt: s.handoffAt ? new Date(s.handoffAt).toISOString() : null,
      lastIntent: s.lastIntent,
    });
  }

  private async publishPending(): Promise<void> {
    this.events.publish({ type: 'pending', count: await store.countPending(this.db) });
  }

  /** Stop taking turns, let the ones in flight finish (graceful SIGTERM), then close. */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.allSettled([...this.inFlight]);
    await this.events.close();
    for (const bot of this.bots.values()) await bot.definition.close?.(bot.services);
  }
}

// ------------------------------------------------------------------ helpers

/** A local understander trained on first use. */
function lazyUnderstander(train: () => LocalUnderstander): LocalUnderstander {
  let trained: LocalUnderstander | null = null;
  const get = () => (trained ??= train());
  return {
    understand: (input) => get().understand(input),
    classify: (text) => get().classify(text),
    retrain: (examples) => get().retrain(examples),
    snapshot: () => get().snapshot(),
    get restored() {
      return get().restored;
    },
    get options() {
      return get().options;
    },
  };
}

/**
 * How a bot understands: without a model always locally; with one, SWITCHBOARD_UNDERSTANDING (local, llm,
 * cascade) if set, else the bot's mode — where 'local' (the offline default) means the model decides.
 */
export function understandingMode(config: BotConfig, hasModel: boolean, env: NodeJS.ProcessEnv): 'local' | 'llm' | 'cascade' {
  if (!hasModel) return 'local';
  const forced = env.SWITCHBOARD_UNDERSTANDING;
  if (forced === 'local' || forced === 'llm' || forced === 'cascade') return forced;
  return config.understanding.mode === 'local' ? 'llm' : config.understanding.mode;
}

function mergeIntents(base: Record<string, IntentConfig>, stored: Record<string, Partial<IntentConfig>>): Record<string, IntentConfig> {
  const out: Record<string, IntentConfig> = {};
  for (const [id, c] of Object.entries(base)) out[id] = { ...c, ...stored[id], predefined: true };
  for (const [id, c] of Object.entries(stored)) {
    if (base[id]) continue;
    out[id] = { label: c.label ?? id, description: c.description ?? '', handoff: c.handoff ?? false, predefined: false, examples: c.examples ?? [] };
  }
  return out;
}

/** Flows whose stage is set and not done become context for understanding (seed 000's trial.stage). */
export function activeFlows(config: BotConfig, memory: Record<string, unknown>): ActiveFlowContext[] {
  const out: ActiveFlowContext[] = [];
  for (const [id, flow] of Object.entries(config.flows)) {
    const stage = (memory[id] as { stage?: string } | undefined)?.stage;
    if (!stage || stage === flow.done) continue;
    out.push({
      flow: id,
      intent: flow.intent ?? id,
      stage,
      expects: flow.expects[stage],
      description: flow.context?.replace('{stage}', stage),
    });
  }
  return out;
}

/** After its final stage a flow's context clears, so the next turn classifies without it. */
function clearFinishedFlows(config: BotConfig, memory: Record<string, unknown>): Record<string, unknown> {
  const out = { ...memory };
  for (const [id, flow] of Object.entries(config.flows)) {
    const m = out[id] as { stage?: string } | undefined;
    if (m?.stage && m.stage === flow.done) out[id] = { ...m, stage: null, last: flow.done };
  }
  return out;
}

/** The system line added when the bot takes a conversation back (timeout, greeting, operator, sweeper). */
function resumeMessage(bot: LoadedBot): string {
  return bot.handoff.resume_message ?? '[System] The assistant is back in the conversation';
}

/** The hand-over text: the intent's own (`<intent>_handoff` reply), else the bot's, else a neutral one. */
function handoffMessage(bot: LoadedBot, intent?: string): string {
  return (
    (intent && bot.config.replies[`${intent}_handoff`]) ||
    bot.handoff.message ||
    bot.config.replies.handoff ||
    'A person from our team will answer you shortly.'
  );
}

/** Seed 000's merge node: one segment as is, several joined in order; failures get the bot's error text. */
function narrate(bot: LoadedBot, segments: Segment[], intents: string[]): string {
  if (bot.definition.narrate) return bot.definition.narrate(segments, { bot: bot.config, intents });
  const ok = segments.filter((s) => s.ok && s.text.trim());
  const failed = segments.filter((s) => !s.ok);
  const parts = ok.map((s) => s.text.trim());
  if (failed.length) parts.push(bot.config.replies.error ?? 'Sorry, part of your request could not be handled right now.');
  if (!parts.length) return bot.config.replies.general_fallback ?? bot.config.replies[bot.config.understanding.fallback] ?? '…';
  return parts.join('\n\n');
}

export function fillTemplate(template: string, vars: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
}

function summarize(output: unknown): unknown {
  const s = JSON.stringify(output);
  if (s === undefined) return null;
  return s.length > 2000 ? `${s.slice(0, 2000)}…` : output;
}

export type { BotDefinition };
