// A request for a person (the built-in skill) hands off with the bot's hand-over text, or goes to the intent the
// bot maps it to (`skills.human.intent`). The bot's own handoff intent covers it instead when that intent's
// examples ask for a person, or when the request names the bot's things ("quiero poner una queja, pásame con el
// gerente"); a bare request the classifier gave to a handoff intent of another kind (a complaint) is the skill's.
import { skillReply } from '../../skills/index.ts';
import { namedIntent } from './named-intent.ts';
import { personIntents } from './skill-texts.ts';
import type { Decision, Policy } from './types.ts';

export const personPolicy: Policy = {
  name: 'person',
  decide({ bot, understanding, waiting }): Decision | null {
    const skill = understanding.skill;
    const settings = bot.config.skills.human;
    if (skill?.kind !== 'human' || !settings.enabled) return null;
    // A named intent stands for what the classifier read.
    const named = namedIntent(bot.config, understanding, waiting);
    const own = (named ? [named] : understanding.intents.map((i) => i.id)).filter((id) => bot.intents[id]?.handoff);
    if (own.length && (skill.mentionsBot || own.some((id) => id === settings.intent || personIntents(bot).has(id)))) return null;
    const why = `a request for a person (${skill.confidence.toFixed(2)})`;
    const base = { policy: 'person' as const, ...(understanding.unsure ? { unsure: true } : {}), ...(understanding.reply ? { reply: understanding.reply } : {}) };
    const mapped = settings.intent;
    if (mapped) {
      const intents = [{ id: mapped, confidence: skill.confidence }];
      if (bot.intents[mapped]?.handoff) return { ...base, why: `${why}, to the bot's handoff intent '${mapped}'`, intents, routes: [], handoff: { reason: bot.intents[mapped].label, intent: mapped } };
      return { ...base, why: `${why}, to the bot's intent '${mapped}'`, intents, routes: [mapped], handoff: null };
    }
    const handoff = { reason: skillReply('handoff_reason', bot.config.language) };
    return { ...base, why, intents: [{ id: 'human', confidence: skill.confidence }], routes: [], handoff, ...(settings.reply ? { reply: settings.reply } : {}) };
  },
};
