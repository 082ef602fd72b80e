// Out of scope (the built-in skill) gets the bot's fallback: the skill's reply, else a model-written reply, else the
// bot's off-topic nudge (`replies.out_of_scope`), else its fallback intent's specialist — never the bot's own
// routing, so no action runs. One exception: where the bot's router sends the message to one
// of its bot-routed forms (`routing: bot`, every message an answer: an onboarding it requires first), that form
// reads it.
import type { Decision, Policy } from './types.ts';

export const outOfScopePolicy: Policy = {
  name: 'out_of_scope',
  async decide({ bot, understanding, waiting, route }): Promise<Decision | null> {
    const skill = understanding.skill;
    const settings = bot.config.skills.out_of_scope;
    if (skill?.kind !== 'out_of_scope' || !settings.enabled) return null;
    if (waiting.cancel || waiting.workflow || waiting.forms.length) return null;
    const target = settings.intent ?? bot.config.understanding.fallback;
    const intents = [{ id: target, confidence: skill.confidence }];
    const why = `out of scope (${skill.confidence.toFixed(2)})`;
    const base = { policy: 'out_of_scope' as const, intents, handoff: null, ...(understanding.unsure ? { unsure: true } : {}) };
    if (settings.reply) return { ...base, why, routes: [], reply: settings.reply };
    const routes = route && !understanding.reply ? await botRoutedForms(bot, route(Object.freeze({ ...understanding, intents }), [target])) : undefined;
    if (routes) return { ...base, why: `${why}, read by the bot-routed form '${routes.join("', '")}'`, routes };
    const nudge = understanding.reply || bot.config.replies.out_of_scope;
    return { ...base, why, routes: [target], ...(nudge ? { reply: nudge } : {}) };
  },
};

/** The bot's routes for the message when every one is a bot-routed form (`routing: bot`), else undefined. */
async function botRoutedForms(bot: Parameters<Policy['decide']>[0]['bot'], routing: Promise<string[]>): Promise<string[] | undefined> {
  const forms = bot.config.forms ?? {};
  const routes = await routing;
  return routes.length > 0 && routes.every((r) => forms[r]?.routing === 'bot') ? routes : undefined;
}
