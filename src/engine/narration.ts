// Text helpers of a turn: the hand-over text, and the narrate node's default joining of segments into one reply.
import type { LoadedBot } from './registry.ts';
import type { Segment } from './types.ts';
import { skillReply } from '../skills/index.ts';
import { runtimeReply } from './runtime-replies.ts';

/**
 * The hand-over text: the intent's own (`<intent>_handoff` reply), else the bot's (`handoff.message`,
 * `replies.handoff`), else the runtime's request-for-a-person line in the bot's language (`replies.human` overrides it).
 */
export function handoffMessage(bot: LoadedBot, intent?: string): string {
  return (
    (intent && bot.config.replies[`${intent}_handoff`]) ||
    bot.handoff.message ||
    bot.config.replies.handoff ||
    skillReply('human', bot.config.language, bot.config.replies)
  );
}

/** One segment as is, several joined in order; failures get the bot's error text; then `replies.closing`, if any. */
export function narrate(bot: Pick<LoadedBot, 'definition' | 'config'>, segments: Segment[], intents: string[]): string {
  if (bot.definition.narrate) return bot.definition.narrate(segments, { bot: bot.config, intents });
  const ok = segments.filter((s) => s.ok && s.text.trim());
  const failed = segments.filter((s) => !s.ok);
  const parts = ok.map((s) => s.text.trim());
  if (failed.length) parts.push(runtimeReply('error', bot.config.language, bot.config.replies));
  if (!parts.length) return bot.config.replies.general_fallback ?? bot.config.replies[bot.config.understanding.fallback] ?? '…';
  // a bot that ends every answer the same way ("Anything else I can help with?")
  const closing = bot.config.replies.closing;
  return [...parts, ...(closing ? [closing] : [])].join('\n\n');
}
