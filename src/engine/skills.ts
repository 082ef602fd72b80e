// What a built-in skill does in a turn: a request for a person hands off with the bot's hand-over text, out of
// scope gets the bot's fallback (its reply or its fallback intent's specialist, never the bot's own routing, so no
// action runs), small talk the bot's reply of that kind. A bot's own intents come first: a handoff intent it chose,
// a skill mapped to one of its intents (`skills.<name>.intent`), a workflow or flow waiting for an answer.
import type { Understanding } from '../nlu/types.ts';
import { skillReply } from '../skills/index.ts';
import type { LoadedBot } from './registry.ts';

export interface SkillOutcome {
  routes: string[];
  handoff: { reason: string; intent?: string } | null;
}

/**
 * The outcome of the skill `understanding` carries, or null when the bot handles the message itself. May set
 * `understanding.intents` (the bot's fallback or mapped intent) and `understanding.reply` (a fixed text).
 */
export function skillOutcome(bot: LoadedBot, understanding: Understanding, waiting: { workflow: boolean; flows: boolean }): SkillOutcome | null {
  const skill = understanding.skill;
  if (!skill) return null;
  const { config } = bot;
  const fallback = config.understanding.fallback;
  const as = (id: string) => (understanding.intents = [{ id, confidence: skill.confidence }]);

  if (skill.kind === 'human') {
    const settings = config.skills.human;
    // The bot's own handoff intent already covers it.
    if (!settings.enabled || understanding.intents.some((i) => bot.intents[i.id]?.handoff)) return null;
    if (settings.intent) {
      as(settings.intent);
      if (bot.intents[settings.intent]?.handoff) return { routes: [], handoff: { reason: bot.intents[settings.intent].label, intent: settings.intent } };
      return { routes: [settings.intent], handoff: null };
    }
    as('human');
    if (settings.reply) understanding.reply = settings.reply;
    return { routes: [], handoff: { reason: skillReply('handoff_reason', bot.language) } };
  }

  // What a workflow or flow waits for ("tanto faz", a course name) is the bot's to read.
  if (waiting.workflow || waiting.flows) return null;
  if (skill.kind === 'out_of_scope') {
    const settings = config.skills.out_of_scope;
    if (!settings.enabled) return null;
    const target = settings.intent ?? fallback;
    as(target);
    if (settings.reply) {
      understanding.reply = settings.reply;
      return { routes: [], handoff: null };
    }
    return { routes: [target], handoff: null };
  }

  // Small talk: only where the bot itself is unsure (its own greeting or thanks intent answers otherwise).
  const settings = config.skills.smalltalk;
  if (!settings.enabled || !understanding.unsure) return null;
  if (settings.intent) {
    as(settings.intent);
    return { routes: [settings.intent], handoff: null };
  }
  as(fallback);
  understanding.reply = settings.replies[skill.kind as keyof typeof settings.replies] ?? skillReply(skill.kind, bot.language, config.replies);
  return { routes: [], handoff: null };
}
