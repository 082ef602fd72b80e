// Which knowledge passage answers a shop question: the runtime's topic router (createTopicRouter) over
// bot.yaml settings.knowledge_topics, with the shop's teen-code, stopwords and "thời trang" as a domain phrase.
import { type BotConfig, createTopicRouter, type TopicRouter } from 'switchboard';
import { fashionConfig } from './entities.ts';

const routers = new WeakMap<BotConfig, TopicRouter>();

/** The topic router of a loaded bot.yaml (this bot's by default). */
export function topicRouter(config: BotConfig = fashionConfig()): TopicRouter {
  let router = routers.get(config);
  if (!router) {
    const s = config.settings as Record<string, any>;
    router = createTopicRouter({
      topics: Array.isArray(s.knowledge_topics) ? s.knowledge_topics.map((t: any) => ({ section: String(t.section), cues: (t.cues ?? []).map(String) })) : [],
      expansions: s.teen_code ?? {},
      stopwords: String(s.stopwords ?? ''),
      domainPhrases: s.domain_phrases ?? [],
    });
    routers.set(config, router);
  }
  return router;
}
