// The gate before understanding: sign-in (bots with requireUser) and guardrails. A blocked message gets the
// bot's block reply and no understanding runs.
import * as store from '../store/index.ts';
import type { Database, SessionRow, Sql } from '../store/index.ts';
import type { LoadedBot } from './registry.ts';
import { verifiedUserId, type ChatRequest } from './sessions.ts';

export interface GateBlock {
  reply: string;
  intent: string;
  /** What to record with the turn (the moderation log). */
  log?: (sql: Sql) => Promise<void>;
}

/** Returns the block, or null to go on. */
export async function gate(db: Database, bot: LoadedBot, session: SessionRow, req: ChatRequest, text: string): Promise<GateBlock | null> {
  const { config } = bot;
  if (config.requireUser) {
    // Only a proven user passes the sign-in gate: a bare userId from a browser is a claim, not a sign-in.
    const userId = verifiedUserId(req) ?? (session.userVerified ? session.userId : null) ?? undefined;
    const known = userId ? await store.getUser(db, userId) : undefined;
    if (!known) return { reply: config.replies.blocked_unknown_user ?? 'Please sign in to continue.', intent: 'blocked' };
  }
  if (config.guardrails) {
    const { classifyInput } = await import('../guardrails/index.ts');
    const verdict = classifyInput(text, bot.language);
    if (verdict.verdict === 'UNSAFE') {
      const key = `blocked_${verdict.category ?? 'unsafe'}`;
      return {
        reply: config.replies[key] ?? config.replies.blocked_unsafe ?? 'I cannot help with that.',
        intent: 'blocked',
        log: async (sql) => {
          await sql.query('insert into moderation_logs (bot, session_id, user_id, reason, message) values ($1, $2, $3, $4, $5)', [
            config.id,
            session.id,
            req.userId ?? session.userId,
            `${verdict.category ?? 'unsafe'}: ${verdict.reason ?? ''}`,
            text,
          ]);
        },
      };
    }
  }
  return null;
}
