// Specialists every bot gets for free: an intent with no code of its own answers with its table search when bot.yaml
// gives it one (`search:`), else through its tool cascade when it gives one (`answer:`), else from its reply
// template, else from the bot's knowledge documents, else with the fallback reply.
import type { BotConfig } from '../bot/config.ts';
import { answerWithCascade } from './cascade.ts';
import { answerWithSearch } from '../catalogue/intent-search.ts';
import { answerFromKnowledge } from './specialists.ts';
import type { Specialist } from './types.ts';

export function defaultSpecialists(config: BotConfig): Record<string, Specialist> {
  const out: Record<string, Specialist> = {};
  for (const intent of Object.keys(config.intents)) {
    out[intent] = async (ctx) => {
      if (intent === config.understanding.fallback) {
        const text = ctx.understanding.generalResponse || ctx.reply(intent) || ctx.reply('general_fallback');
        return { segments: [{ intent, text, ok: true }] };
      }
      const search = config.intents[intent]?.search;
      if (search) {
        const answer = await answerWithSearch(ctx, intent, search);
        return { segments: [{ intent, text: answer.text, ok: true }], memory: answer.memory };
      }
      if (ctx.intentsConfig[intent]?.answer ?? config.intents[intent]?.answer) {
        const answer = await answerWithCascade(ctx, intent);
        return { segments: [{ intent, text: answer.text, ok: true, data: { source: answer.source, tools: answer.tools } }] };
      }
      const template = ctx.reply(intent);
      if (template) return { segments: [{ intent, text: template, ok: true }] };
      const answer = await answerFromKnowledge(ctx, intent);
      return { segments: [{ intent, text: answer.text || ctx.reply('general_fallback'), ok: true, data: { found: answer.found } }] };
    };
  }
  return out;
}
