// The first step of a turn, on the session lock's connection: open the conversation and store the message, or
// answer a retry (the same clientMessageId) from the store, or gather a merged burst of double texts.
import { botPaused } from '../handoff/index.ts';
import * as store from '../store/index.ts';
import type { Connection, SessionRow } from '../store/index.ts';
import type { EventHub } from './events.ts';
import type { LoadedBot } from './registry.ts';
import type { ChatRequest, OpenedSession, SessionService } from './sessions.ts';
import type { TurnResult } from './types.ts';

export interface AdmitDeps {
  sessions: SessionService;
  events: EventHub;
}

/** A message admitted to a turn: its conversation, its stored row, the text to answer and what was said before. */
export interface Admitted {
  session: SessionRow;
  userMessage: store.MessageRow;
  text: string;
  history: OpenedSession['history'];
}

/** Either the turn to run or the answer already given (a retry, a message a later one of its burst answered). */
export type Admission = { turn: Admitted } | { answered: TurnResult };

/** The common turn, a new message without a client id: its first statement (store.openTurn) opens it all. */
export function opensInOneStatement(req: ChatRequest, preStored?: store.MessageRow): boolean {
  return !preStored && !req.clientMessageId;
}

/** An answer already stored (or none, while a person has the conversation) for `message`. */
function storedAnswer(session: SessionRow, message: store.MessageRow, answer: store.MessageRow | undefined): TurnResult {
  const mode = session.mode;
  return { sessionId: session.id, sessionToken: session.secret, reply: answer?.content ?? null, intents: answer?.intents ?? [], mode, handoff: botPaused(mode), messageId: message.id, replyMessageId: answer?.id };
}

export async function admit(deps: AdmitDeps, bot: LoadedBot, sessionId: string, req: ChatRequest, conn: Connection, preStored?: store.MessageRow): Promise<Admission> {
  const { sessions } = deps;
  // The common case, a new message without a client id, reads the session and stores the message at once.
  const stored = opensInOneStatement(req, preStored) ? await sessions.openAndStore(bot, sessionId, req, conn) : undefined;
  if (stored) return { turn: { session: stored.session, userMessage: stored.message, text: req.message, history: stored.history } };
  const { session, history } = await sessions.openWithHistory(bot, sessionId, req, conn);
  if (preStored && bot.config.doubleTexting === 'merge') return mergedBurst(deps, bot, conn, session, history, preStored);
  if (preStored) return { turn: { session, userMessage: preStored, text: req.message, history } };
  // Idempotent retries: the same clientMessageId gets the stored answer and runs nothing twice.
  const retried = req.clientMessageId ? await store.findByClientMessageId(conn, sessionId, req.clientMessageId) : undefined;
  if (retried) {
    const answer = await store.findReplyTo(conn, retried.id);
    if (answer || botPaused(session.mode)) return { answered: storedAnswer(session, retried, answer) };
    return { turn: { session, userMessage: retried, text: req.message, history } };
  }
  // The user's message is committed before any work, so a crash loses nothing.
  return { turn: { session, userMessage: await sessions.storeUserMessage(bot, session, req, conn), text: req.message, history } };
}

/** A later message of the burst may already have answered this one; else all pending ones are answered at once. */
async function mergedBurst(deps: AdmitDeps, bot: LoadedBot, conn: Connection, session: SessionRow, history: OpenedSession['history'], preStored: store.MessageRow): Promise<Admission> {
  const pending = await store.unansweredUserMessages(conn, session.id);
  if (!pending.some((m) => m.id === preStored.id)) {
    deps.events.signals.emit({ type: 'double_texting', bot: bot.config.id, policy: 'merge', decision: 'merged' });
    return { answered: storedAnswer(session, preStored, await store.firstAnswerAfter(conn, session.id, preStored.id)) };
  }
  return { turn: { session, userMessage: pending.at(-1)!, text: pending.map((m) => m.content).join('\n'), history } };
}
