// Answers from the bot's knowledge documents: the passages that answer a message, and the answer grounded in
// them (the model's when one is configured, else the best passage).
import { splitClauses } from '../nlu/index.ts';
import { clausesFor } from './clauses.ts';
import { rankerFor, searchByTopic, searchWithTopics, topicRouterFor } from './topic-search.ts';
import type { Passage, TurnContext } from './types.ts';

/**
 * Answer a question from the knowledge documents: the best passage, without its heading line (the model's answer
 * from the best three when one is configured). With bot.yaml `knowledgeTopics` the topic table picks the passage.
 * A message asking several questions ("where are you and until when are you open?") whose questions find different
 * passages is answered from each of them, in the order asked.
 */
export async function answerFromKnowledge(ctx: TurnContext, intent: string, options: PassageAnswerOptions = {}): Promise<{ text: string; found: boolean; passages: string[] }> {
  const passages = await searchPassages(ctx, intent);
  if (!passages.length) return { text: ctx.reply(`${intent}_not_found`) || ctx.reply('knowledge_not_found'), found: false, passages: [] };
  const asked = await passagesPerQuestion(ctx, intent);
  if (asked.length > 1) {
    const texts = [...new Set([...asked, ...passages.slice(0, 3).map((p) => p.content)])].slice(0, MAX_QUESTIONS + 1);
    const fallback = options.fallback ?? asked.map(stripHeading).join('\n\n');
    return { text: await answerFromPassages(ctx, texts, { ...options, fallback }), found: true, passages: texts };
  }
  const texts = passages.slice(0, 3).map((p) => p.content);
  return { text: await answerFromPassages(ctx, texts, options), found: true, passages: texts };
}

/** The most questions of one message answered each from its own passage (each is one knowledge search). */
const MAX_QUESTIONS = 3;

/**
 * The best passage of each question of the message, in the order asked, without repeats: empty for a message of one
 * question. Each question is searched on its own (and ranked by the bot's topic table when it has one).
 */
async function passagesPerQuestion(ctx: TurnContext, intent: string): Promise<string[]> {
  const language = ctx.understanding.language;
  const mine = ctx.intents.length > 1 ? clausesFor(ctx.text, language, intent, ctx.intents, ctx.classify) : splitClauses(ctx.text, language);
  if (mine.length < 2 || mine.length > MAX_QUESTIONS) return [];
  const router = topicRouterFor(ctx.bot);
  const search = (question: string) => (router ? searchByTopic(ctx, router, question) : ctx.searchKnowledge(question, 1));
  const best = await Promise.all(mine.map(async (question) => (await search(question))[0]?.content));
  return [...new Set(best.filter((p): p is string => Boolean(p)))];
}

/**
 * The knowledge search of an intent as the `knowledgeSearch` tool: the passages that answer the message, best
 * first. With `documents`, only theirs, ranked by the words they share with the question (bot.yaml
 * `knowledgeTopics` sets the ranker's stopwords, stems, thresholds and overview sections).
 */
export async function searchPassages(ctx: TurnContext, intent: string, documents: string[] = []): Promise<Passage[]> {
  const router = topicRouterFor(ctx.bot);
  if (documents.length) {
    const ranker = rankerFor(ctx.bot);
    const topic = router?.detectTopic(ctx.text);
    return ctx.tool('knowledgeSearch', { query: ctx.text, documents, topic: topic?.section ?? null }, async () =>
      ranker.rankPassages(ctx.text, await ctx.searchKnowledge(ctx.text, RESTRICTED_CANDIDATES, { documents }), topic),
    );
  }
  return router
    ? ctx.tool('knowledgeSearch', { query: ctx.text, topic: router.detectTopic(ctx.text)?.section ?? null }, () => searchWithTopics(ctx, router))
    : ctx.tool('knowledgeSearch', { query: ctx.text }, () => searchByClause(ctx, intent));
}

/** Passages of the restricted documents a ranker judges (documents meant to be restricted to are small). */
const RESTRICTED_CANDIDATES = 60;

export interface PassageAnswerOptions {
  /** The model call's purpose in the trace; default 'grounded_reply'. */
  purpose?: string;
  /** The instruction before the passages; default: answer only from them, in the bot's language. */
  instruction?: string;
  /**
   * Put the conversation's recent history in the prompt too: `true` for the last {@link RECENT_HISTORY_MESSAGES}
   * messages, a number for that many. A long conversation's whole history would drown the passages and grow every
   * prompt without bound.
   */
  history?: boolean | number;
  /** More for the system prompt after the passages (examples of good answers). */
  context?: string;
  /** The answer without a model (or when it fails); default the first passage without its heading line. */
  fallback?: string;
}

/** How many of the latest messages a grounded answer's prompt carries with `history: true`. */
const RECENT_HISTORY_MESSAGES = 6;

/** The latest messages a prompt carries: none for false, the last {@link RECENT_HISTORY_MESSAGES} for true, else that many. */
export function recentHistory<M>(history: readonly M[], keep: boolean | number | undefined): M[] {
  const count = keep === true ? RECENT_HISTORY_MESSAGES : keep || 0;
  return count > 0 ? history.slice(-count) : [];
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
      const recent = recentHistory(ctx.history, options.history);
      const history = recent.length ? `\n\nConversation so far:\n${recent.map((m) => `${m.role}: ${m.content}`).join('\n')}` : '';
      const text = await ctx.model.generate({
        purpose: options.purpose ?? 'grounded_reply',
        system: `${ctx.bot.persona}\n${instruction}\n\n${passages.map((t, i) => `[${i + 1}] ${t}`).join('\n\n')}${options.context ? `\n\n${options.context}` : ''}${history}`,
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
  return options.fallback ?? stripHeading(passages[0]);
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
