// Console events (new messages, mode changes, pending count, typing, customers' ratings and card clicks). Published
// through the store's notification channel so that every server process's SSE clients see them (LISTEN/NOTIFY on
// Postgres). Beside them, on a channel of its own that no console hears, the runtime's notice that a bot's admin
// settings changed.
import { countPending, type Database, type MessageRow, type SessionRow } from '../store/index.ts';
import { Signals } from './signals.ts';

export type HubEvent =
  | { type: 'message'; bot: string; sessionId: string; message: { id: number; role: string; source: string; content: string; intents: string[]; createdAt: string } }
  | { type: 'session'; bot: string; sessionId: string; mode: string; handoffReason: string; handoffAt: string | null; lastIntent: string }
  | { type: 'pending'; count: number }
  | { type: 'typing'; bot: string; sessionId: string; typing: boolean }
  | { type: 'feedback'; bot: string; sessionId: string; messageId: number; rating: 1 | -1; comment: string | null; reply: string; createdAt: string }
  | { type: 'click'; bot: string; sessionId: string; messageId: number; label: string; intent: string; createdAt: string };

const CHANNEL = 'switchboard_events';
/** A bot's admin settings (intents, handoff) changed in some process: the payload is the bot's id. */
const SETTINGS_CHANNEL = 'switchboard_settings';

export class EventHub {
  /** What happened in this process, for its observers (metrics, logs): never leaves the process. */
  readonly signals = new Signals();
  private subscribers = new Set<(e: HubEvent) => void>();
  private settingsSubscribers = new Set<(bot: string) => void>();
  private unlisten: (() => Promise<void>) | null = null;
  private unlistenSettings: (() => Promise<void>) | null = null;

  constructor(private db: Database) {}

  async start(): Promise<void> {
    this.unlisten = await this.db.listen(CHANNEL, (payload) => {
      let event: HubEvent;
      try {
        event = JSON.parse(payload) as HubEvent;
      } catch {
        return;
      }
      for (const s of this.subscribers) s(event);
    });
    this.unlistenSettings = await this.db.listen(SETTINGS_CHANNEL, (bot) => {
      for (const s of this.settingsSubscribers) s(bot);
    });
  }

  /** Tell every process (this one included) that a bot's admin settings changed in the store. */
  settingsChanged(bot: string): Promise<void> {
    return this.db.notify(SETTINGS_CHANNEL, bot);
  }

  /** Hear of admin settings changed by any process. */
  onSettingsChanged(fn: (bot: string) => void): () => void {
    this.settingsSubscribers.add(fn);
    return () => this.settingsSubscribers.delete(fn);
  }

  /**
   * The channel a turn's statements publish their message events on themselves (pg_notify inside the
   * statement: no round trip of its own), or undefined when the caller publishes (PGlite's in-process fan-out).
   */
  get statementChannel(): string | undefined {
    return this.db.kind === 'postgres' ? CHANNEL : undefined;
  }

  publish(event: HubEvent): void {
    this.db.notify(CHANNEL, JSON.stringify(event)).catch((err) => console.error('[events] publish failed:', err.message));
  }

  /**
   * Deliver to this process's subscribers only. For frequent, short-lived signals (the bot is typing) that are
   * not worth a database notification per turn; with several processes, consoles see them on the turn's process.
   */
  publishLocal(event: HubEvent): void {
    for (const s of this.subscribers) s(event);
  }

  /** A stored message of a conversation (user, bot, operator or system line). */
  publishMessage(bot: string, m: MessageRow): void {
    this.publish({
      type: 'message',
      bot,
      sessionId: m.sessionId,
      message: { id: m.id, role: m.role, source: m.source, content: m.content, intents: m.intents, createdAt: new Date(m.createdAt).toISOString() },
    });
  }

  /** A conversation's mode or handoff changed. */
  publishSession(s: SessionRow): void {
    this.publish({
      type: 'session',
      bot: s.bot,
      sessionId: s.id,
      mode: s.mode,
      handoffReason: s.handoffReason,
      handoffAt: s.handoffAt ? new Date(s.handoffAt).toISOString() : null,
      lastIntent: s.lastIntent,
    });
  }

  /** A mode change made by this process (the handoff service), for the observers. */
  modeChanged(change: { bot: string; sessionId: string; from: string; to: string; reason: string; handoffAt: Date | null }): void {
    if (this.signals.active) this.signals.emit({ type: 'mode', ...change });
  }

  /** The number of conversations waiting for a person. */
  async publishPending(): Promise<void> {
    this.publish({ type: 'pending', count: await countPending(this.db) });
  }

  subscribe(fn: (e: HubEvent) => void): () => void {
    this.subscribers.add(fn);
    return () => this.subscribers.delete(fn);
  }

  async close(): Promise<void> {
    await this.unlisten?.();
    await this.unlistenSettings?.();
    this.subscribers.clear();
    this.settingsSubscribers.clear();
  }
}
