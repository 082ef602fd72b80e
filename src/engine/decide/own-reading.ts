// The bot's own reading of a message once no skill took it: a handoff intent the skills doubt is dropped, the
// bot's refinement (its `understanding.refine` rules, its `refineIntents`, forms' cancel phrases) applied, and its router asked once. Read once per
// understanding and shared by the policies that need it.
import type { Understanding } from '../../nlu/types.ts';
import type { LoadedBot } from '../registry.ts';
import type { Decision, DecisionInput, PolicyName } from './types.ts';

export interface OwnReading {
  /** The understanding with doubted handoffs dropped and the bot's refinement applied. */
  understanding: Readonly<Understanding>;
  /** The bot's routes for it (asked on first call). */
  routes(): Promise<string[]>;
  /** The refine rules that changed the intents, for the decision's `why`. */
  refinedBy?: string;
}

const readings = new WeakMap<Readonly<Understanding>, Promise<OwnReading>>();

/** The bot's own reading of `input.understanding` (memoised per understanding: one refinement and one route a turn). */
export function ownReading(input: DecisionInput): Promise<OwnReading> {
  let reading = readings.get(input.understanding);
  if (!reading) readings.set(input.understanding, (reading = readOwn(input)));
  return reading;
}

async function readOwn(input: DecisionInput): Promise<OwnReading> {
  let understanding = withoutDoubtedHandoffs(input.bot, input.understanding);
  let refinedBy: string | undefined;
  if (input.refine) {
    const refined = await input.refine(understanding);
    const scores = new Map(understanding.intents.map((i) => [i.id, i.confidence]));
    understanding = Object.freeze({ ...understanding, intents: refined.intents.map((id) => ({ id, confidence: scores.get(id) ?? 1 })) });
    refinedBy = refined.rule;
  }
  const ids = understanding.intents.map((i) => i.id);
  let routes: Promise<string[]> | undefined;
  const route = input.route;
  return { understanding, routes: () => (routes ??= route ? route(understanding, ids) : Promise.resolve(ids)), ...(refinedBy ? { refinedBy } : {}) };
}

/**
 * A handoff intent that local understanding chose but the skills read as something else (out of scope, small talk:
 * "¿eres un robot?" to a bot whose only handoff intent is a complaint; out of scope while a form waits) is not
 * followed: no side effect on doubt. With nothing else understood, the message goes to the fallback, unsure (a
 * waiting form reads it as its answer). A model's choice stands.
 */
export function withoutDoubtedHandoffs(bot: LoadedBot, understanding: Readonly<Understanding>): Readonly<Understanding> {
  const verdict = understanding.skill ?? understanding.skillAside;
  if (understanding.source !== 'local' || !verdict || verdict.kind === 'human') return understanding;
  const kept = understanding.intents.filter((i) => !bot.intents[i.id]?.handoff);
  if (kept.length === understanding.intents.length) return understanding;
  if (kept.length) return Object.freeze({ ...understanding, intents: kept });
  return Object.freeze({ ...understanding, intents: [{ id: bot.config.understanding.fallback, confidence: verdict.confidence }], unsure: true });
}

/** A decision on the bot's own reading: its intents, no skill reply. */
export function ownDecision(policy: PolicyName, why: string, reading: OwnReading, routes: string[], over: Partial<Decision> = {}): Decision {
  const { intents, unsure, reply } = reading.understanding;
  const reason = reading.refinedBy ? `${why} (refined by ${reading.refinedBy})` : why;
  return { policy, why: reason, intents, routes, handoff: null, ...(unsure ? { unsure } : {}), ...(reply ? { reply } : {}), ...over };
}
