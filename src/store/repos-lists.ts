// The lists of conversations the console and the handoff sweeps read: newest first, filtered by bot, mode or user.
import { and, desc, eq, inArray, sql as dsql } from 'drizzle-orm';
import type { Mode } from '../contract/index.ts';
import { orm } from './orm.ts';
import { messages, sessions, type SessionRow } from './schema.ts';
import type { Sql } from './types.ts';

export interface SessionSummary extends SessionRow {
  lastMessage: string | null;
  lastMessageAt: Date | null;
  messageCount: number;
}

type SessionFilter = { bot?: string; mode?: Mode; limit?: number; userId?: string };

function sessionFilter(filter: SessionFilter) {
  const where = [];
  if (filter.bot) where.push(eq(sessions.bot, filter.bot));
  if (filter.mode) where.push(eq(sessions.mode, filter.mode));
  if (filter.userId) where.push(eq(sessions.userId, filter.userId));
  return where.length ? and(...where) : undefined;
}

/** Conversations newest first, without their messages (the handoff lists and sweeps). */
export async function listSessions(sql: Sql, filter: SessionFilter = {}): Promise<SessionRow[]> {
  return orm(sql)
    .select()
    .from(sessions)
    .where(sessionFilter(filter))
    .orderBy(desc(sessions.updatedAt))
    .limit(Math.min(filter.limit ?? 100, 500));
}

/**
 * Conversations newest first with their last message and message count (the console's inbox): one backward index
 * step per conversation gives the last message's text and time together.
 */
export async function listSessionSummaries(sql: Sql, filter: SessionFilter = {}): Promise<SessionSummary[]> {
  const db = orm(sql);
  const last = db
    .select({ content: messages.content, createdAt: messages.createdAt })
    .from(messages)
    .where(eq(messages.sessionId, sessions.id))
    .orderBy(desc(messages.id))
    .limit(1)
    .as('last_message');
  const rows = await db
    .select({
      s: sessions,
      lastMessage: last.content,
      lastMessageAt: last.createdAt,
      messageCount: dsql<number>`(select count(*)::int from messages m where m.session_id = ${sessions.id})`,
    })
    .from(sessions)
    .leftJoinLateral(last, dsql`true`)
    .where(sessionFilter(filter))
    .orderBy(desc(sessions.updatedAt))
    .limit(Math.min(filter.limit ?? 100, 500));
  return rows.map((r) => ({
    ...r.s,
    lastMessage: r.lastMessage,
    lastMessageAt: r.lastMessageAt ? new Date(r.lastMessageAt) : null,
    messageCount: Number(r.messageCount),
  }));
}

export async function countPending(sql: Sql, bots?: string[]): Promise<number> {
  const [row] = await orm(sql)
    .select({ n: dsql<number>`count(*)::int` })
    .from(sessions)
    .where(and(eq(sessions.mode, 'handoff_pending'), bots ? inArray(sessions.bot, bots) : undefined));
  return Number(row?.n ?? 0);
}
