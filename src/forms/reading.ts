// Reading a form's slots out of the message with the runtime's slot readers (a form with `read: message`). The
// message is read once, as one SlotText, slot by slot in the form's `readOrder`; each slot's `kind` names its reader
// (a `number:`, `money:`, `place:`, `household:` or `name:` entity, regex entities, a gazetteer) and each value read
// is masked, so no word is read twice (an income is not also a score). The slots the last question asked for are
// read as answers ("17" is the age when the age was asked), and once every cued reading is done, a bare place or
// name ("Ana", "Caruaru") fills the asked slot.
import type { BotConfig } from '../bot/config.ts';
import { toLanguage } from '../nlu/language.ts';
import {
  extendGazetteer,
  isNotName,
  parseOrdinal,
  placeIndex,
  placeState,
  readBareName,
  readBarePlace,
  readGazetteer,
  readHousehold,
  readIndifferent,
  readMoney,
  readNumber,
  readPattern,
  readPersonName,
  readPlace,
  SlotText,
  type KnownCity,
  type PlaceIndex,
} from '../nlu/index.ts';
import type { Gazetteer, Language, PatternEntity } from '../nlu/types.ts';
import { checkProfileUpdates } from '../profile/fields.ts';
import { readerOf, type Reader } from './reading-kinds.ts';
import type { FormConfig, SlotConfig } from './schema.ts';
import type { SlotValue } from './slots.ts';
import type { Slots } from './types.ts';

/**
 * Vocabulary the bot's data adds for reading slots (a bot's `slotVocabulary` hook): more values for its gazetteers
 * and the cities, with their states, its `place:` entities know. Build it once and return the same object: what
 * the runtime compiles from it is kept for as long as the object lives.
 */
export interface SlotVocabulary {
  /** More values (with their synonyms) for the bot's gazetteers, by type: names from the bot's tables. */
  gazetteers?: Record<string, Record<string, string[]>>;
  /** Cities and their states, for every `place:` entity (beside its city gazetteer's values). */
  cities?: readonly KnownCity[];
}

/** What a slot reader of the bot's code (slot key `reader`, index.ts `slotReaders`) is given. */
interface SlotTextRead {
  /** The message being read: what earlier slots read is masked; mask what this reader reads. */
  text: SlotText;
  /** The form's last question asked for this slot. */
  asked: boolean;
  /** The gazetteer of the slot's kind, extended with the bot's vocabulary (when the kind is a gazetteer). */
  gazetteer?: Gazetteer;
  lang: Language;
  /** The slots known before this message. */
  slots: Slots;
}

/** A slot reader of the bot's code: the slot's value in the message, or undefined. */
export type SlotTextReader = (read: SlotTextRead) => SlotValue | undefined;

export interface FormReading {
  text: string;
  /** The slots the form's last question asked for. */
  asking?: readonly string[];
  /** The slots known before the message. */
  slots?: Slots;
  vocabulary?: SlotVocabulary;
  readers?: Record<string, SlotTextReader>;
  lang?: Language;
}

/** What the runtime compiles from a bot's vocabulary: its gazetteers extended, one place index per `place:` entity. */
interface Lexicon {
  gazetteers: Map<string, Gazetteer>;
  places: Map<PatternEntity, PlaceIndex>;
}
const NO_VOCABULARY: SlotVocabulary = {};
const lexicons = new WeakMap<BotConfig, WeakMap<SlotVocabulary, Lexicon>>();

function lexiconOf(bot: BotConfig, vocabulary: SlotVocabulary = NO_VOCABULARY): Lexicon {
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

/** The words of every `name:` entity of the bot that are never a name: a bare place does not start with one either. */
function notNames(bot: BotConfig) {
  const specs = bot.entities.flatMap((e) => (e.name ? [e.name] : []));
  return { has: (word: string) => specs.some((spec) => isNotName(spec, word)) };
}

/**
 * The values the message gives the form's slots, read with the runtime's slot readers in the form's `readOrder`.
 * Only slots a slot reader reads are returned (a `read: message` form's built-in kinds come from the entities).
 */
export function readFormSlots(bot: BotConfig, form: FormConfig, reading: FormReading): Slots {
  const lang = reading.lang ?? toLanguage(bot.language);
  const lex = lexiconOf(bot, reading.vocabulary);
  const asked = new Set(reading.asking ?? []);
  const known = reading.slots ?? {};
  const text = new SlotText(reading.text.slice(0, 2000));
  const out: Slots = {};
  const spans = new Map<string, { start: number; end: number }>();
  const unnamed = new Set<string>();
  const hosted = new Set(Object.values(form.slots).flatMap((s) => (s.stateSlot ? [s.stateSlot] : [])));
  const names = Object.keys(form.slots);
  const order = [...new Set([...(form.readOrder ?? []), ...names])];

  /** Read one kind: the value and where it was, or undefined. */
  const read = (reader: Reader, isAsked: boolean, slot?: SlotConfig, on: SlotText = text): { value: SlotValue; start: number; end: number; state?: string } | undefined => {
    switch (reader.kind) {
      case 'number':
        return readNumber(on, reader.entity.number!, lang, isAsked);
      case 'money': {
        const found = readMoney(on, reader.entity.money!, lang, isAsked);
        if (!found || !slot?.perPersonWith || found.per !== undefined) return found;
        const spec = bot.entities.find((e) => e.type === slot.perPersonWith && e.household)!.household!;
        const household = readHousehold(on, spec, lang);
        return household && household.size > 1 ? { ...found, value: Math.round((found.value / household.size) * 100) / 100 } : found;
      }
      case 'household': {
        const found = readHousehold(on, reader.entity.household!, lang);
        return found && { value: found.size, start: found.start, end: found.end };
      }
      case 'place': {
        const index = lex.places.get(reader.entity)!;
        const found = readPlace(on, index, isAsked);
        if (!found) return undefined;
        const state = found.state ?? (found.city ? placeState(index, found.city) : undefined);
        return found.city !== undefined ? { value: found.city, state, start: found.start, end: found.end } : state ? { value: '', state, start: found.start, end: found.end } : undefined;
      }
      case 'name':
        return readPersonName(on, lang, reader.entity?.name ?? {});
      case 'pattern':
        return readPattern(on, reader.entities, isAsked) ?? (reader.gazetteer ? read({ kind: 'gazetteer', type: reader.gazetteer }, isAsked, slot, on) : undefined);
      case 'gazetteer': {
        const g = lex.gazetteers.get(reader.type)!;
        // A cue-only form answers the asked slot without its cue in a short answer only.
        return readGazetteer(on, g, isAsked && on.original.trim().split(/\s+/).length <= 5);
      }
      case 'code': {
        const value = reading.readers?.[reader.name]?.({ text: on, asked: isAsked, gazetteer: slot && lex.gazetteers.get(slot.kind), lang, slots: { ...known } });
        return value === undefined ? undefined : { value, start: 0, end: 0 };
      }
    }
  };

  const keep = (name: string, slot: SlotConfig, got: NonNullable<ReturnType<typeof read>>) => {
    const value = slot.ordinal && typeof got.value === 'string' ? parseOrdinal(got.value, lang) : got.value;
    if (value !== undefined && value !== '') out[name] = value;
    spans.set(name, { start: got.start, end: got.end });
    if (slot.stateSlot && got.state) out[slot.stateSlot] = got.state;
  };

  for (const entry of order) {
    const slot = form.slots[entry];
    if (!slot) {
      // Set aside: read so that its words are no later slot's value, and not kept.
      const reader = readerOf(bot, entry);
      if (reader) read(reader, false);
      continue;
    }
    if (hosted.has(entry) || slot.within) continue;
    const reader = readerOf(bot, slot.kind, slot.reader);
    if (!reader) continue;
    const isAsked = asked.has(entry);
    if (slot.any !== undefined && reader.kind === 'gazetteer') {
      const whichever = readIndifferent(text, lex.gazetteers.get(reader.type)!, isAsked);
      if (whichever?.kind === 'any') {
        out[entry] = slot.any;
        continue;
      }
      if (whichever) unnamed.add(entry);
    }
    const got = read(reader, isAsked, slot);
    if (got) keep(entry, slot, got);
    // Slots read inside this one's words ("estou no 3º ano": the year of the level), on a copy of them.
    for (const [inner, innerSlot] of Object.entries(form.slots)) {
      const span = spans.get(entry);
      if (innerSlot.within !== entry || !span || span.end <= span.start) continue;
      const innerReader = readerOf(bot, innerSlot.kind, innerSlot.reader);
      const words = new SlotText(text.original.slice(span.start, span.end));
      const found = innerReader && read(innerReader, asked.has(inner), innerSlot, words);
      if (found) keep(inner, innerSlot, found);
    }
  }

  bareAnswers(bot, form, { text, out, asked, lex });

  // A bare "whichever" not asked for answers a slot with `any` when it is the only one of its group still missing.
  for (const name of unnamed) {
    if (out[name] !== undefined) continue;
    const slot = form.slots[name];
    const peers = names.filter((n) => form.slots[n].required && (slot.group ? form.slots[n].group === slot.group : true));
    const filled = (n: string) => (out[n] ?? known[n]) !== undefined && (out[n] ?? known[n]) !== '';
    if (peers.every((n) => n === name || filled(n))) out[name] = slot.any!;
  }

  if (!form.profile || !bot.profile) return out;
  // A profile form reads only what the profile would keep (an answer it would refuse is asked again).
  const fields = Object.fromEntries(Object.entries(out).filter(([n, v]) => Object.hasOwn(bot.profile!.fields, n) && v !== form.slots[n]?.any));
  const accepted = checkProfileUpdates(bot.profile, bot.gazetteers, fields).values;
  for (const n of Object.keys(fields)) {
    if (accepted[n] === undefined || accepted[n] === null) delete out[n];
    else out[n] = accepted[n] as SlotValue;
  }
  return out;
}

/**
 * Bare answers, once every cued reading is done: an asked place slot still empty takes the message's last clause
 * (when a name is asked too, only from a message of several clauses: "Ana, 17, Recife"), then an asked name slot
 * still empty takes what is left ("Maria Eduarda").
 */
function bareAnswers(bot: BotConfig, form: FormConfig, r: { text: SlotText; out: Slots; asked: Set<string>; lex: Lexicon }) {
  const { text, out, asked, lex } = r;
  const askedOf = (kind: Reader['kind']) =>
    Object.entries(form.slots).filter(([n, s]) => asked.has(n) && !s.reader && readerOf(bot, s.kind)?.kind === kind);
  const names = askedOf('name');
  for (const [name, slot] of askedOf('place')) {
    if (out[name] !== undefined) continue;
    if (names.length && (names.some(([n]) => out[n] !== undefined) || text.clauses().length < 2)) continue;
    const reader = readerOf(bot, slot.kind) as { entity: PatternEntity };
    const index = lex.places.get(reader.entity)!;
    const found = readBarePlace(text, index, notNames(bot));
    if (found?.city) out[name] = found.city;
    const state = found?.state ?? (found?.city ? placeState(index, found.city) : undefined);
    if (slot.stateSlot && state) out[slot.stateSlot] = state;
  }
  for (const [name, slot] of names) {
    if (out[name] !== undefined) continue;
    const reader = readerOf(bot, slot.kind) as { entity?: PatternEntity };
    const found = readBareName(text, reader.entity?.name ?? {});
    if (found) out[name] = found.value;
  }
}
