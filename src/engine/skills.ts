// What a built-in skill does in a turn: a request for a person hands off with the bot's hand-over text, out of
// scope gets the bot's fallback (its reply or its fallback intent's specialist, never the bot's own routing, so no
// action runs, unless that routing sends it to a form that reads every message: an onboarding required first),
// small talk the bot's reply of that kind (before a waiting form's question again). A bot's own intents
// come first: a handoff intent it chose, a skill mapped to one of its intents (`skills.<name>.intent`), a workflow or
// form waiting for an answer, a route of its own.
import type { Language, Understanding } from '../nlu/types.ts';
import { createSkillDetector, decideSkill, SKILL_THRESHOLDS, SMALL_TALK, skillReply, type SkillDetector, type SkillKind } from '../skills/index.ts';
import type { LoadedBot } from './registry.ts';

export interface SkillOutcome {
  routes: string[];
  handoff: { reason: string; intent?: string } | null;
}

export interface Waiting {
  workflow: boolean;
  /** The intents of the forms waiting for an answer. */
  forms: string[];
  /** The message says a form's cancel phrase: the form's business. */
  cancel: boolean;
}

/**
 * The outcome of the skill `understanding` carries, or null when the bot handles the message itself. May set
 * `understanding.intents` (the bot's fallback or mapped intent), `understanding.reply` (a fixed text) and
 * `understanding.lead` (small talk before a pending question).
 */
export function skillOutcome(bot: LoadedBot, understanding: Understanding, waiting: Waiting): SkillOutcome | null {
  const skill = understanding.skill;
  if (!skill) return null;
  const { config } = bot;
  const fallback = config.understanding.fallback;
  const as = (id: string) => (understanding.intents = [{ id, confidence: skill.confidence }]);

  if (skill.kind === 'human') {
    const settings = config.skills.human;
    if (!settings.enabled) return null;
    // The bot's own handoff intent already covers it: one whose examples ask for a person, or any when the request
    // names the bot's things ("quiero poner una queja, pásame con el gerente"). A bare request for a person that
    // the classifier gave to a handoff intent of another kind (a complaint) is this skill's, with the bot's
    // hand-over text rather than that intent's.
    const own = understanding.intents.filter((i) => bot.intents[i.id]?.handoff);
    if (own.length && (skill.mentionsBot || own.some((i) => i.id === settings.intent || personIntents(bot).has(i.id)))) return null;
    if (settings.intent) {
      as(settings.intent);
      if (bot.intents[settings.intent]?.handoff) return { routes: [], handoff: { reason: bot.intents[settings.intent].label, intent: settings.intent } };
      return { routes: [settings.intent], handoff: null };
    }
    as('human');
    if (settings.reply) understanding.reply = settings.reply;
    return { routes: [], handoff: { reason: skillReply('handoff_reason', bot.config.language) } };
  }

  // What a workflow or flow waits for ("tanto faz", a course name) is the bot's to read; small talk alone is not
  // (the understander keeps such a verdict while a form waits only when the message carries nothing it reads).
  if (waiting.cancel) return null;
  if ((waiting.workflow || waiting.forms.length) && skill.kind !== 'out_of_scope') return smallTalkAside(bot, understanding, waiting.forms);
  if (waiting.workflow || waiting.forms.length) return null;
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

  // Small talk: after the bot's own routing (smallTalkOutcome).
  return null;
}

/**
 * Out of scope goes to the fallback, never the bot's own routing, with one exception: where the bot's router sends
 * the message to one of its bot-routed forms (`routing: bot`, every message an answer: an onboarding it requires
 * before anything else), that form reads it. The routes to follow instead of `outcome`'s, or null.
 */
export async function formTakesOutOfScope(
  bot: LoadedBot,
  understanding: Understanding,
  outcome: SkillOutcome,
  route: (() => Promise<string[]> | string[]) | undefined,
): Promise<string[] | null> {
  if (!route || understanding.skill?.kind !== 'out_of_scope' || outcome.handoff || understanding.reply) return null;
  const forms = bot.config.forms ?? {};
  const routes = await route();
  return routes.length > 0 && routes.every((r) => forms[r]?.routing === 'bot') ? routes : null;
}

/**
 * Small talk outside a waiting form or workflow, once the bot's own refinement and routing ran (`routes`): a bot
 * that sends the message somewhere of its own (an onboarding) keeps it. Sets `understanding.intents` (the bot's
 * fallback) and `understanding.reply`, or returns null.
 */
export function smallTalkOutcome(bot: LoadedBot, understanding: Understanding, routes: string[]): SkillOutcome | null {
  const skill = understanding.skill;
  const settings = bot.config.skills.smalltalk;
  if (!skill || !SMALL_TALK.includes(skill.kind) || !settings.enabled) return null;
  const intents = understanding.intents.map((i) => i.id);
  const rerouted = routes.some((r) => !intents.includes(r));
  if (rerouted || !smallTalkIsRuntimes(bot, understanding, skill.kind, skill.confidence)) return null;
  const target = settings.intent ?? bot.config.understanding.fallback;
  understanding.intents = [{ id: target, confidence: skill.confidence }];
  if (settings.intent) return { routes: [settings.intent], handoff: null };
  understanding.reply = smallTalkReply(bot, skill.kind, false);
  return { routes: [], handoff: null };
}

/**
 * Whether the runtime answers this small talk rather than the bot's own reading: where the bot is unsure; where it
 * chose its fallback, unless that fallback has examples of this kind and the bot no reply of it (its fallback then
 * answers, a help text say); and over one of its own intents when the detector is all but sure (a bot's own greeting
 * intent shares the skills' lines, so its greetings never read that surely as small talk).
 */
function smallTalkIsRuntimes(bot: LoadedBot, understanding: Understanding, kind: SkillKind, confidence: number): boolean {
  if (understanding.unsure) return true;
  const { config } = bot;
  if (!understanding.intents.every((i) => i.id === config.understanding.fallback)) return confidence >= (kind === 'bot_question' ? SKILL_THRESHOLDS.botQuestionOverBot : SKILL_THRESHOLDS.smallTalkOverBot);
  const ownReply = Boolean(config.skills.smalltalk.replies[kind as keyof typeof config.skills.smalltalk.replies] || config.replies[kind]);
  return ownReply || !fallbackSmallTalk(bot).has(kind);
}

/**
 * A handoff intent that local understanding chose but the skills read as something else (out of scope, small talk:
 * "¿eres un robot?" to a bot whose only handoff intent is a complaint; out of scope while a form waits) is not
 * followed: no side effect on doubt. With nothing else understood, the message goes to the fallback, unsure (a
 * waiting form reads it as its answer). A model's choice stands.
 */
export function dropDoubtedHandoffs(bot: LoadedBot, understanding: Understanding): void {
  const verdict = understanding.skill ?? understanding.skillAside;
  if (understanding.source !== 'local' || !verdict || verdict.kind === 'human') return;
  const kept = understanding.intents.filter((i) => !bot.intents[i.id]?.handoff);
  if (kept.length === understanding.intents.length) return;
  if (kept.length) understanding.intents = kept;
  else {
    understanding.intents = [{ id: bot.config.understanding.fallback, confidence: verdict.confidence }];
    understanding.unsure = true;
  }
}

const personKinds = new WeakMap<LoadedBot, Set<string>>();
/** Per language, a detector that knows no bot: it reads a bot's own examples as any customer's message. */
const plainDetectors = new Map<Language, SkillDetector>();

/**
 * The bot's handoff intents whose examples are requests for a person (at least half of them, read by the skills
 * without the bot's own examples, which the bot's detector takes as its business).
 */
function personIntents(bot: LoadedBot): Set<string> {
  let ids = personKinds.get(bot);
  if (ids) return ids;
  const handoffs = Object.entries(bot.intents).filter(([, intent]) => intent.handoff && intent.examples.length > 0);
  let detector = plainDetectors.get(bot.language);
  if (!detector && handoffs.length) plainDetectors.set(bot.language, (detector = createSkillDetector({ language: bot.language, domain: {} })));
  ids = new Set(
    handoffs
      .filter(([, intent]) => {
        const asks = intent.examples.filter((text) => {
          const reading = detector?.read(text);
          return reading && decideSkill(reading)?.kind === 'human';
        });
        return asks.length * 2 >= intent.examples.length;
      })
      .map(([id]) => id),
  );
  personKinds.set(bot, ids);
  return ids;
}

const fallbackKinds = new WeakMap<LoadedBot, Set<SkillKind>>();
/** At least this many of the fallback's examples of a kind make it the fallback's own (one stray line does not). */
const FALLBACK_KIND_EXAMPLES = 2;

/** The kinds of small talk the bot's fallback intent has examples of (read once, on the first small talk). */
function fallbackSmallTalk(bot: LoadedBot): Set<SkillKind> {
  let kinds = fallbackKinds.get(bot);
  if (kinds) return kinds;
  const detector = bot.skills?.();
  const counts = new Map<SkillKind, number>();
  for (const text of bot.intents[bot.config.understanding.fallback]?.examples ?? []) {
    const reading = detector?.read(text);
    const verdict = reading && decideSkill(reading);
    if (verdict && SMALL_TALK.includes(verdict.kind)) counts.set(verdict.kind, (counts.get(verdict.kind) ?? 0) + 1);
  }
  kinds = new Set([...counts].filter(([, n]) => n >= FALLBACK_KIND_EXAMPLES).map(([k]) => k));
  fallbackKinds.set(bot, kinds);
  return kinds;
}

/**
 * Small talk while a form or workflow waits: its reply (`<kind>_short` when the bot has one) leads the turn and the
 * form asks its pending question again; a workflow's own routing goes on (it asks again, or says nothing more).
 */
function smallTalkAside(bot: LoadedBot, understanding: Understanding, forms: string[]): SkillOutcome | null {
  const settings = bot.config.skills.smalltalk;
  if (!settings.enabled || settings.intent || !understanding.skill) return null;
  understanding.lead = smallTalkReply(bot, understanding.skill.kind, true);
  if (!forms.length) return null;
  understanding.intents = [{ id: bot.config.understanding.fallback, confidence: understanding.skill.confidence }];
  return { routes: forms, handoff: null };
}

/** A small-talk kind's text: `skills.smalltalk.replies`, else the bot's reply of that name (or `<kind>_short` before a question), else the runtime's. */
function smallTalkReply(bot: LoadedBot, kind: SkillKind, short: boolean): string {
  const { config } = bot;
  const own = config.skills.smalltalk.replies[kind as keyof typeof config.skills.smalltalk.replies];
  return own ?? ((short && config.replies[`${kind}_short`]) || skillReply(kind, config.language, config.replies));
}
