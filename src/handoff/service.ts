// The handoff service: mode changes (bot ⇄ handoff_pending ⇄ human), operator replies, and the sweeper that
// returns timed-out handoffs to the bot. The turn runner asks it to reset a mode; the server's operator routes
// call it directly.
import type { BotConfig } from '../bot/config.ts';
import { ConflictError, NotFoundError } from '../errors/index.ts';
import * as store from '../store/index.ts';
import type { Connection, Database, MessageRow, Mode, SessionRow } from '../store/index.ts';
import { checkOperatorReply, checkTransition, handoffTimedOut } from './modes.ts';

export type HandoffSettings = BotConfig['handoff'];

/** Where the service announces what it changed (the engine's event hub). */
interface HandoffEvents {
  publishMessage(bot: string, m: MessageRow): void;
  publishSession(s: SessionRow): void;
  publishPending(): Promise<void>;
  /** Observers (metrics, logs) hear of every mode change this process makes. */
  modeChanged?(change: { bot: string; sessionId: string; from: string; to: string; reason: string; handoffAt: Date | null }): void;
}

export interface HandoffServiceOptions {
  db: Database;
  now: () => Date;
  events: HandoffEvents;
  /** The bot's current handoff settings (bot.yaml merged with the admin's), or undefined for an unknown bot. */
  settings(botId: string): HandoffSettings | undefined;
  /** Runs `fn` after every other piece of work of the same conversation in this process (the session lock). */
  serialize<T>(sessionId: string, fn: () => Promise<T>): Promise<T>;
}

export type OperatorListener = (session: SessionRow, message: MessageRow) => Promise<void>;

/** Why an operator's reply could not reach the customer (refused with 409 before it is stored), or null. */
export type OperatorReplyGuard = (session: SessionRow) => Promise<string | null>;

export class HandoffService {
  /** Channels subscribe here to deliver operator replies (WhatsApp, Chatwoot…). */
  readonly operatorListeners: OperatorListener[] = [];
  /** Channels refuse here a reply they could not deliver (WhatsApp outside the 24-hour window, no template). */
  readonly operatorReplyGuards: OperatorReplyGuard[] = [];

  constructor(private opts: HandoffServiceOptions) {}

  /** Change a conversation's mode now, with its system line (the caller holds the session lock). */
  /** `conn`: the connection to run on (a turn's, holding the session's lock); else the pool. */
  async changeMode(session: SessionRow, mode: Mode, reason: string, conn?: Connection): Promise<SessionRow> {
    const { events } = this.opts;
    const db = conn ?? this.opts.db;
    const now = this.opts.now();
    const settings = this.settingsOf(session.bot);
    const updated = await db.transaction(async (tx) => {
      const patch: store.SessionPatch =
        mode === 'bot' ? { mode, handoffReason: '', handoffAt: null } : mode === 'handoff_pending' ? { mode, handoffReason: reason, handoffAt: now } : { mode, handoffAt: session.handoffAt ?? now };
      const row = await store.updateSession(tx, session.id, patch);
      const text = mode === 'bot' ? resumeMessage(settings) : mode === 'handoff_pending' ? `[Sistema] ${reason}` : '';
      if (text) {
        const msg = await store.insertMessage(tx, { sessionId: session.id, role: 'system', source: 'system', content: text });
        events.publishMessage(session.bot, msg);
      }
      return row;
    });
    events.modeChanged?.({ bot: session.bot, sessionId: session.id, from: session.mode, to: mode, reason, handoffAt: session.handoffAt ? new Date(session.handoffAt) : null });
    events.publishSession(updated);
    void events.publishPending();
    return updated;
  }

  /** An operator's mode change. */
  async setMode(sessionId: string, mode: Mode, reason = 'manual'): Promise<SessionRow> {
    const session = await this.requireSession(sessionId);
    this.settingsOf(session.bot);
    return this.opts.serialize(sessionId, async () => {
      const current = (await store.getSession(this.opts.db, sessionId))!;
      const refused = checkTransition(current.mode, mode);
      if (refused) throw new ConflictError(refused);
      return this.changeMode(current, mode, reason || 'manual');
    });
  }

  /** An operator's reply: stored, published, and handed to the channels' listeners for delivery. */
  async operatorReply(sessionId: string, text: string): Promise<{ message: MessageRow; session: SessionRow }> {
    const { db, events } = this.opts;
    const session = await this.requireSession(sessionId);
    this.settingsOf(session.bot);
    return this.opts.serialize(sessionId, async () => {
      let current = (await store.getSession(db, sessionId))!;
      const refused = checkOperatorReply(current.mode);
      if (refused) throw new ConflictError(refused);
      for (const guard of this.operatorReplyGuards) {
        const undeliverable = await guard(current);
        if (undeliverable) throw new ConflictError(undeliverable);
      }
      if (current.mode === 'handoff_pending') current = await this.changeMode(current, 'human', current.handoffReason);
      const message = await store.insertMessage(db, { sessionId, role: 'assistant', source: 'human', content: text });
      await store.updateSession(db, sessionId, {});
      events.publishMessage(current.bot, message);
      for (const l of this.operatorListeners) await l(current, message).catch((err) => console.error('[operator] delivery hook failed:', err));
      return { message, session: current };
    });
  }

  async requireSession(sessionId: string): Promise<SessionRow> {
    const s = await store.getSession(this.opts.db, sessionId);
    if (!s) throw new NotFoundError(`unknown session '${sessionId}'`);
    return s;
  }

  /**
   * Return timed-out handoffs to the bot without waiting for the customer's next message. With several
   * processes on one Postgres, a transaction-scoped try-lock makes exactly one of them sweep at a time.
   */
  async sweep(): Promise<number> {
    const { db, events } = this.opts;
    const now = this.opts.now();
    const swept: { before: SessionRow; row: SessionRow }[] = [];
    await db.transaction(async (tx) => {
      const [lock] = await tx.query<{ ok: boolean }>("select pg_try_advisory_xact_lock(hashtext('switchboard:sweep')) as ok");
      if (!lock?.ok) return;
      const paused = await store.listSessions(tx, { mode: 'handoff_pending', limit: 500 });
      paused.push(...(await store.listSessions(tx, { mode: 'human', limit: 500 })));
      for (const s of paused) {
        const settings = this.opts.settings(s.bot);
        if (!settings || !handoffTimedOut(s.mode, s.handoffAt, settings.timeout_minutes, now)) continue;
        const row = await store.updateSession(tx, s.id, { mode: 'bot', handoffReason: '', handoffAt: null });
        const msg = await store.insertMessage(tx, { sessionId: s.id, role: 'system', source: 'system', content: resumeMessage(settings) });
        events.publishMessage(s.bot, msg);
        swept.push({ before: s, row });
      }
    });
    for (const { before, row } of swept) {
      events.modeChanged?.({ bot: row.bot, sessionId: row.id, from: before.mode, to: 'bot', reason: 'timeout', handoffAt: before.handoffAt ? new Date(before.handoffAt) : null });
      events.publishSession(row);
    }
    if (swept.length) void events.publishPending();
    return swept.length;
  }

  private settingsOf(botId: string): HandoffSettings {
    const settings = this.opts.settings(botId);
    if (!settings) throw new NotFoundError(`unknown bot '${botId}'`);
    return settings;
  }
}

/** The system line added when the bot takes a conversation back (timeout, greeting, operator, sweeper). */
function resumeMessage(settings: HandoffSettings): string {
  return settings.resume_message ?? '[System] The assistant is back in the conversation';
}
