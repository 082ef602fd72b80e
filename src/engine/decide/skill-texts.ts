// What the skill policies know of a bot: which of its handoff intents ask for a person, which small talk its
// fallback answers itself, and the text of a small-talk reply. The readings are cached per intents record, so an
// admin's change to the intents (a new record) is read afresh.
import type { IntentConfig } from '../../bot/config.ts';
import type { Language, Understanding } from '../../nlu/types.ts';
import { createSkillDetector, decideSkill, SKILL_THRESHOLDS, SMALL_TALK, skillReply, type SkillDetector, type SkillKind } from '../../skills/index.ts';
import type { LoadedBot } from '../registry.ts';

const personKinds = new WeakMap<Record<string, IntentConfig>, Set<string>>();
/** Per language, a detector that knows no bot: it reads a bot's own examples as any customer's message. */
const plainDetectors = new Map<Language, SkillDetector>();

/**
 * The bot's handoff intents whose examples are requests for a person (at least half of them, read by the skills
 * without the bot's own examples, which the bot's detector takes as its business).
 */
export function personIntents(bot: LoadedBot): Set<string> {
  let ids = personKinds.get(bot.intents);
  if (ids) return ids;
  const handoffs = Object.entries(bot.intents).filter(([, intent]) => intent.handoff && intent.examples.length > 0);
  let detector = plainDetectors.get(bot.language);
  if (!detector && handoffs.length) plainDetectors.set(bot.language, (detector = createSkillDetector({ language: bot.language, domain: {} })));
  const asksForPerson = (text: string) => {
    const reading = detector?.read(text);
    return reading && decideSkill(reading)?.kind === 'human';
  };
  ids = new Set(handoffs.filter(([, intent]) => intent.examples.filter(asksForPerson).length * 2 >= intent.examples.length).map(([id]) => id));
  personKinds.set(bot.intents, ids);
  return ids;
}

const intentKinds = new WeakMap<Record<string, IntentConfig>, Map<string, Set<SkillKind>>>();
/** At least this many of an intent's examples of a kind make it the intent's own (one stray line does not). */
const OWN_KIND_EXAMPLES = 2;

/** The kinds of small talk an intent of the bot has examples of (read once per intent, on the first small talk). */
function intentSmallTalk(bot: LoadedBot, intent: string): Set<SkillKind> {
  let byIntent = intentKinds.get(bot.intents);
  if (!byIntent) intentKinds.set(bot.intents, (byIntent = new Map()));
  let kinds = byIntent.get(intent);
  if (kinds) return kinds;
  const detector = bot.skills?.();
  const counts = new Map<SkillKind, number>();
  for (const text of bot.intents[intent]?.examples ?? []) {
    const reading = detector?.read(text);
    const verdict = reading && decideSkill(reading);
    if (verdict && SMALL_TALK.includes(verdict.kind)) counts.set(verdict.kind, (counts.get(verdict.kind) ?? 0) + 1);
  }
  kinds = new Set([...counts].filter(([, n]) => n >= OWN_KIND_EXAMPLES).map(([k]) => k));
  byIntent.set(intent, kinds);
  return kinds;
}

/**
 * Whether the runtime answers this small talk rather than the bot's own reading: where the bot is unsure; where it
 * chose its fallback, unless that fallback has examples of this kind and the bot no reply of it (its fallback then
 * answers, a help text say); and over one of its own intents when the detector is all but sure (a bot's own greeting
 * intent shares the skills' lines, so its greetings never read that surely as small talk), or when the message is a
 * short acknowledgement read by its words and none of the chosen intents has examples of its kind.
 */
export function smallTalkIsRuntimes(bot: LoadedBot, understanding: Pick<Understanding, 'intents' | 'unsure'>, skill: { kind: SkillKind; confidence: number; byWords?: boolean }): boolean {
  const { kind, confidence } = skill;
  if (understanding.unsure) return true;
  const { config } = bot;
  const fallback = config.understanding.fallback;
  if (!understanding.intents.every((i) => i.id === fallback)) {
    if (skill.byWords) return !understanding.intents.some((i) => i.id !== fallback && intentSmallTalk(bot, i.id).has(kind));
    return confidence >= (kind === 'bot_question' ? SKILL_THRESHOLDS.botQuestionOverBot : SKILL_THRESHOLDS.smallTalkOverBot);
  }
  const ownReply = Boolean(config.skills.smalltalk.replies[kind as keyof typeof config.skills.smalltalk.replies] || config.replies[kind]);
  return ownReply || !intentSmallTalk(bot, fallback).has(kind);
}

/** A small-talk kind's text: `skills.smalltalk.replies`, else the bot's reply of that name (or `<kind>_short` before a question), else the runtime's. */
export function smallTalkReply(bot: LoadedBot, kind: SkillKind, short: boolean): string {
  const { config } = bot;
  const own = config.skills.smalltalk.replies[kind as keyof typeof config.skills.smalltalk.replies];
  return own ?? ((short && config.replies[`${kind}_short`]) || skillReply(kind, config.language, config.replies));
}
