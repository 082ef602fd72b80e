// What a bot's own words say about a message: its regex entities and gazetteers from bot.yaml, for the bot's code
// (`ctx.says('salud')`, `ctx.mentioned('tema_tienda')`, `botVocabulary(import.meta.url)` in a module) and for
// `understanding.refine` rules (`says:`), so no bot reads its bot.yaml again to know what it already declares.
import { findMentions, readPattern, SlotText } from '../nlu/index.ts';
import { fold } from '../text/index.ts';
import type { Gazetteer, PatternEntity } from '../nlu/types.ts';
import type { Mention } from '../nlu/mentions.ts';
import type { BotConfig } from './config.ts';

export interface BotVocabulary {
  /** What one of bot.yaml's regex entities of this type matches in the text, folded; undefined when none does. */
  says(type: string, text: string): string | undefined;
  /** Every value of bot.yaml's gazetteer of this type the text names, in the order the gazetteer lists them. */
  mentioned(type: string, text: string): string[];
  /** Each mention of a value of bot.yaml's gazetteer of this type, where the text names it (a longer mention wins; none inside its `notInside` types'). */
  mentions(type: string, text: string): Mention[];
  /** bot.yaml's gazetteer of this type (an empty one when there is none). */
  gazetteer(type: string): Gazetteer;
  /** bot.yaml's regex entities of this type. */
  entities(type: string): PatternEntity[];
  /** The rows of one of bot.yaml's `data:` tables, checked at load (T: the row as the bot's code reads it). */
  data<T = Record<string, unknown>>(name: string): T[];
}

const vocabularies = new WeakMap<BotConfig, BotVocabulary>();

/** The vocabulary of a bot's configuration (built once per configuration). */
export function vocabularyOf(config: BotConfig): BotVocabulary {
  let vocabulary = vocabularies.get(config);
  if (!vocabulary) vocabularies.set(config, (vocabulary = buildVocabulary(config)));
  return vocabulary;
}

function buildVocabulary(config: BotConfig): BotVocabulary {
  const gazetteer = (type: string): Gazetteer => config.gazetteers.find((g) => g.type === type) ?? { type, values: {} };
  const entities = (type: string) => config.entities.filter((e) => e.type === type);
  const mentions = (type: string, text: string) => {
    const g = config.gazetteers.find((x) => x.type === type);
    return g ? findMentions(text, g, { notInside: (g.notInside ?? []).map(gazetteer) }) : [];
  };
  return {
    gazetteer,
    entities,
    data<T>(name: string): T[] {
      const table = config.data[name];
      if (!table) throw new Error(`bot '${config.id}': no data.${name} in bot.yaml (${Object.keys(config.data).join(', ') || 'none'})`);
      return table.rows as T[];
    },
    says(type, text) {
      const read = readPattern(new SlotText(text), entities(type));
      return read && fold(text.slice(read.start, read.end));
    },
    mentions,
    mentioned(type, text) {
      const found = new Set(mentions(type, text).map((m) => m.value));
      return Object.keys(gazetteer(type).values).filter((v) => found.has(v));
    },
  };
}
