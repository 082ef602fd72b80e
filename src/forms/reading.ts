// Reading a form's slots out of the message with the runtime's slot readers (a form with `read: message`). The
// message is read once, as one SlotText, slot by slot in the form's `readOrder`; each slot's `kind` names its reader
// (a `number:`, `money:`, `place:`, `household:` or `name:` entity, regex entities, a gazetteer) and each value read
// is masked, so no word is read twice (an income is not also a score). The slots the last question asked for are
// read as answers ("17" is the age when the age was asked), and once every cued reading is done, a bare place or
// name ("Ana", "Caruaru") fills the asked slot.
import type { BotConfig } from '../bot/config.ts';
import { toLanguage } from '../nlu/language.ts';
import { isNotName, parseOrdinal, readBareName, readBarePlace, readIndifferent, SlotText, type KnownCity } from '../nlu/index.ts';
import type { Gazetteer, Language, PatternEntity } from '../nlu/types.ts';
import { checkProfileUpdates } from '../profile/fields.ts';
import { lexiconOf, readKind, stateOf, type Found, type KindReading, type Lexicon } from './read-kind.ts';
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
  const r: FormSlotsReading = {
    bot,
    form,
    lang: reading.lang ?? toLanguage(bot.language),
    lex: lexiconOf(bot, reading.vocabulary),
    readers: reading.readers,
    known: reading.slots ?? {},
    asked: new Set(reading.asking ?? []),
    text: new SlotText(reading.text.slice(0, 2000)),
    out: {},
    spans: new Map(),
    unnamed: new Set(),
    hosted: new Set(Object.values(form.slots).flatMap((s) => (s.stateSlot ? [s.stateSlot] : []))),
  };
  for (const entry of new Set([...(form.readOrder ?? []), ...Object.keys(form.slots)])) readEntry(r, entry);
  bareAnswers(bot, form, r);
  whicheverAnswers(r);
  return profileAccepted(bot, form, r.out);
}

/** One message read for a form: what reading a kind needs, and what is read so far. */
interface FormSlotsReading extends KindReading {
  form: FormConfig;
  /** The slots the form's last question asked for. */
  asked: Set<string>;
  text: SlotText;
  out: Slots;
  /** Where each slot's value was in the message (the slots `within` it are read in those words). */
  spans: Map<string, { start: number; end: number }>;
  /** Slots with `any` whose gazetteer read a "whichever" not said of them alone (see whicheverAnswers). */
  unnamed: Set<string>;
  /** The slots a place slot fills with its state (`stateSlot`): not read on their own. */
  hosted: Set<string>;
}

/** Read one entry of the read order: a slot (then the slots within its words), or a type set aside. */
function readEntry(r: FormSlotsReading, entry: string): void {
  const slot = r.form.slots[entry];
  if (!slot) {
    // Set aside: read so that its words are no later slot's value, and not kept.
    const reader = readerOf(r.bot, entry);
    if (reader) readKind(r, reader, r.text, false);
    return;
  }
  if (r.hosted.has(entry) || slot.within) return;
  const reader = readerOf(r.bot, slot.kind, slot.reader);
  if (!reader) return;
  const isAsked = r.asked.has(entry);
  if (reader.kind === 'gazetteer' && saidWhichever(r, entry, slot, reader.type, isAsked)) return;
  const got = readKind(r, reader, r.text, isAsked, slot);
  if (got) keep(r, entry, slot, got);
  readWithin(r, entry);
}

/**
 * A slot with `any` answered with its gazetteer's "whichever": filled with `any` (true). A "whichever" that is not
 * this slot's alone is noted for whicheverAnswers.
 */
function saidWhichever(r: FormSlotsReading, entry: string, slot: SlotConfig, type: string, isAsked: boolean): boolean {
  if (slot.any === undefined) return false;
  const whichever = readIndifferent(r.text, r.lex.gazetteers.get(type)!, isAsked);
  if (whichever?.kind === 'any') {
    r.out[entry] = slot.any;
    return true;
  }
  if (whichever) r.unnamed.add(entry);
  return false;
}

/** Keep a value read (an ordinal as its number), where its words were, and the state a place carries. */
function keep(r: FormSlotsReading, name: string, slot: SlotConfig, got: Found): void {
  const value = slot.ordinal && typeof got.value === 'string' ? parseOrdinal(got.value, r.lang) : got.value;
  if (value !== undefined && value !== '') r.out[name] = value;
  r.spans.set(name, { start: got.start, end: got.end });
  if (slot.stateSlot && got.state) r.out[slot.stateSlot] = got.state;
}

/** Slots read inside a slot's words ("estou no 3º ano": the year of the level), on a copy of them. */
function readWithin(r: FormSlotsReading, entry: string): void {
  for (const [inner, innerSlot] of Object.entries(r.form.slots)) {
    const span = r.spans.get(entry);
    if (innerSlot.within !== entry || !span || span.end <= span.start) continue;
    const innerReader = readerOf(r.bot, innerSlot.kind, innerSlot.reader);
    const words = new SlotText(r.text.original.slice(span.start, span.end));
    const found = innerReader && readKind(r, innerReader, words, r.asked.has(inner), innerSlot);
    if (found) keep(r, inner, innerSlot, found);
  }
}

/** A bare "whichever" not asked for answers a slot with `any` when it is the only one of its group still missing. */
function whicheverAnswers(r: FormSlotsReading): void {
  const { form, out, known } = r;
  const filled = (n: string) => (out[n] ?? known[n]) !== undefined && (out[n] ?? known[n]) !== '';
  for (const name of r.unnamed) {
    if (out[name] !== undefined) continue;
    const slot = form.slots[name];
    const peers = Object.keys(form.slots).filter((n) => form.slots[n].required && (slot.group ? form.slots[n].group === slot.group : true));
    if (peers.every((n) => n === name || filled(n))) out[name] = slot.any!;
  }
}

/** A profile form reads only what the profile would keep (an answer it would refuse is asked again). */
function profileAccepted(bot: BotConfig, form: FormConfig, out: Slots): Slots {
  const profile = bot.profile;
  if (!form.profile || !profile) return out;
  const fields = Object.fromEntries(Object.entries(out).filter(([n, v]) => Object.hasOwn(profile.fields, n) && v !== form.slots[n]?.any));
  const accepted = checkProfileUpdates(profile, bot.gazetteers, fields).values;
  for (const n of Object.keys(fields)) {
    if (accepted[n] === undefined || accepted[n] === null) delete out[n];
    else out[n] = accepted[n] as SlotValue;
  }
  return out;
}

type SlotEntry = [string, SlotConfig];

/**
 * Bare answers, once every cued reading is done: an asked place slot still empty takes the message's last clause
 * (when a name is asked too, only from a message of several clauses: "Ana, 17, Recife"), then an asked name slot
 * still empty takes what is left ("Maria Eduarda").
 */
function bareAnswers(bot: BotConfig, form: FormConfig, r: { text: SlotText; out: Slots; asked: Set<string>; lex: Lexicon }) {
  const askedOf = (kind: Reader['kind']): SlotEntry[] =>
    Object.entries(form.slots).filter(([n, s]) => r.asked.has(n) && !s.reader && readerOf(bot, s.kind)?.kind === kind);
  const names = askedOf('name');
  for (const [name, slot] of askedOf('place')) if (r.out[name] === undefined && placeMayBeBare(r, names)) barePlace(bot, r, name, slot);
  for (const [name, slot] of names) if (r.out[name] === undefined) bareNameAnswer(bot, r, name, slot);
}

/** A bare place is read when no name is asked, or from a message of several clauses whose asked name is not read yet. */
function placeMayBeBare(r: { text: SlotText; out: Slots }, names: SlotEntry[]): boolean {
  return !names.length || (!names.some(([n]) => r.out[n] !== undefined) && r.text.clauses().length >= 2);
}

/** An asked place slot takes the city of the message's last clause, and its state slot the place's state. */
function barePlace(bot: BotConfig, r: { text: SlotText; out: Slots; lex: Lexicon }, name: string, slot: SlotConfig): void {
  const reader = readerOf(bot, slot.kind) as { entity: PatternEntity };
  const index = r.lex.places.get(reader.entity)!;
  const found = readBarePlace(r.text, index, notNames(bot));
  if (!found) return;
  if (found.city) r.out[name] = found.city;
  const state = stateOf(index, found);
  if (slot.stateSlot && state) r.out[slot.stateSlot] = state;
}

/** An asked name slot takes the name the rest of the message is. */
function bareNameAnswer(bot: BotConfig, r: { text: SlotText; out: Slots }, name: string, slot: SlotConfig): void {
  const reader = readerOf(bot, slot.kind) as { entity?: PatternEntity };
  const found = readBareName(r.text, reader.entity?.name ?? {});
  if (found) r.out[name] = found.value;
}
