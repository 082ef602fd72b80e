// Gazetteers with an `intent`: what they list is always that intent's business (a drug → the bot's pharmacology
// intent), whatever the classifier read — a list of names says it better than examples can.
import type { BotConfig } from '../bot/config.ts';
import type { Understanding } from '../nlu/types.ts';

/** When the message names a value of a gazetteer with an `intent`, understanding becomes that intent (sure). */
export function applyNamedIntents(config: BotConfig, understanding: Understanding): void {
  const intentOf = new Map(config.gazetteers.flatMap((g) => (g.intent ? [[g.type, g.intent] as const] : [])));
  if (!intentOf.size) return;
  const named = understanding.entities.find((e) => intentOf.has(e.type));
  if (!named) return;
  understanding.intents = [{ id: intentOf.get(named.type)!, confidence: 1 }];
  delete understanding.unsure;
  // The bot's own business, not out of scope nor small talk; a request for a person still counts.
  if (understanding.skill?.kind !== 'human') delete understanding.skill;
}
