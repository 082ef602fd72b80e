// Gazetteers with an `intent`: what they list is always that intent's business (a drug → the bot's pharmacology
// intent), whatever the classifier read — a list of names says it better than examples can. Not while a form
// waits (its answer may be such a name).
import type { BotConfig } from '../../bot/config.ts';
import type { Understanding } from '../../nlu/types.ts';
import { ownRouting } from './hand-over.ts';
import type { DecisionInput, Policy } from './types.ts';

/** The intent of the gazetteer value the message names, or null. */
export function namedIntent(config: BotConfig, understanding: Pick<Understanding, 'entities'>, waiting: DecisionInput['waiting']): string | null {
  if (waiting.forms.length) return null;
  const intentOf = new Map(config.gazetteers.flatMap((g) => (g.intent ? [[g.type, g.intent] as const] : [])));
  const named = intentOf.size ? understanding.entities.find((e) => intentOf.has(e.type)) : undefined;
  return named ? intentOf.get(named.type)! : null;
}

/**
 * The understanding as the named intent reads it: that intent, sure; the bot's own business, so no out of scope
 * nor small talk (a request for a person still counts).
 */
export function asNamed(understanding: Readonly<Understanding>, intent: string): Readonly<Understanding> {
  const { unsure: _unsure, skill, ...rest } = understanding;
  return Object.freeze({ ...rest, intents: [{ id: intent, confidence: 1 }], ...(skill?.kind === 'human' ? { skill } : {}) });
}

export const namedIntentPolicy: Policy = {
  name: 'named_intent',
  decide(input) {
    const intent = namedIntent(input.bot.config, input.understanding, input.waiting);
    if (!intent) return null;
    return ownRouting(input, asNamed(input.understanding, intent), 'named_intent', `the message names a value of a gazetteer of '${intent}'`, { smallTalk: false });
  },
};
