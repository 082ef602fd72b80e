// The gate before understanding: sign-in (bots with requireUser) and guardrails. A blocked message gets the
// bot's block reply and no understanding runs.
import type { BotConfig } from '../bot/config.ts';
import { createGuardrail, defaultBlockReply, guardrailSettings, logModeration, type GuardrailVerdict } from '../guardrails/index.ts';
import * as store from '../store/index.ts';
import type { SessionRow, Sql } from '../store/index.ts';
import type { LoadedBot } from './registry.ts';
import { verifiedUserId, type ChatRequest } from './sessions.ts';
import { runtimeReply } from './runtime-replies.ts';

export interface GateBlock {
  reply: string;
  intent: string;
  /** What to record with the turn (the moderation log). */
  log?: (sql: Sql) => Promise<void>;
}

/** Returns the block, or null to go on. */
export async function gate(db: Sql, bot: LoadedBot, session: SessionRow, req: ChatRequest, text: string): Promise<GateBlock | null> {
  const { config } = bot;
  if (config.requireUser) {
    // Only a proven user passes the sign-in gate: a bare userId from a browser is a claim, not a sign-in.
    const userId = verifiedUserId(req) ?? (session.userVerified ? session.userId : null) ?? undefined;
    const known = userId ? await store.getUser(db, userId) : undefined;
    if (!known) return { reply: runtimeReply('blocked_unknown_user', config.language, config.replies), intent: 'blocked' };
  }
  const verdict = guardrailOf(bot)?.(text);
  if (verdict?.verdict === 'UNSAFE' && verdict.category) {
    const { category } = verdict;
    return {
      // The bot's own text for the category, else the runtime's in the bot's language (self-harm points to help).
      reply: config.replies[`blocked_${category}`] ?? defaultBlockReply(category, bot.language),
      intent: 'blocked',
      log: async (sql) => {
        await logModeration(sql, { bot: config.id, sessionId: session.id, userId: req.userId ?? session.userId, reason: `${category}: ${verdict.reason ?? ''} [${verdict.rule}]`, message: text });
      },
    };
  }
  return null;
}

/** Each bot's guardrail, compiled once from its bot.yaml (null: guardrails off). */
const guardrails = new WeakMap<BotConfig, ((text: string) => GuardrailVerdict) | null>();

function guardrailOf(bot: LoadedBot): ((text: string) => GuardrailVerdict) | null {
  let guard = guardrails.get(bot.config);
  if (guard === undefined) {
    const settings = guardrailSettings(bot.config.guardrails, bot.config.name);
    guard = settings.enabled ? createGuardrail(bot.language, settings) : null;
    guardrails.set(bot.config, guard);
  }
  return guard;
}
