// Specialists every bot gets for free: an intent with no code of its own answers from its reply template,
// else from the bot's knowledge documents, else with the fallback reply.
import type { BotConfig } from '../bot/config.ts';
import { clausesFor } from './clauses.ts';
import type { Passage, Specialist, TurnContext } from './types.ts';

/** Answer a question from the knowledge documents: the best passage, without its heading line. */
export async function answerFromKnowledge(ctx: TurnContext, intent: string): Promise<{ text: string; found: boolean; passages: string[] }> {
  const passages = await ctx.tool('knowledgeSearch', { query: ctx.text }, () => searchByClause(ctx, intent));
  if (!passages.length) return { text: ctx.reply(`${intent}_not_found`) || ctx.reply('knowledge_not_found'), found: false, passages: [] };
  const texts = passages.map((p) => p.content);
  if (ctx.model) {
    try {
      const text = await ctx.model.generate({
        purpose: 'grounded_reply',
        system: `${ctx.bot.persona}\nAnswer only from the passages below, in the customer's language (${ctx.bot.language}). If they do not answer the question, say so briefly.\n\n${texts.map((t, i) => `[${i + 1}] ${t}`).join('\n\n')}`,
        user: ctx.text,
        onDelta: (delta) => ctx.emit({ type: 'text_delta', content: delta }),
      });
      return { text, found: true, passages: texts };
    } catch (err) {
      // The model is down or answered nonsense: the retrieved passage still answers the question.
      console.warn(`[${ctx.bot.id}] grounded reply failed, answering from the passage: ${(err as Error).message}`);
    }
  }
  return { text: stripHeading(passages[0].content), found: true, passages: texts };
}

/**
 * In a message with several requests ("quero marcar muay thai e tem estacionamento?") the words of the other
 * requests drown the question: search with the clauses that belong to this intent.
 */
async function searchByClause(ctx: TurnContext, intent: string): Promise<Passage[]> {
  const mine = clausesFor(ctx.text, ctx.understanding.language, intent, ctx.intents, ctx.classify);
  if (mine.length === 1 && mine[0] === ctx.text) return ctx.searchKnowledge(ctx.text, 3);
  const found = await ctx.searchKnowledge(mine.join(' '), 3);
  if (found.length) return found;
  return ctx.searchKnowledge(ctx.text, 3);
}

function stripHeading(content: string): string {
  const lines = content.split('\n');
  return (lines.length > 1 ? lines.slice(1) : lines).join('\n').trim();
}

export function defaultSpecialists(config: BotConfig): Record<string, Specialist> {
  const out: Record<string, Specialist> = {};
  for (const intent of Object.keys(config.intents)) {
    out[intent] = async (ctx) => {
      if (intent === config.understanding.fallback) {
        const text = ctx.understanding.generalResponse || ctx.reply(intent) || ctx.reply('general_fallback');
        return { segments: [{ intent, text, ok: true }] };
      }
      const template = ctx.reply(intent);
      if (template) return { segments: [{ intent, text: template, ok: true }] };
      const answer = await answerFromKnowledge(ctx, intent);
      return { segments: [{ intent, text: answer.text || ctx.reply('general_fallback'), ok: true, data: { found: answer.found } }] };
    };
  }
  return out;
}
