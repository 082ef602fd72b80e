// Knowledge search steered by bot.yaml `knowledgeTopics`, for customers who write short, loose questions: the
// topic table names the section that answers ("phí ship về tỉnh" → "Phí vận chuyển"), the search looks for the
// question plus that section's words, the section is fetched on its own when the search missed it, and the
// candidates are re-ranked by the words they share with the question. A short follow-up that matches one of
// `followUp` and finds nothing leans on the customer's previous message ("and for shoes?").
import type { BotConfig } from '../bot/config.ts';
import { createTopicRouter, isTopicSection, type TopicRouter } from '../knowledge/topics.ts';
import { foldPreservingOffsets } from '../text/index.ts';
import type { Passage, TurnContext } from './types.ts';

/** How many candidates the knowledge search returns for re-ranking. */
const CANDIDATES = 8;
/** A follow-up longer than this is a question of its own. */
const FOLLOW_UP_WORDS = 8;

const routers = new WeakMap<BotConfig, TopicRouter | null>();

/** The topic router of a bot's `knowledgeTopics` (built once per loaded config); undefined without the key. */
export function topicRouterFor(config: BotConfig): TopicRouter | undefined {
  let router = routers.get(config);
  if (router === undefined) {
    const t = config.knowledgeTopics;
    router = t ? createTopicRouter(t) : null;
    routers.set(config, router);
  }
  return router ?? undefined;
}

/** A ranker with no topic table, for bots without `knowledgeTopics`: passages ranked by the words they share. */
const plainRanker = createTopicRouter({ topics: [] });

/** The bot's `knowledgeTopics` ranker, else the plain one. */
export function rankerFor(config: BotConfig): TopicRouter {
  return topicRouterFor(config) ?? plainRanker;
}

/** A short message that, by the bot's `knowledgeTopics.followUp` patterns, leans on the previous question. */
export function isShortFollowUp(text: string, config: BotConfig): boolean {
  const folded = foldPreservingOffsets(text.normalize('NFC')).trim();
  const words = folded.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length <= FOLLOW_UP_WORDS && (config.knowledgeTopics?.followUp ?? []).some((p) => new RegExp(p, 'u').test(folded));
}

/** The passages that answer `question`, best first, by the topic table and the words they share. */
export async function searchByTopic(ctx: Pick<TurnContext, 'searchKnowledge'>, router: TopicRouter, question: string): Promise<Passage[]> {
  const topic = router.detectTopic(question);
  let candidates = await ctx.searchKnowledge(topic ? `${question} ${topic.section}` : question, CANDIDATES);
  if (topic && !candidates.some((p) => isTopicSection(p, topic))) candidates = [...(await ctx.searchKnowledge(topic.section, 5)), ...candidates];
  return router.rankPassages(question, candidates, topic);
}

/** searchByTopic for the message, then, for a short follow-up that found nothing, with the previous message before it. */
export async function searchWithTopics(ctx: Pick<TurnContext, 'searchKnowledge' | 'text' | 'history' | 'bot'>, router: TopicRouter): Promise<Passage[]> {
  const found = await searchByTopic(ctx, router, ctx.text);
  if (found.length || !isShortFollowUp(ctx.text, ctx.bot)) return found;
  const previous = [...ctx.history].reverse().find((m) => m.role === 'user')?.content;
  return previous ? searchByTopic(ctx, router, `${previous} ${ctx.text}`) : found;
}
