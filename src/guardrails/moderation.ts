// The moderation log: every message the guardrails (or a bot's own checks) blocked, and its reading for the console. A core table
// (`moderation_logs`, created by the store's core migrations), so any bot can switch guardrails on.
import type { Sql } from '../store/index.ts';

export interface ModerationEntry {
  bot: string;
  sessionId?: string | null;
  userId?: string | null;
  /** e.g. 'prompt_injection', 'abuse', 'self_harm', 'data_fishing', optionally with the matched rule. */
  reason: string;
  message: string;
}

const MAX_MESSAGE = 4000;
const MAX_REASON = 200;

export async function logModeration(sql: Sql, entry: ModerationEntry): Promise<{ id: number }> {
  const rows = await sql.query<{ id: number }>(
    'insert into moderation_logs (bot, session_id, user_id, reason, message) values ($1, $2, $3, $4, $5) returning id',
    [entry.bot, entry.sessionId ?? null, entry.userId ?? null, entry.reason.slice(0, MAX_REASON), entry.message.slice(0, MAX_MESSAGE)],
  );
  return { id: Number(rows[0].id) };
}

export interface ModerationRow extends Required<ModerationEntry> {
  id: number;
  createdAt: Date;
}

export interface ModerationFilter {
  bot?: string;
  /** Entries whose reason starts with this (a category, e.g. 'abuse', or a category and rule). */
  reason?: string;
  /** Entries whose message holds this text (any case). */
  text?: string;
  since?: Date;
  until?: Date;
  limit?: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The moderation log, newest first, filtered. */
export async function listModeration(sql: Sql, filter: ModerationFilter = {}): Promise<ModerationRow[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (clause: string, value: unknown) => {
    params.push(value);
    where.push(clause.replace('?', `$${params.length}`));
  };
  if (filter.bot) add('bot = ?', filter.bot);
  if (filter.reason) add('reason like ?', `${escapeLike(filter.reason)}%`);
  if (filter.text) add('message ilike ?', `%${escapeLike(filter.text)}%`);
  if (filter.since) add('created_at >= ?', filter.since);
  if (filter.until) add('created_at < ?', filter.until);
  params.push(Math.min(Math.max(filter.limit ?? 100, 1), 500));
  const rows = await sql.query<{ id: number; bot: string; session_id: string | null; user_id: string | null; reason: string; message: string; created_at: Date | string }>(
    `select id, bot, session_id, user_id, reason, message, created_at from moderation_logs ${where.length ? `where ${where.join(' and ')}` : ''} order by created_at desc, id desc limit $${params.length}`,
    params,
  );
  return rows.map((r) => ({ id: Number(r.id), bot: r.bot, sessionId: r.session_id, userId: r.user_id, reason: r.reason, message: r.message, createdAt: new Date(r.created_at) }));
}
