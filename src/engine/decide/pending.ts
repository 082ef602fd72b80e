// A form or workflow waits for an answer: what it waits for ("tanto faz", a course name) is the bot's to read.
// Small talk alone is answered aside (`<kind>_short` when the bot has one) and the form asks its pending question
// again; a workflow's own routing goes on after the line. Out of scope never decides here (the form reads what it
// can), nor does small talk the bot maps to an intent of its own.
import type { SkillKind } from '../../skills/index.ts';
import { ownRouting } from './hand-over.ts';
import { smallTalkReply } from './skill-texts.ts';
import type { Policy } from './types.ts';

export const pendingPolicy: Policy = {
  name: 'pending',
  async decide(input) {
    const { bot, understanding, waiting } = input;
    if (!waiting.workflow && !waiting.forms.length) return null;
    const skill = understanding.skill;
    const settings = bot.config.skills.smalltalk;
    const what = waiting.forms.length ? `the form of '${waiting.forms.join("', '")}' waits` : 'a workflow waits';
    // A request for a person is never small talk: the person policy or the bot's own handoff intent takes it.
    const aside = skill && skill.kind !== 'out_of_scope' && skill.kind !== 'human' && settings.enabled && !settings.intent;
    if (!aside) return ownRouting(input, understanding, 'pending', what, { smallTalk: false });
    const lead = smallTalkReply(bot, skill.kind as SkillKind, true);
    if (!waiting.forms.length) return ownRouting(input, understanding, 'pending', `${what}; ${skill.kind} answered aside`, { smallTalk: false, lead });
    const intents = [{ id: bot.config.understanding.fallback, confidence: skill.confidence }];
    return { policy: 'pending', why: `${what}; ${skill.kind} answered aside, the form asks again`, intents, routes: waiting.forms, handoff: null, lead, ...(understanding.unsure ? { unsure: true } : {}), ...(understanding.reply ? { reply: understanding.reply } : {}) };
  },
};
