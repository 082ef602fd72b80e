// Repositories of the core tables. Every function takes the `Sql` to run on, so the same code serves a
// plain store call and a call inside the turn's transaction.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, sql as dsql } from 'drizzle-orm';
import { orm } from './orm.ts';
import { messages, sessions, turns, type MessageRow, type SessionRow } from './schema.ts';
import type { Sql } from './types.ts';

import type { Mode } from '../contract/index.ts';
export type { Mode };
type Source = '' | 'bot' | 'human' | 'system';
export type { MessageRow, SessionRow };

// The per-bot settings, users and feedback live beside these, in their own modules.
export * from './repos-settings.ts';
export * from './repos-users.ts';
export * from './repos-lists.ts';

export async function createSession(
  sql: Sql,
  init: {
    bot: string;
    userId?: string | null;
    /** Whether `userId` was proven; by default a user id given here is (channels, in-process callers). */
    userVerified?: boolean;
    originMessageId?: string | null;
    channel?: string;
    phoneNumber?: string | null;
    id?: string;
  },
): Promise<SessionRow> {
  const [row] = await orm(sql)
    .insert(sessions)
    .values({
      id: init.id ?? randomUUID(),
      bot: init.bot,
      userId: init.userId ?? null,
      userVerified: init.userId ? (init.userVerified ?? true) : false,
      originMessageId: init.originMessageId ?? null,
      channel: init.channel ?? 'api',
      phoneNumber: init.phoneNumber ?? null,
      secret: randomBytes(18).toString('base64url'),
      state: {},
    })
    .returning();
  return row;
}

export async function getSession(sql: Sql, id: string): Promise<SessionRow | undefined> {
  const [row] = await orm(sql).select().from(sessions).where(eq(sessions.id, id));
  return row;
}

export interface HistoryMessage {
  id: number;
  role: 'user' | 'assistant';
  content: string;
}

/** A session and its recent user/bot messages (oldest first) in one round trip: the start of every turn. */
export async function getSessionWithHistory(sql: Sql, id: string, limit: number): Promise<{ session: SessionRow; history: HistoryMessage[] } | undefined> {
  const [row] = await orm(sql)
    .select({
      s: sessions,
      history: dsql<HistoryMessage[] | string>`coalesce((select json_agg(h order by h.id) from (select m.id, m.role, m.content from messages m where m.session_id = sessions.id and m.role in ('user', 'assistant') order by m.id desc limit ${limit}) h), '[]'::json)`,
    })
    .from(sessions)
    .where(eq(sessions.id, id));
  if (!row) return undefined;
  const history = typeof row.history === 'string' ? (JSON.parse(row.history) as HistoryMessage[]) : row.history;
  return { session: row.s, history };
}

export interface OpenTurn {
  sessionId: string;
  bot: string;
  /** The user's message, stored only when the session belongs to `bot` and the caller may write to it. */
  content: string;
  /** Check the caller: its token must be the session's secret, or its (verified) user the session's verified user. */
  authorize: boolean;
  /** The session's `channel` must be one of these (a session continues only from where it was born). */
  origins?: string[];
  sessionToken?: string;
  /** A user id the caller proved (a signed user token); never a bare claim. */
  userId?: string;
  historyLimit: number;
  /** Postgres: the channel to publish the stored message on, from the statement itself (see messageEvent). */
  notify?: string;
}

/**
 * SQL for a console 'message' event of the messages row `m` (the shape EventHub.publishMessage sends), and the
 * CTE that publishes it with pg_notify. A payload NOTIFY cannot carry (8000 bytes) is not sent: the statement
 * returns `notified` = 0 and the caller publishes it as before. Inside a transaction it is delivered at commit.
 */
function notifyMessage(channelParam: string, botParam: string): string {
  const event = `json_build_object('type', 'message', 'bot', ${botParam}::text, 'sessionId', m.session_id, 'message', json_build_object(
      'id', m.id, 'role', m.role, 'source', m.source, 'content', m.content, 'intents', m.intents,
      'createdAt', to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))::text`;
  return `, e as (select ${event} as payload from m),
     n as (select pg_notify(${channelParam}::text, payload) from e where octet_length(payload) < 8000)`;
}

/**
 * A turn's first statement: read the session and its recent history, and store the user's message — only if
 * the session belongs to the bot and the caller may write to it (compared as sha256 digests, so the time the
 * comparison takes says nothing about the secret). While a person has the conversation, its `updated_at`
 * moves too (the operator inbox is ordered by it). `message` is null when the caller was refused; the
 * history is what was said before this message. Undefined: no such session.
 */
export async function openTurn(
  sql: Sql,
  t: OpenTurn,
): Promise<{ session: SessionRow; message: MessageRow | null; history: HistoryMessage[]; notified: boolean } | undefined> {
  const [row] = await sql.query<{ session: Record<string, unknown>; message: Record<string, unknown> | null; history: HistoryMessage[] | string; notified: number }>(
    `with s as (select * from sessions where id = $1),
     m as (
       insert into messages (session_id, role, source, content, intents, workflow)
       select s.id, 'user', '', $2, '[]'::jsonb, s.active_workflow from s
        where s.bot = $3
          and ($8::text[] is null or s.channel = any($8::text[]))
          and (not $4::boolean
               or (s.user_id is not null and s.user_verified and s.user_id = $5::text)
               or ($6::text is not null and sha256(convert_to(s.secret, 'UTF8')) = sha256(convert_to($6::text, 'UTF8'))))
       returning *
     ),
     u as (update sessions set updated_at = now() where id = $1 and mode <> 'bot' and exists (select 1 from m))
     ${t.notify ? notifyMessage('$9', '$3') : ''}
     select row_to_json(s) as session, (select row_to_json(m) from m) as message,
            coalesce((select json_agg(h order by h.id) from (select id, role, content from messages
                       where session_id = $1 and role in ('user', 'assistant') order by id desc limit $7) h), '[]'::json) as history,
            ${t.notify ? '(select count(*) from n)::int' : '0'} as notified
       from s`,
    [t.sessionId, t.content, t.bot, t.authorize, t.userId ?? null, t.sessionToken ?? null, t.historyLimit, t.origins ?? null, ...(t.notify ? [t.notify] : [])],
  );
  if (!row) return undefined;
  const history = typeof row.history === 'string' ? (JSON.parse(row.history) as HistoryMessage[]) : row.history;
  const message = row.message ? messageFromJson(parseJson(row.message)) : null;
  return { session: sessionFromJson(parseJson(row.session)), message, history, notified: Number(row.notified) > 0 };
}

export async function findSessionByPhone(sql: Sql, bot: string, phone: string, channel: string): Promise<SessionRow | undefined> {
  const [row] = await orm(sql)
    .select()
    .from(sessions)
    .where(and(eq(sessions.bot, bot), eq(sessions.phoneNumber, phone), eq(sessions.channel, channel)))
    .orderBy(desc(sessions.updatedAt))
    .limit(1);
  return row;
}

export interface SessionPatch {
  mode?: Mode;
  handoffReason?: string;
  handoffAt?: Date | null;
  lastIntent?: string;
  activeWorkflow?: string | null;
  state?: Record<string, unknown>;
  /** The signed-in user the conversation belongs to (a channel message from a registered phone number). */
  userId?: string | null;
  userVerified?: boolean;
}

export async function updateSession(sql: Sql, id: string, patch: SessionPatch): Promise<SessionRow> {
  const [row] = await orm(sql)
    .update(sessions)
    // A user id set here comes from a trusted caller (a channel's verified number) unless told otherwise.
    .set({ ...patch, ...(patch.userId !== undefined && patch.userVerified === undefined ? { userVerified: patch.userId !== null } : {}), updatedAt: new Date() })
    .where(eq(sessions.id, id))
    .returning();
  return row;
}

export interface NewMessage {
  sessionId: string;
  role: 'user' | 'assistant' | 'system';
  source: Source;
  content: string;
  intents?: string[];
  workflow?: string | null;
  turnId?: string | null;
  clientMessageId?: string | null;
  replyTo?: number | null;
}

export async function insertMessage(sql: Sql, m: NewMessage): Promise<MessageRow> {
  const [row] = await orm(sql)
    .insert(messages)
    .values({ ...m, intents: m.intents ?? [] })
    .returning();
  return row;
}

export async function listMessages(sql: Sql, sessionId: string, limit = 500): Promise<MessageRow[]> {
  const rows = await orm(sql)
    .select()
    .from(messages)
    .where(eq(messages.sessionId, sessionId))
    .orderBy(desc(messages.id))
    .limit(limit);
  return rows.reverse();
}

export async function findByClientMessageId(sql: Sql, sessionId: string, clientMessageId: string): Promise<MessageRow | undefined> {
  const [row] = await orm(sql)
    .select()
    .from(messages)
    .where(and(eq(messages.sessionId, sessionId), eq(messages.clientMessageId, clientMessageId)));
  return row;
}

/** The bot's (or operator's) answer to a user message, if one was stored. */
export async function findReplyTo(sql: Sql, userMessageId: number): Promise<MessageRow | undefined> {
  const [row] = await orm(sql).select().from(messages).where(eq(messages.replyTo, userMessageId)).orderBy(asc(messages.id)).limit(1);
  return row;
}

/** User messages after the last bot/operator answer, oldest first (a burst not answered yet). */
export async function unansweredUserMessages(sql: Sql, sessionId: string): Promise<MessageRow[]> {
  return orm(sql)
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.sessionId, sessionId),
        eq(messages.role, 'user'),
        dsql`${messages.id} > coalesce((select max(m.id) from messages m where m.session_id = ${sessionId} and m.role = 'assistant'), 0)`,
      ),
    )
    .orderBy(asc(messages.id));
}

export async function firstAnswerAfter(sql: Sql, sessionId: string, messageId: number): Promise<MessageRow | undefined> {
  const [row] = await orm(sql)
    .select()
    .from(messages)
    .where(and(eq(messages.sessionId, sessionId), eq(messages.role, 'assistant'), dsql`${messages.id} > ${messageId}`))
    .orderBy(asc(messages.id))
    .limit(1);
  return row;
}

export interface TurnWrite {
  sessionId: string;
  bot: string;
  turnId: string;
  userMessageId: number;
  reply: string;
  intents: string[];
  workflow: string | null;
  state: Record<string, unknown>;
  lastIntent: string;
  handoff: { reason: string; at: Date } | null;
  path: string;
  trace: unknown;
  modelCalls: unknown;
  latencyMs: number;
  /** The reply's UI parts, stored with its message (omitted or empty: none). */
  parts?: unknown[];
  /** Postgres: the channel to publish the reply on, from the statement itself (see notifyMessage). */
  notify?: string;
}

/**
 * The end of a turn in ONE statement: the reply, the session's lasting state (and handoff), and the turn's
 * trace. A single statement is atomic on its own, so a turn without other writes needs no BEGIN/COMMIT.
 * A turn that opens a workflow tags its user message with it too (the message was stored with the workflow
 * active when it arrived), so a conversation splits by subject where the subject changed.
 */
export async function persistTurn(sql: Sql, w: TurnWrite): Promise<{ message: MessageRow; session: SessionRow; notified: boolean }> {
  const [row] = await sql.query<{ message: Record<string, unknown>; session: Record<string, unknown>; notified: number }>(
    `with m as (
       insert into messages (session_id, role, source, content, intents, workflow, turn_id, reply_to, parts)
       values ($1, 'assistant', 'bot', $2, $3::jsonb, $4, $5, $6, $16::jsonb) returning *
     ), s as (
       update sessions set state = $7::jsonb, last_intent = $8, active_workflow = $4, updated_at = now(),
              mode = case when $9::text is null then mode else 'handoff_pending' end,
              handoff_reason = coalesce($9::text, handoff_reason),
              handoff_at = case when $9::text is null then handoff_at else $10::timestamptz end
        where id = $1 returning *
     ), u as (
       update messages set workflow = $4 where id = $6 and $4::text is not null and workflow is distinct from $4::text
     ), t as (
       insert into turns (id, session_id, bot, user_message_id, path, intents, trace, model_calls, latency_ms)
       values ($5, $1, $11, $6, $12, $3::jsonb, $13::jsonb, $14::jsonb, $15)
     ) ${w.notify ? notifyMessage('$17', '$11') : ''}
     select (select row_to_json(m) from m) as message, (select row_to_json(s) from s) as session,
            ${w.notify ? '(select count(*) from n)::int' : '0'} as notified`,
    [
      w.sessionId,
      w.reply,
      JSON.stringify(w.intents),
      w.workflow,
      w.turnId,
      w.userMessageId,
      JSON.stringify(w.state),
      w.lastIntent,
      w.handoff?.reason ?? null,
      w.handoff?.at.toISOString() ?? null,
      w.bot,
      w.path,
      JSON.stringify(w.trace),
      JSON.stringify(w.modelCalls),
      w.latencyMs,
      w.parts?.length ? JSON.stringify(w.parts) : null,
      ...(w.notify ? [w.notify] : []),
    ],
  );
  return { message: messageFromJson(parseJson(row.message)), session: sessionFromJson(parseJson(row.session)), notified: Number(row.notified) > 0 };
}

function parseJson(v: unknown): Record<string, unknown> {
  return (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown>;
}
const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

function messageFromJson(r: Record<string, unknown>): MessageRow {
  return {
    id: Number(r.id),
    sessionId: r.session_id as string,
    role: r.role as string,
    source: r.source as string,
    content: r.content as string,
    intents: r.intents as string[],
    workflow: (r.workflow as string | null) ?? null,
    turnId: (r.turn_id as string | null) ?? null,
    clientMessageId: (r.client_message_id as string | null) ?? null,
    replyTo: r.reply_to === null ? null : Number(r.reply_to),
    parts: (r.parts as MessageRow['parts']) ?? null,
    createdAt: date(r.created_at)!,
  };
}

function sessionFromJson(r: Record<string, unknown>): SessionRow {
  return {
    id: r.id as string,
    bot: r.bot as string,
    userId: (r.user_id as string | null) ?? null,
    userVerified: r.user_verified === true,
    originMessageId: (r.origin_message_id as string | null) ?? null,
    channel: r.channel as string,
    phoneNumber: (r.phone_number as string | null) ?? null,
    secret: r.secret as string,
    mode: r.mode as Mode,
    handoffReason: r.handoff_reason as string,
    handoffAt: date(r.handoff_at),
    lastIntent: r.last_intent as string,
    activeWorkflow: (r.active_workflow as string | null) ?? null,
    state: r.state as Record<string, unknown>,
    createdAt: date(r.created_at)!,
    updatedAt: date(r.updated_at)!,
  };
}

export async function insertTurn(
  sql: Sql,
  t: { id: string; sessionId: string; bot: string; userMessageId: number | null; path: string; intents: unknown; trace: unknown; modelCalls: unknown; latencyMs: number },
): Promise<void> {
  await orm(sql).insert(turns).values(t);
}

export async function listTurns(sql: Sql, sessionId: string) {
  return orm(sql).select().from(turns).where(eq(turns.sessionId, sessionId)).orderBy(asc(turns.createdAt));
}
