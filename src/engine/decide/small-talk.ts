// Small talk outside a waiting form or workflow, once the bot's own refinement and routing ran: a bot that sends
// the message somewhere of its own (an onboarding) keeps it; else the runtime answers where the bot is unsure or
// chose its fallback (or the detector is all but sure), with the bot's reply of that kind or its mapped intent.
import { SMALL_TALK } from '../../skills/index.ts';
import { ownReading } from './own-reading.ts';
import { smallTalkIsRuntimes, smallTalkReply } from './skill-texts.ts';
import type { Policy } from './types.ts';

export const smallTalkPolicy: Policy = {
  name: 'small_talk',
  async decide(input) {
    const { bot, understanding, waiting } = input;
    const skill = understanding.skill;
    const settings = bot.config.skills.smalltalk;
    if (!skill || !SMALL_TALK.includes(skill.kind) || !settings.enabled) return null;
    if (waiting.workflow || waiting.forms.length || waiting.cancel) return null;
    const reading = await ownReading(input);
    const intents = reading.understanding.intents.map((i) => i.id);
    const rerouted = (await reading.routes()).some((r) => !intents.includes(r));
    if (rerouted || !smallTalkIsRuntimes(bot, reading.understanding, skill)) return null;
    const target = settings.intent ?? bot.config.understanding.fallback;
    const why = `small talk (${skill.kind}, ${skill.confidence.toFixed(2)})`;
    const base = { policy: 'small_talk' as const, why, intents: [{ id: target, confidence: skill.confidence }], handoff: null, ...(reading.understanding.unsure ? { unsure: true } : {}) };
    if (settings.intent) return { ...base, routes: [settings.intent] };
    return { ...base, routes: [], reply: smallTalkReply(bot, skill.kind, false) };
  },
};
