// Specialists every bot gets for free: an intent with no code of its own answers from its reply template,
// else from the bot's knowledge documents, else with the fallback reply.
import type { BotConfig } from '../bot/config.ts';
import { clausesFor } from './clauses.ts';
import { searchWithTopics, topicRouterFor } from './topic-search.ts';
import type { Passage, Specialist, TurnContext } from './types.ts';

/**
 * Answer a question from the knowledge documents: the best passage, without its heading line (the model's answer
 * from the best three when one is configured). With bot.yaml `knowledgeTopics` the topic table picks the passage.
 */
export async function answerFromKnowledge(ctx: TurnContext, intent: string, options: PassageAnswerOptions = {}): Promise<{ text: string; found: boolean; passages: string[] }> {
  const router = topicRouterFor(ctx.bot);
  const passages = router
    ? await ctx.tool('knowledgeSearch', { query: ctx.text, topic: router.detectTopic(ctx.text)?.section ?? null }, () => searchWithTopics(ctx, router))
    : await ctx.tool('knowledgeSearch', { query: ctx.text }, () => searchByClause(ctx, intent));
  if (!passages.length) return { text: ctx.reply(`${intent}_not_found`) || ctx.reply('knowledge_not_found'), found: false, passages: [] };
  const texts = passages.slice(0, 3).map((p) => p.content);
  return { text: await answerFromPassages(ctx, texts, options), found: true, passages: texts };
}

export interface PassageAnswerOptions {
  /** The model call's purpose in the trace; default 'grounded_reply'. */
  purpose?: string;
  /** The instruction before the passages; default: answer only from them, in the bot's language. */
  instruction?: string;
  /** Put the conversation's recent history in the prompt too. */
  history?: boolean;
}

/**
 * The answer from passages a bot retrieved: the model's, grounded in them, when one is configured; else, or when
 * the model fails or writes nothing, the first passage without its heading line. '' without passages.
 */
export async function answerFromPassages(ctx: TurnContext, passages: string[], options: PassageAnswerOptions = {}): Promise<string> {
  if (!passages.length) return '';
  if (ctx.model) {
    try {
      const instruction = options.instruction ?? `Answer only from the passages below, in the customer's language (${ctx.bot.language}). If they do not answer the question, say so briefly.`;
      const history = options.history && ctx.history.length ? `\n\nConversation so far:\n${ctx.history.map((m) => `${m.role}: ${m.content}`).join('\n')}` : '';
      const text = await ctx.model.generate({
        purpose: options.purpose ?? 'grounded_reply',
        system: `${ctx.bot.persona}\n${instruction}\n\n${passages.map((t, i) => `[${i + 1}] ${t}`).join('\n\n')}${history}`,
        user: ctx.text,
        onDelta: (delta) => ctx.emit({ type: 'text_delta', content: delta }),
      });
      if (text.trim()) return text;
      console.warn(`[${ctx.bot.id}] the model wrote an empty answer, answering from the passage`);
    } catch (err) {
      // The model is down or answered nonsense: the retrieved passage still answers the question.
      console.warn(`[${ctx.bot.id}] grounded reply failed, answering from the passage: ${(err as Error).message}`);
    }
  }
  return stripHeading(passages[0]);
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
