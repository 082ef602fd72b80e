// The runtime every bot shares, as one facade over its rooms: the bot registry (registry.ts, understanding.ts),
// the turn (turn.ts, gate.ts, turn-context.ts, narration.ts, persist.ts), sessions (sessions.ts), the handoff
// service (src/handoff), admin settings (admin.ts) and events (events.ts). One instance serves all bots of a
// process.
import type { BotConfig, IntentConfig } from '../bot/config.ts';
import { loadBots, type BotSource } from '../bot/loader.ts';
import { HandoffService, type OperatorListener, type OperatorReplyGuard } from '../handoff/index.ts';
import * as store from '../store/index.ts';
import type { Database, Mode, SessionRow } from '../store/index.ts';
import { AdminSettings, type Actor } from './admin.ts';
import type { PersonaPatch, PersonaSettings } from './persona.ts';
import { Admission } from './admission.ts';
import { EventHub } from './events.ts';
import type { Signals } from './signals.ts';
import { KeyedMutex } from './lock.ts';
import { BotRegistry, type LoadedBot, type ModelFactory } from './registry.ts';
import { SessionService, type ChatRequest } from './sessions.ts';
import { TurnRunner } from './turn.ts';
import type { ChatResult, TurnEvent } from './types.ts';

export type { ChatRequest } from './sessions.ts';
export type { LoadedBot } from './registry.ts';
export { understandingMode } from './understanding.ts';

export interface RuntimeOptions {
  db: Database;
  botsDir?: string;
  /** Only these bot ids (default: every bot found). */
  only?: string[];
  /** The bots already being loaded (loadBots), instead of loading `botsDir` here: boot loads them while the store opens. */
  sources?: Promise<BotSource[]>;
  /** Injectable clock (tests of timeouts and relative dates). */
  now?: () => Date;
  env?: NodeJS.ProcessEnv;
  log?: (msg: string) => void;
  /** Builds the bot's model when one is configured (src/llm); null keeps the bot local. */
  modelFactory?: ModelFactory;
}

export class Runtime {
  readonly events: EventHub;
  readonly now: () => Date;
  private registry: BotRegistry;
  private admission = new Admission();
  private turns: TurnRunner;
  private handoff: HandoffService;
  private admin: AdminSettings;

  private constructor(
    readonly db: Database,
    opts: RuntimeOptions,
  ) {
    this.events = new EventHub(db);
    this.now = opts.now ?? (() => new Date());
    const log = opts.log ?? (() => {});
    const mutex = new KeyedMutex();
    this.registry = new BotRegistry({ db, env: opts.env ?? process.env, log, modelFactory: opts.modelFactory });
    this.handoff = new HandoffService({
      db,
      now: this.now,
      events: this.events,
      settings: (botId) => this.registry.bots.get(botId)?.handoff,
      serialize: (sessionId, fn) => mutex.run(sessionId, fn),
    });
    const sessions = new SessionService(db, this.events);
    this.turns = new TurnRunner({ db, now: this.now, events: this.events, mutex, registry: this.registry, sessions, handoff: this.handoff });
    this.admin = new AdminSettings(db, this.registry, this.events);
  }

  static async create(opts: RuntimeOptions): Promise<Runtime> {
    const rt = new Runtime(opts.db, opts);
    const sources = await (opts.sources ?? loadBots(opts.botsDir, opts.only));
    await store.migrate(opts.db, [...store.coreMigrations, ...sources.flatMap((s) => s.definition.migrations ?? [])]);
    for (const source of sources) await rt.registry.load(source);
    await rt.events.start();
    // An admin's change made in another process (or this one) is read again from the store.
    const log = opts.log ?? (() => {});
    rt.events.onSettingsChanged((bot) => void rt.registry.reloadSettings(bot).catch((err: Error) => log(`[${bot}] settings not reloaded: ${err.message}`)));
    return rt;
  }

  /** Turns, stages, mode changes… of this process, for its observers (metrics, logs): src/engine/signals.ts. */
  get signals(): Signals {
    return this.events.signals;
  }

  /** The loaded bots by id. */
  get bots(): ReadonlyMap<string, LoadedBot> {
    return this.registry.bots;
  }

  bot(id: string): LoadedBot {
    return this.registry.get(id);
  }

  /**
   * Train every bot's classifier and skill detector in the background, then run the bots' own warm-ups. `start`
   * calls this once it listens, so start-up never waits for them; training starts `startAfterMs` later and waits
   * for `idleMs` without turns.
   */
  warmUp(idleMs = 150, startAfterMs = Math.max(idleMs, 1000)): Promise<void> {
    return this.registry.warmUp(idleMs, (ms) => this.admission.quiet(ms), () => this.admission.closing, startAfterMs);
  }

  /** No turn in flight, and none came or went for `idleMs` (background work such as retention waits for this). */
  quiet(idleMs: number): boolean {
    return this.admission.quiet(idleMs);
  }

  /** Run one user message through its bot. `onEvent` receives the turn's events as they happen. */
  chat(botId: string, req: ChatRequest, onEvent?: (e: TurnEvent) => void): Promise<ChatResult> {
    return this.admission.admit(() => this.turns.chat(botId, req, onEvent));
  }

  // ---------------------------------------------------------------- operators (src/handoff)

  /** Channels subscribe here to deliver operator replies (WhatsApp, Chatwoot…). */
  get operatorListeners(): OperatorListener[] {
    return this.handoff.operatorListeners;
  }

  /** Channels refuse here an operator reply they could not deliver (the reply route answers 409 with the reason). */
  get operatorReplyGuards(): OperatorReplyGuard[] {
    return this.handoff.operatorReplyGuards;
  }

  setMode(sessionId: string, mode: Mode, reason = 'manual'): Promise<SessionRow> {
    return this.handoff.setMode(sessionId, mode, reason);
  }

  operatorReply(sessionId: string, text: string): Promise<{ message: store.MessageRow; session: SessionRow }> {
    return this.handoff.operatorReply(sessionId, text);
  }

  requireSession(sessionId: string): Promise<SessionRow> {
    return this.handoff.requireSession(sessionId);
  }

  /** Return timed-out handoffs to the bot without waiting for the customer's next message. */
  sweepHandoffs(): Promise<number> {
    return this.handoff.sweep();
  }

  // ---------------------------------------------------------------- admin

  putIntents(botId: string, patch: Record<string, Partial<IntentConfig>>, actor?: Actor): Promise<Record<string, IntentConfig>> {
    return this.admin.putIntents(botId, patch, actor);
  }

  deleteIntent(botId: string, id: string, actor?: Actor): Promise<void> {
    return this.admin.deleteIntent(botId, id, actor);
  }

  putHandoffSettings(botId: string, patch: Partial<BotConfig['handoff']>, actor?: Actor): Promise<BotConfig['handoff']> {
    return this.admin.putHandoffSettings(botId, patch, actor);
  }

  /** The console's persona and model settings of a bot (each overrides bot.yaml's). */
  personaSettings(botId: string): Promise<PersonaSettings> {
    return this.admin.personaSettings(botId);
  }

  putPersona(botId: string, patch: PersonaPatch, actor?: Actor): Promise<PersonaSettings> {
    return this.admin.putPersona(botId, patch, actor);
  }

  /** bot.yaml's config of a bot, before the console's persona and model settings. */
  fileConfig(botId: string): BotConfig {
    return this.registry.fileConfig(this.registry.get(botId));
  }

  /** Stop taking turns, let the ones in flight finish (graceful SIGTERM), then close. */
  async close(): Promise<void> {
    await this.admission.drain();
    await this.events.close();
    await this.registry.close();
  }
}

