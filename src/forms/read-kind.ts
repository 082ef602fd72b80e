// Reading one value of one kind out of a message with the runtime's slot readers: the reader a slot's kind names
// (./reading-kinds.ts), over the gazetteers and place indexes compiled from the bot's data and vocabulary.
import type { BotConfig } from '../bot/config.ts';
import {
  extendGazetteer,
  placeIndex,
  placeState,
  readGazetteer,
  readHousehold,
  readMoney,
  readNumber,
  readPattern,
  readPersonName,
  readPlace,
  type PlaceIndex,
  type SlotText,
} from '../nlu/index.ts';
import type { Gazetteer, Language, PatternEntity } from '../nlu/types.ts';
import type { Reader } from './reading-kinds.ts';
import type { SlotTextReader, SlotVocabulary } from './reading.ts';
import type { SlotConfig } from './schema.ts';
import type { SlotValue } from './slots.ts';
import type { Slots } from './types.ts';

/** What the runtime compiles from a bot's vocabulary: its gazetteers extended, one place index per `place:` entity. */
export interface Lexicon {
  gazetteers: Map<string, Gazetteer>;
  places: Map<PatternEntity, PlaceIndex>;
}
const NO_VOCABULARY: SlotVocabulary = {};
const lexicons = new WeakMap<BotConfig, WeakMap<SlotVocabulary, Lexicon>>();

export function lexiconOf(bot: BotConfig, vocabulary: SlotVocabulary = NO_VOCABULARY): Lexicon {
  let byVocabulary = lexicons.get(bot);
  if (!byVocabulary) lexicons.set(bot, (byVocabulary = new WeakMap()));
  let lex = byVocabulary.get(vocabulary);
  if (!lex) {
    const extended = bot.gazetteers.map((g) => (vocabulary.gazetteers?.[g.type] ? extendGazetteer(g, vocabulary.gazetteers[g.type]) : g));
    lex = { gazetteers: new Map(extended.map((g) => [g.type, g])), places: new Map() };
    for (const e of bot.entities) if (e.place) lex.places.set(e, placeIndex(e.place, extended, vocabulary.cities ?? []));
    byVocabulary.set(vocabulary, lex);
  }
  return lex;
}

/** What reading a kind needs besides the words: the bot, its language and lexicon, its code's slot readers, the slots known. */
export interface KindReading {
  bot: BotConfig;
  lang: Language;
  lex: Lexicon;
  readers?: Record<string, SlotTextReader>;
  known: Slots;
}

/** A value read and where its words are (a place may carry its state). */
export type Found = { value: SlotValue; start: number; end: number; state?: string };

/** Read one kind on the words: the value and where it was, or undefined. */
export function readKind(r: KindReading, reader: Reader, on: SlotText, isAsked: boolean, slot?: SlotConfig): Found | undefined {
  switch (reader.kind) {
    case 'number':
      return readNumber(on, reader.entity.number!, r.lang, isAsked);
    case 'money':
      return perPerson(r, readMoney(on, reader.entity.money!, r.lang, isAsked), on, slot);
    case 'household':
      return householdSize(r, reader.entity, on);
    case 'place':
      return placeOf(r.lex.places.get(reader.entity)!, on, isAsked);
    case 'name':
      return readPersonName(on, r.lang, reader.entity?.name ?? {});
    case 'pattern':
      return readPattern(on, reader.entities, isAsked) ?? (reader.gazetteer ? readKind(r, { kind: 'gazetteer', type: reader.gazetteer }, on, isAsked, slot) : undefined);
    case 'gazetteer':
      // A cue-only form answers the asked slot without its cue in a short answer only.
      return readGazetteer(on, r.lex.gazetteers.get(reader.type)!, isAsked && on.original.trim().split(/\s+/).length <= 5);
    case 'code':
      return byCode(r, reader.name, on, isAsked, slot);
  }
}

/** An amount of a slot with `perPersonWith`, divided by the household the message says shares it (when more than one). */
function perPerson(r: KindReading, found: ReturnType<typeof readMoney>, on: SlotText, slot?: SlotConfig): Found | undefined {
  if (!found || !slot?.perPersonWith || found.per !== undefined) return found;
  const spec = r.bot.entities.find((e) => e.type === slot.perPersonWith && e.household)!.household!;
  const household = readHousehold(on, spec, r.lang);
  return household && household.size > 1 ? { ...found, value: Math.round((found.value / household.size) * 100) / 100 } : found;
}

/** How many people a household is. */
function householdSize(r: KindReading, entity: PatternEntity, on: SlotText): Found | undefined {
  const found = readHousehold(on, entity.household!, r.lang);
  return found && { value: found.size, start: found.start, end: found.end };
}

/** A place: its city with its state, or a state alone (an empty city). */
function placeOf(index: PlaceIndex, on: SlotText, isAsked: boolean): Found | undefined {
  const found = readPlace(on, index, isAsked);
  if (!found) return undefined;
  const state = stateOf(index, found);
  if (found.city !== undefined) return { value: found.city, state, start: found.start, end: found.end };
  return state ? { value: '', state, start: found.start, end: found.end } : undefined;
}

/** The state of a place read: the one said, else its city's. */
export function stateOf(index: PlaceIndex, found: { city?: string; state?: string }): string | undefined {
  return found.state ?? (found.city ? placeState(index, found.city) : undefined);
}

/** The value a slot reader of the bot's code (slot key `reader`) reads. */
function byCode(r: KindReading, name: string, on: SlotText, isAsked: boolean, slot?: SlotConfig): Found | undefined {
  const value = r.readers?.[name]?.({ text: on, asked: isAsked, gazetteer: slot && r.lex.gazetteers.get(slot.kind), lang: r.lang, slots: { ...r.known } });
  return value === undefined ? undefined : { value, start: 0, end: 0 };
}
