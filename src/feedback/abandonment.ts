// Abandonment: conversations whose last word was the bot's, with no customer reply for a while. A signal for
// the learning loop beside ratings (customers rarely rate; many just leave), read from the stored messages:
// per bot, over its latest conversations, with the intents of the answers customers left after.
import type { Sql } from '../store/index.ts';

export interface AbandonmentOptions {
  /** A conversation has ended when its last message is older than this (default 30 minutes). */
  idleMinutes?: number;
  /** Only conversations active in the last this many days (default 7). */
  days?: number;
  /** At most this many conversations, newest first (default 1000). */
  limit?: number;
}

export interface AbandonmentReport {
  bot: string;
  idleMinutes: number;
  days: number;
  /** Conversations whose last message is older than `idleMinutes` (still-running ones are left out). */
  ended: number;
  /** Of those, the ones that ended on a bot answer, with the bot in charge: the customer did not reply. */
  abandoned: number;
  /** abandoned / ended (0 with none ended). */
  rate: number;
  /** The intents of the answers customers left after, most frequent first. */
  byIntent: { intent: string; count: number }[];
  /** The latest abandoned conversations, to read. */
  recent: { sessionId: string; intent: string; lastReply: string; at: Date }[];
}

export async function abandonmentReport(sql: Sql, bot: string, opts: AbandonmentOptions = {}): Promise<AbandonmentReport> {
  const idleMinutes = opts.idleMinutes ?? 30;
  const days = opts.days ?? 7;
  const limit = Math.min(Math.max(opts.limit ?? 1000, 1), 5000);
  // The sessions through (bot, updated_at); each one's last message through (session_id, id). Times are the store's.
  const rows = await sql.query<{ id: string; mode: string; last_intent: string; role: string; source: string; content: string; created_at: Date | string; ended: boolean }>(
    `select s.id, s.mode, s.last_intent, lm.role, lm.source, lm.content, lm.created_at,
            lm.created_at < now() - make_interval(mins => $3) as ended
       from (select id, mode, last_intent from sessions
              where bot = $1 and updated_at >= now() - make_interval(days => $2)
              order by updated_at desc limit $4) s
       cross join lateral (select role, source, content, created_at from messages m where m.session_id = s.id order by m.id desc limit 1) lm`,
    [bot, days, idleMinutes, limit],
  );
  const ended = rows.filter((r) => r.ended);
  const abandoned = ended.filter((r) => r.role === 'assistant' && r.source === 'bot' && r.mode === 'bot');
  const counts = new Map<string, number>();
  for (const r of abandoned) counts.set(r.last_intent, (counts.get(r.last_intent) ?? 0) + 1);
  return {
    bot,
    idleMinutes,
    days,
    ended: ended.length,
    abandoned: abandoned.length,
    rate: ended.length ? abandoned.length / ended.length : 0,
    byIntent: [...counts].map(([intent, count]) => ({ intent, count })).sort((a, b) => b.count - a.count || a.intent.localeCompare(b.intent)),
    recent: abandoned.slice(0, 20).map((r) => ({ sessionId: r.id, intent: r.last_intent, lastReply: r.content.slice(0, 300), at: new Date(r.created_at) })),
  };
}
