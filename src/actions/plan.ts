// A message made into a clean plan of actions: a planner model's reply read against bot.yaml (`readPlanReply`, the
// intents' aliases and slot kinds) and the slot declarations' planner keys applied (a pointer is no value, the name
// beside an id, a value read as one of a few); or, without a usable reply, the message's requests as the runtime
// read them (`ctx.commands()`). Either way duplicates are dropped and the `understanding.exclusive` intents (help)
// stand alone only when there is nothing else to do.
import type { BotConfig } from '../bot/config.ts';
import { readPlanReply, refValue, type PlannedAction } from '../llm/plan-reply.ts';
import { parseObjectLoose } from '../llm/literal.ts';
import { referenceReader, toLanguage, type CommandClause } from '../nlu/index.ts';
import { foldPreservingOffsets } from '../text/index.ts';
import type { QueuedAction } from './queue.ts';

/** A planned action: an intent of the bot with its slots by name. */
export interface PlanAction extends QueuedAction {
  slots: Record<string, unknown>;
}

export interface Plan {
  actions: PlanAction[];
  /** false when the reply could not be used at all (not JSON, no actions list, nothing known): plan locally. */
  usable: boolean;
  problems: string[];
}

type PlanBot = Pick<BotConfig, 'intents' | 'language' | 'timeZone' | 'references' | 'understanding'>;
type SlotSpec = BotConfig['intents'][string]['slots'][string];

const fold = (text: string) => foldPreservingOffsets(text);

/** A value read as one of `values` (the first whose words its folded text holds), else `otherwise`. */
function oneOf(value: unknown, spec: SlotSpec): unknown {
  const folded = fold(String(value));
  const found = Object.entries(spec.values ?? {}).find(([name, words]) => [name, ...words].some((w) => folded.includes(fold(w))));
  return found ? found[0] : spec.otherwise ?? value;
}

/** The name beside an id in a ref given as an object ({'nome': 'Lennon', 'id': UUID('…')}), when it is not the value. */
function nameBeside(raw: unknown, value: unknown): string | undefined {
  const given = parseObjectLoose(raw);
  const name = given ? refValue(given.nome ?? given.name ?? given.nombre) : undefined;
  return name && name !== value ? name : undefined;
}

/** The planner keys of each slot declaration applied to an action the reply gave. */
function plannedSlots(action: PlannedAction, bot: PlanBot): Record<string, unknown> {
  const specs = Object.entries(bot.intents[action.intent]?.slots ?? {});
  const lang = toLanguage(bot.language);
  const references = Object.values(bot.references).map((nouns) => referenceReader(lang, nouns));
  const pointsOnly = (v: unknown) => typeof v === 'string' && references.some((r) => r.isOnly(v));
  const out: Record<string, unknown> = { ...action.slots };
  // "ele", "esse lead": a pointer at what the conversation remembers, which the action falls back to.
  for (const [slot, spec] of specs) if (spec.kind === 'ref' && pointsOnly(out[slot])) delete out[slot];
  for (const [slot, spec] of specs) {
    // The id is the slot's value; the name is kept for when the id is unknown.
    const name = spec.nameSlot && action.raw[slot] !== undefined ? nameBeside(action.raw[slot], out[slot]) : undefined;
    if (name) out[spec.nameSlot!] = name;
    if (spec.values && out[slot] !== undefined) out[slot] = oneOf(out[slot], spec);
  }
  return out;
}

/** Slots as one comparable string: keys sorted, texts folded and their spaces collapsed. */
function sortedJson(v: unknown): string {
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${sortedJson(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(typeof v === 'string' ? fold(v).replace(/\s+/g, ' ').trim() : v);
}

/** An action's identity: its intent and its slots, case, accents and spacing aside. */
export function actionKey(action: QueuedAction): string {
  return `${action.intent}|${sortedJson(action.slots)}`;
}

/** The actions without repeats (the first of each identity kept). */
export function dedupeActions<A extends QueuedAction>(actions: A[]): A[] {
  const seen = new Set<string>();
  return actions.filter((a) => {
    const k = actionKey(a);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** The exclusive intents (help) dropped when there is anything else to do; else the first action alone. */
function standingAlone<A extends QueuedAction>(actions: A[], bot: PlanBot): A[] {
  const real = actions.filter((a) => !bot.understanding.exclusive.includes(a.intent));
  return real.length ? real : actions.slice(0, 1);
}

/** A planner model's reply as the bot's plan; never throws. */
export function readPlan(raw: unknown, bot: PlanBot, now: Date): Plan {
  const reply = readPlanReply(raw, bot.intents, { lang: toLanguage(bot.language), now, timeZone: bot.timeZone });
  const actions = reply.actions.map((a) => ({ intent: a.intent, slots: plannedSlots(a, bot) }));
  return { actions: standingAlone(dedupeActions(actions), bot), usable: reply.usable, problems: reply.problems };
}

/** The message's requests (intent and slots, read by the runtime) as actions; nothing to do is the fallback intent. */
export function localPlan(clauses: Pick<CommandClause, 'intent' | 'slots'>[], bot: PlanBot): PlanAction[] {
  const actions = clauses.filter((c) => c.intent in bot.intents).map((c) => ({ intent: c.intent, slots: { ...c.slots } }));
  const real = dedupeActions(actions.filter((a) => !bot.understanding.exclusive.includes(a.intent)));
  return real.length ? real : [{ intent: bot.understanding.fallback, slots: {} }];
}
