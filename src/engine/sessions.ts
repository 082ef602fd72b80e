// Conversations: create, open (with recent history), authorise the caller, and store the user's message —
// in one statement on the common path (store.openTurn), in steps otherwise.
import { createHash } from 'node:crypto';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors/index.ts';
import { botPaused } from '../handoff/index.ts';
import * as store from '../store/index.ts';
import type { Database, SessionRow, Sql } from '../store/index.ts';
import type { EventHub } from './events.ts';
import type { LoadedBot } from './registry.ts';
import type { BotSession } from './types.ts';
import { safeEqual } from '../secrets.ts';

/** Messages of history a turn sees. */
export const MAX_HISTORY = 10;
/** Read a few more than that: the current message (or a merged burst) is among the latest. */
const HISTORY_READ = MAX_HISTORY + 8;

export interface ChatRequest {
  sessionId?: string;
  sessionToken?: string;
  userId?: string;
  message: string;
  clientMessageId?: string;
  /**
   * Where the message comes from: 'api' (the default) and 'web' are the HTTP routes, anything else a messaging
   * channel. A session continues only from where it was born (see sameOrigin).
   */
  channel?: string;
  phoneNumber?: string;
  /**
   * Continuing an existing conversation needs its sessionToken, the same verified user, or (a retried first
   * message) the clientMessageId and text that created it: HTTP callers without a console token.
   */
  authorize?: boolean;
  /**
   * With `authorize`: whether `userId` is proven (a signed user token). A bare claim is kept as a label but
   * opens no one's conversation and passes no sign-in gate. Callers without `authorize` are trusted.
   */
  userVerified?: boolean;
}

export interface OpenedSession {
  session: SessionRow;
  history: store.HistoryMessage[];
}

export class SessionService {
  constructor(
    private db: Database,
    private events: EventHub,
  ) {}

  create(bot: LoadedBot, req: ChatRequest, id?: string, sql: Sql = this.db): Promise<SessionRow> {
    return store.createSession(sql, {
      id,
      bot: bot.config.id,
      userId: req.userId,
      userVerified: req.userVerified,
      originMessageId: req.clientMessageId ? originDigest(req.clientMessageId, req.message) : null,
      channel: req.channel,
      phoneNumber: req.phoneNumber,
    });
  }

  /**
   * The conversation a message belongs to: existing (same bot; with `authorize`, only for its owner) or new
   * with the client's id (seed 003's sessionId).
   */
  async open(bot: LoadedBot, sessionId: string, req: ChatRequest): Promise<SessionRow> {
    return (await this.openWithHistory(bot, sessionId, req)).session;
  }

  /** open plus the recent messages, read in the same round trip. `sql`: the connection to run on (the lock's). */
  async openWithHistory(bot: LoadedBot, sessionId: string, req: ChatRequest, sql: Sql = this.db): Promise<OpenedSession> {
    const existing = await store.getSessionWithHistory(sql, sessionId, HISTORY_READ);
    if (existing) return { session: this.check(bot, existing.session, req), history: existing.history };
    try {
      return { session: await this.create(bot, req, sessionId, sql), history: [] };
    } catch {
      // Created concurrently by another process: read it again.
      const again = await store.getSessionWithHistory(sql, sessionId, HISTORY_READ);
      if (!again) throw new ConflictError(`session '${sessionId}' could not be created`);
      return { session: this.check(bot, again.session, req), history: again.history };
    }
  }

  /**
   * openWithHistory and storeUserMessage in one statement (see store.openTurn). Undefined when the session
   * does not exist yet or the store refused what this process allows: the two-step path decides. `sql` is
   * the connection to run on (the one holding the session's lock); the statement publishes the message itself.
   */
  async openAndStore(bot: LoadedBot, sessionId: string, req: ChatRequest, sql: Sql = this.db): Promise<(OpenedSession & { message: store.MessageRow }) | undefined> {
    const opened = await store.openTurn(sql, {
      sessionId,
      bot: bot.config.id,
      content: req.message,
      authorize: req.authorize ?? false,
      origins: originsOf(req.channel),
      sessionToken: req.sessionToken,
      userId: verifiedUserId(req),
      historyLimit: HISTORY_READ,
      notify: this.events.statementChannel,
    });
    if (!opened) return undefined;
    const session = this.check(bot, opened.session, req); // 404 or 403 (and nothing was stored)
    if (!opened.message) return undefined;
    if (!opened.notified) this.events.publishMessage(bot.config.id, opened.message);
    return { session, history: opened.history, message: opened.message };
  }

  /** The session belongs to this bot and, with `authorize`, to this caller. */
  check(bot: LoadedBot, s: SessionRow, req: ChatRequest): SessionRow {
    if (s.bot !== bot.config.id) throw new NotFoundError(`session '${s.id}' does not belong to bot '${bot.config.id}'`);
    if (!originsOf(req.channel).includes(s.channel)) throw new ForbiddenError(`session '${s.id}' belongs to the ${s.channel} channel: it continues only there`);
    if (req.authorize) {
      const tokenOk = req.sessionToken !== undefined && safeEqual(req.sessionToken, s.secret);
      const sameUser = s.userId !== null && s.userVerified && req.userVerified === true && s.userId === req.userId;
      // The retry of the message that created the conversation (its answer was lost): same clientMessageId and text.
      const firstRetry = req.clientMessageId !== undefined && s.originMessageId !== null && safeEqual(originDigest(req.clientMessageId, req.message), s.originMessageId);
      if (!tokenOk && !sameUser && !firstRetry) throw new ForbiddenError('this conversation belongs to someone else: send its sessionToken (returned by the first reply)');
    }
    return s;
  }

  /** Store the user's message (or find it again for a retried clientMessageId); `sql`: the connection to run on. */
  async storeUserMessage(bot: LoadedBot, session: SessionRow, req: ChatRequest, sql: Sql = this.db): Promise<store.MessageRow> {
    if (req.clientMessageId) {
      const existing = await store.findByClientMessageId(sql, session.id, req.clientMessageId);
      if (existing) return existing;
    }
    try {
      const m = await store.insertMessage(sql, {
        sessionId: session.id,
        role: 'user',
        source: '',
        content: req.message,
        clientMessageId: req.clientMessageId ?? null,
        workflow: session.activeWorkflow,
      });
      // While a person has the conversation no reply follows: keep the inbox ordered by this message.
      if (botPaused(session.mode)) await store.updateSession(sql, session.id, {});
      this.events.publishMessage(bot.config.id, m);
      return m;
    } catch (err) {
      // Two deliveries of one clientMessageId raced (another process stored it first).
      const again = req.clientMessageId ? await store.findByClientMessageId(sql, session.id, req.clientMessageId) : undefined;
      if (again) return again;
      throw err;
    }
  }
}

/** A session as a bot sees it (BotSession): its user only when verified, a bare claim apart. */
export function botSession(s: SessionRow): BotSession {
  const { userId, userVerified, secret: _secret, ...rest } = s;
  return { ...rest, userId: userVerified ? userId : null, claimedUserId: userVerified ? null : userId };
}

/** The HTTP routes' origins: a conversation begun on one may continue on the other (the AI SDK's chat and the JSON API). */
const HTTP_ORIGINS = ['api', 'web'];

/**
 * The origins whose sessions a request from `channel` may continue: the HTTP routes' sessions from HTTP, a
 * messaging channel's only from that channel. A session a channel did not create is never its customer's.
 */
export function originsOf(channel: string | undefined): string[] {
  const from = channel ?? 'api';
  return HTTP_ORIGINS.includes(from) ? HTTP_ORIGINS : [from];
}

/** Only a proven user counts (a caller without `authorize` is trusted); a bare claim is undefined. */
export function verifiedUserId(req: ChatRequest): string | undefined {
  return req.userVerified ? req.userId : undefined;
}

/**
 * The session id of a first message sent without one: derived from its clientMessageId when that id is long
 * enough to be unguessable (a UUID), so a retry lands in the same conversation; shorter ids get a fresh one.
 */
export function firstMessageSessionId(bot: string, clientMessageId: string): string | undefined {
  if (clientMessageId.length < 16) return undefined;
  return `m-${createHash('sha256').update(`${bot}\0${clientMessageId}`).digest('base64url').slice(0, 32)}`;
}

/** What a session keeps of the message that created it: a digest of its clientMessageId and text. */
function originDigest(clientMessageId: string, text: string): string {
  return createHash('sha256').update(`${clientMessageId}\0${text}`).digest('base64url');
}
