// Bursts of media: an album's photos, or several media sent within a few seconds, are one turn, answered once.
// The conversation's last media time lives in channel_sessions (migration channels-005), so every process agrees.
import type { Sql } from '../store/index.ts';
import type { InboundMessage } from './types.ts';

const MEDIA_KINDS = new Set(['image', 'audio', 'video', 'document', 'location', 'contact', 'unsupported', 'poll']);

/** Kinds that belong to a burst of media (stickers, reactions and poll votes get no reply, so they do not count). */
export const isMedia = (msg: InboundMessage) => MEDIA_KINDS.has(msg.kind ?? 'text');

/** When the webhook reached us (now, for a row stored by a version that did not keep it). */
export const receivedAt = (msg: InboundMessage) => {
  const t = msg.receivedAt ? Date.parse(msg.receivedAt) : NaN;
  return Number.isFinite(t) ? new Date(t) : new Date();
};

/**
 * Count a media message into its conversation's burst: true when it starts one (the conversation's previous
 * media came more than `windowMs` before it, or never), false when it continues one already answered. One
 * statement that locks the conversation's row: processes handling an album's photos at once agree.
 */
export async function startsMediaBurst(sql: Sql, sessionId: string, at: Date, windowMs: number): Promise<boolean> {
  const [row] = await sql.query<{ prev: Date | string | null }>(
    `update channel_sessions c set media_burst_at = greatest(p.prev, $2::timestamptz)
     from (select media_burst_at as prev from channel_sessions where session_id = $1 for update) p
     where c.session_id = $1 returning p.prev`,
    [sessionId, at.toISOString()],
  );
  if (!row?.prev) return true;
  return at.getTime() - new Date(row.prev).getTime() > windowMs;
}
