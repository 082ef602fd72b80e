// bot.yaml `understanding.refine` at work: the rules, in order, correct the intents understanding chose; the first
// that holds decides (one with `continue: true` lets the later rules run on its result). Then the bot's own
// `refineIntents` hook, if any, sees the result. A rule's `check` names a predicate of the bot's code (defineBot
// `predicates`), for what only the bot's data knows (a catalogue lookup).
import { nameList, predicateUses, usesPrevious, type RefineClause, type RefineRule, type RefineWhen } from '../bot/refine-schema.ts';
import type { BotConfig } from '../bot/config.ts';
import { isGreeting } from '../handoff/index.ts';
import { readBotQuery, splitClauses } from '../nlu/index.ts';
import { vocabularyOf } from '../bot/vocabulary.ts';
import type { Language } from '../nlu/types.ts';
import { fold } from '../text/index.ts';
import { isShortFollowUp, topicRouterFor } from './topic-search.ts';
import type { BotDefinition, RefinePredicate, RouteContext } from './types.ts';

/** The conversation memory key where the runtime keeps the intents of the last turn the bot's specialists answered. */
export const PREVIOUS_INTENTS_KEY = '_intents';

/** The refined intents, and for the trace the rules that changed them ("understanding.refine[2] (name): a → b"). */
export interface Refinement {
  intents: string[];
  rule?: string;
}

type Predicates = Record<string, RefinePredicate>;

/** What the conditions read: the turn, the bot's predicates, and the intents so far. */
interface Turn {
  ctx: RouteContext;
  predicates: Predicates;
  intents: string[];
}

/** The intents of the last turn the bot's specialists answered (none on a conversation's first turn). */
export function previousIntents(memory: Record<string, unknown>): string[] {
  const kept = memory[PREVIOUS_INTENTS_KEY];
  return Array.isArray(kept) ? kept.filter((i): i is string => typeof i === 'string') : [];
}

/** The memory update that keeps a turn's intents for the next turn's rules; none when no rule reads them. */
export function keptIntents(config: BotConfig, routes: readonly string[], intents: readonly string[]): Record<string, unknown> | undefined {
  return routes.length && usesPrevious([...config.understanding.refine, ...config.routing.rules]) ? { [PREVIOUS_INTENTS_KEY]: [...intents] } : undefined;
}

/** The bot's rules, then its `refineIntents` hook on what they left. */
export async function refineTurnIntents(definition: Pick<BotDefinition, 'predicates' | 'refineIntents'>, ctx: RouteContext): Promise<Refinement> {
  const ruled = await refineByRules(ctx, (definition.predicates ?? {}) as Predicates);
  if (!definition.refineIntents) return ruled;
  return { ...ruled, intents: await definition.refineIntents({ ...ctx, intents: ruled.intents }) };
}

/** The intents after bot.yaml's `understanding.refine` rules. */
export async function refineByRules(ctx: RouteContext, predicates: Predicates): Promise<Refinement> {
  const rules = ctx.bot.understanding.refine;
  let intents = ctx.intents;
  const changes: string[] = [];
  for (const [i, rule] of rules.entries()) {
    const turn = { ctx, predicates, intents };
    const next = target(rule, turn);
    if (!next || !(await holds(rule.when, turn))) continue;
    if (next.join() !== intents.join()) changes.push(`understanding.refine[${i}]${rule.name ? ` (${rule.name})` : ''}: ${intents.join(', ') || 'nothing'} → ${next.join(', ')}`);
    intents = next;
    if (!rule.continue || rule.then === 'keep') break;
  }
  return { intents, ...(changes.length ? { rule: changes.join('; ') } : {}) };
}

/** The intents a rule gives; undefined when it has none to give (no previous turn, no best guess). */
function target(rule: RefineRule, { ctx, intents }: Turn): string[] | undefined {
  if (Array.isArray(rule.then)) return rule.then;
  if (rule.then === 'keep') return intents;
  if (rule.then === 'previous') {
    const previous = previousIntents(ctx.memory);
    return previous.length ? previous : undefined;
  }
  const best = ctx.understanding.scores?.[0]?.id;
  return best ? [best] : undefined;
}

/** Whether every condition of `when` holds for the turn (shared with bot.yaml `routing.rules`, src/engine/route-rules.ts). */
export function conditionsHold(when: RefineWhen, ctx: RouteContext, predicates: Predicates): Promise<boolean> {
  return holds(when, { ctx, predicates, intents: ctx.intents });
}

/** Whether every condition of `when` holds. */
async function holds(when: RefineWhen, turn: Turn): Promise<boolean> {
  return TURN_CHECKS.every((check) => check(when, turn)) && (await textHolds(when, turn.ctx.text, turn)) && (await clausesHold(when, turn));
}

const anyOf = (wanted: string | string[] | undefined, have: readonly string[]) => wanted === undefined || nameList(wanted).some((id) => have.includes(id));

const TURN_CHECKS: ((when: RefineWhen, turn: Turn) => boolean)[] = [
  (w, { intents }) => anyOf(w.intents, intents),
  (w, { intents }) => w.only === undefined || w.only === (intents.length === 1),
  (w, { ctx }) => w.source === undefined || w.source === ctx.understanding.source,
  (w, { ctx }) => w.unsureBest === undefined || (ctx.understanding.unsure === true && anyOf(w.unsureBest, ctx.understanding.scores?.slice(0, 1).map((s) => s.id) ?? [])),
  (w, { ctx }) => w.previous === undefined || anyOf(w.previous, previousIntents(ctx.memory)),
];

/** `clauses: { one, other }`: two different clauses of the message, one meeting `one`, the other `other`. */
async function clausesHold(when: RefineWhen, turn: Turn): Promise<boolean> {
  if (!when.clauses) return true;
  const clauses = splitClauses(turn.ctx.text, turn.ctx.bot.language.slice(0, 2) as Language);
  if (clauses.length < 2) return false;
  const one: boolean[] = [];
  const other: boolean[] = [];
  for (const c of clauses) {
    one.push(await textHolds(when.clauses.one, c, turn));
    other.push(await textHolds(when.clauses.other, c, turn));
  }
  return one.some((o, i) => o && other.some((x, j) => x && j !== i));
}

/** Whether every text condition of `cond` holds for `text` (the message or one clause). */
async function textHolds(cond: RefineClause, text: string, turn: Turn): Promise<boolean> {
  const { bot } = turn.ctx;
  if (!TEXT_CHECKS.every((check) => check(cond, text, bot))) return false;
  for (const name of nameList(cond.check)) if (!(await predicate(turn, name)(text, turn.ctx))) return false;
  for (const name of nameList(cond.notCheck)) if (await predicate(turn, name)(text, turn.ctx)) return false;
  return true;
}

function predicate(turn: Turn, name: string): RefinePredicate {
  const p = turn.predicates[name];
  if (!p) throw new Error(`bot '${turn.ctx.bot.id}': a rule names the predicate '${name}', which the bot's index.ts does not export in predicates`);
  return p;
}

const TEXT_CHECKS: ((cond: RefineClause, text: string, bot: BotConfig) => boolean)[] = [
  (c, text, bot) => nameList(c.says).every((type) => says(bot, type, text)),
  (c, text, bot) => !nameList(c.notSays).some((type) => says(bot, type, text)),
  (c, text) => c.maxWords === undefined || wordCount(text) <= c.maxWords,
  (c, text, bot) => c.greeting === undefined || c.greeting === isGreeting(text, bot.language, bot.greetings),
  (c, text, bot) => c.topic === undefined || topicMeets(c.topic, topicOf(bot, text)),
  (c, text, bot) => c.shortFollowUp === undefined || c.shortFollowUp === isShortFollowUp(text, bot),
  (c, text, bot) => Object.entries(c.reads ?? {}).every(([query, fields]) => readsAny(bot, query, nameList(fields), text)),
];

/** A regex entity of this type matches the text, or a gazetteer of this type names something in it. */
function says(bot: BotConfig, type: string, text: string): boolean {
  const vocabulary = vocabularyOf(bot);
  return vocabulary.says(type, text) !== undefined || vocabulary.mentioned(type, text).length > 0;
}

const wordCount = (text: string) => (fold(text).match(/[\p{L}\p{N}]+/gu) ?? []).length;

/** `strong` when a strong cue of the topic table finds a topic, true when only a weak one does, false for none. */
function topicOf(bot: BotConfig, text: string): boolean | 'strong' {
  const router = topicRouterFor(bot);
  if (!router?.detectTopic(text)) return false;
  return router.detectTopic(text, { strongOnly: true }) ? 'strong' : true;
}

/** `topic: true` takes any topic, `strong` one found by a strong cue, `false` none. */
function topicMeets(wanted: boolean | 'strong', found: boolean | 'strong'): boolean {
  if (wanted === false) return found === false;
  return wanted === true ? found !== false : found === 'strong';
}

function readsAny(bot: BotConfig, query: string, fields: string[], text: string): boolean {
  const read = readBotQuery(bot, query, text);
  return fields.some((f) => read[f] !== undefined);
}

/** Every predicate the rules name (`understanding.refine` and `routing.rules`) is one the bot's code gives (checked when the bot loads). */
export function checkRefinePredicates(config: BotConfig, definition: Pick<BotDefinition, 'predicates'>): void {
  for (const { name, path } of [...predicateUses(config.understanding.refine, ['understanding', 'refine']), ...predicateUses(config.routing.rules, ['routing', 'rules'])]) {
    if (!definition.predicates?.[name]) throw new Error(`bot '${config.id}': ${formatPath(path)} names '${name}', which the bot's index.ts does not export in predicates`);
  }
}

/** ['understanding', 'refine', 2, 'when', 'check'] → understanding.refine[2].when.check */
const formatPath = (path: (string | number)[]) => path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i ? `.${p}` : p)).join('');
