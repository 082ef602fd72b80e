// The moderation log: every message the guardrails (or a bot's own checks) blocked. A core table
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
