// Filling a form's slots from the message's entities (a form's default `read: entities`): the slot being asked
// first, then the empty ones, then corrections of filled ones; a short answer is read for the slot being asked.
import { foldPreservingOffsets, readMoney, readNumber, readPattern, SlotText } from '../nlu/index.ts';
import type { Entity, Language, PatternEntity } from '../nlu/types.ts';
import type { FormConfig } from './schema.ts';
import { bareName, entityFor, entityTypesOf, fold, isBuiltInKind, properName, type SlotValue } from './slots.ts';
import type { Slots } from './types.ts';

/** The message as the entity reading needs it: its text, the bot's declared entities, its language. */
export interface Message {
  text: string;
  declared: PatternEntity[];
  lang: Language;
}

/**
 * The values the message's entities carry: read for the slot being asked first, then the empty ones, then as
 * corrections of filled ones (a bare name, free text and yes/no only ever answer the slot being asked).
 */
export function fromEntities(form: FormConfig, message: Message, slots: Slots, pending: string | undefined, entities: Entity[], alts = new Map<string, SlotValue>()): Map<string, SlotValue> {
  const { text, declared, lang } = message;
  // A span of days ("sometime next week") names no day: the form asks which rather than take its first.
  entities = withoutNegated(text, entities).filter((e) => !e.vague);
  const names = Object.keys(form.slots);
  const order = [...new Set([...(pending && form.slots[pending] ? [pending] : []), ...names.filter((n) => slots[n] === undefined), ...names])];
  const taken = new Set<Entity>();
  const read = new Map<string, SlotValue>();
  for (const name of order) {
    const slot = form.slots[name];
    const asked = name === pending;
    if (!asked && ['yesno', 'text'].includes(slot.kind)) continue;
    const entity = entityFor(slot.kind, entities, taken);
    let value: SlotValue | undefined = entity?.value as SlotValue | undefined;
    // The other reading of the same words (a time on the 12-hour clock: 'a las 9' is 09:00 or 21:00), for `fill`.
    if (entity?.alt !== undefined) alts.set(name, entity.alt as SlotValue);
    if (value === undefined && asked && !(slot.kind === 'name' && isOtherSlotsValue(text, entities, form.slots, name))) {
      value = bareAnswer(slot.kind, text, entities, declared, lang);
      // A bare hour ("9") may be the evening's too.
      if (slot.kind === 'time' && typeof value === 'string' && /^(?:0[1-9]|1[01]):00$/.test(value)) alts.set(name, `${Number(value.slice(0, 2)) + 12}:00`);
    }
    if (value === undefined) continue;
    if (entity) taken.add(entity);
    if (slot.kind === 'name' && typeof value === 'string') value = properName(value);
    read.set(name, value);
  }
  if (!read.size) {
    const hour = correctedHour(form, message, slots, pending, entities);
    if (hour) {
      read.set(hour.slot, hour.value);
      if (hour.alt) alts.set(hour.slot, hour.alt);
    }
  }
  if (!read.size) {
    const name = nameForEmptySlot(form, slots, pending, text, entities);
    if (name) read.set(name.slot, name.value);
  }
  return read;
}

/** Slot kinds whose answer is never a person's name: a capitalised name said while one of them is asked is not theirs. */
const NEVER_A_NAME = new Set(['date', 'time', 'datetime', 'number', 'money', 'phone', 'email', 'yesno']);

/**
 * A name said on its own, written with capitals ("Trâm", "Ana Lima"), while another slot is asked (a time refused
 * and asked again) and the form's name slot is still empty: the name slot's. Only when the slot being asked never
 * takes a name (a date, a time, a phone…): a gazetteer or free-text slot may be answered with a capitalised word.
 */
function nameForEmptySlot(form: FormConfig, slots: Slots, pending: string | undefined, text: string, entities: Entity[]): { slot: string; value: string } | undefined {
  if (!pending || !form.slots[pending] || !NEVER_A_NAME.has(form.slots[pending].kind)) return undefined;
  const empty = Object.entries(form.slots).filter(([n, s]) => s.kind === 'name' && slots[n] === undefined);
  if (empty.length !== 1) return undefined;
  if (entities.some((e) => e.type !== 'person')) return undefined;
  const person = entities.find((e) => e.type === 'person');
  if (person && typeof person.value === 'string') return { slot: empty[0][0], value: properName(person.value) };
  const words = text.trim().replace(/[.!]+$/, '').split(/\s+/).filter(Boolean);
  if (!words.length || words.length > 3 || !words.every((w) => /^\p{Lu}[\p{Ll}'-]*$/u.test(w))) return undefined;
  const value = bareName(words.join(' '));
  return value ? { slot: empty[0][0], value } : undefined;
}

/**
 * In a message of several intents ("how much is X, and can I book one friday?"), a thing the form's empty slot takes
 * (a gazetteer's value: a service, a product) named only in another intent's clause: the form's clauses refer to it
 * ("one"), so it carries over. Only one value of that type in the whole message, and none in the form's clauses;
 * the other built-in kinds stay with their own clauses, but for the time of a day the form's clauses name (or the
 * day of their time).
 */
export function carriedFromOtherClauses(form: FormConfig, slots: Slots, own: Entity[], all: Entity[]): Entity[] {
  const carried: Entity[] = [];
  // A day and its time go together: the half said in another clause ("… sábado, às 10h") joins the form's half.
  for (const [half, other] of [['time', 'date'], ['date', 'time']] as const) {
    const empty = Object.entries(form.slots).some(([n, s]) => s.kind === half && slots[n] === undefined);
    const elsewhere = all.filter((e) => e.type === half && !own.includes(e));
    if (empty && own.some((e) => e.type === other) && !own.some((e) => e.type === half) && new Set(elsewhere.map((e) => String(e.value))).size === 1) carried.push(elsewhere[0]);
  }
  for (const [name, slot] of Object.entries(form.slots)) {
    if (slots[name] !== undefined || isBuiltInKind(slot.kind)) continue;
    if (own.some((e) => e.type === slot.kind)) continue;
    const others = all.filter((e) => e.type === slot.kind);
    if (others.length && new Set(others.map((e) => String(e.value))).size === 1) carried.push(others[0]);
  }
  return carried.length ? [...own, ...carried] : own;
}

// Words that deny the value right after them ("ko phải 8h, 7h nha", "not friday, saturday", "em vez de sexta"),
// folded; an article or a time cue may stand between.
const NEGATED = /(?:^|[^\p{L}\p{N}])(?:(?:chu )?(?:khong|ko|k|hong|hok) phai|not|instead of|rather than|nao e|em vez de|en vez de|no es|no el|no la|no a las)\s+(?:(?:la|luc|vao|at|on|the|a|o|as|el|la|las|a las)\s+)?$/u;

/** The entities less those a negation denies, when the message gives another value of the same type. */
function withoutNegated(text: string, entities: Entity[]): Entity[] {
  // Entities are found on the text in NFC; their offsets hold on its folded copy.
  const folded = foldPreservingOffsets(text.normalize('NFC'));
  const denied = entities.filter((e) => e.start !== undefined && NEGATED.test(folded.slice(Math.max(0, e.start - 30), e.start)));
  return denied.length ? entities.filter((e) => !denied.includes(e) || !entities.some((o) => o !== e && o.type === e.type && !denied.includes(o))) : entities;
}

// Slot kinds a bare number may mean wherever it is said (a party's size), and those it answers only when asked.
const COUNT_KINDS = new Set(['number', 'money']);
const ASKED_NUMBER_KINDS = new Set(['date', 'datetime', 'phone', 'text']);

/**
 * A bare hour that corrects the time already given ("actually make it 3", "4 instead", "đổi sang 5 nha"): a short
 * clause whose number is the message's only value is a whole number from 1 to 23, in a form with one time slot, already filled, and no other
 * slot a number could answer (a party's size, a date being asked). An hour of the 12-hour clock also carries the
 * hour twelve hours later, which the slot's range may choose.
 */
function correctedHour(form: FormConfig, message: Message, slots: Slots, pending: string | undefined, entities: Entity[]): { slot: string; value: string; alt?: string } | undefined {
  const times = Object.entries(form.slots).filter(([, s]) => s.kind === 'time');
  if (times.length !== 1) return undefined;
  const [slot] = times[0];
  if (slots[slot] === undefined) return undefined;
  const numeric = new Set(message.declared.filter((e) => e.number || e.money).map((e) => e.type));
  const other = (n: string, kind: string) => COUNT_KINDS.has(kind) || numeric.has(kind) || (n === pending && ASKED_NUMBER_KINDS.has(kind));
  if (Object.entries(form.slots).some(([n, s]) => n !== slot && other(n, s.kind))) return undefined;
  const values = entities.filter((e) => e.type !== 'yesno');
  if (values.length !== 1 || values[0].type !== 'number') return undefined;
  // The number's own clause is short ("No, the time is wrong. 11 please"): a longer one says something else.
  const at = values[0].start ?? message.text.indexOf(values[0].text);
  const clause = message.text.slice(0, at).split(/[,.;!?\n]/).pop()! + message.text.slice(at).split(/[,.;!?\n]/)[0];
  if (clause.trim().split(/\s+/).length > 6) return undefined;
  const n = values[0].value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 23) return undefined;
  const value = `${String(n).padStart(2, '0')}:00`;
  return { slot, value, alt: n <= 11 ? `${n + 12}:00` : undefined };
}

/**
 * Whether the message gives another slot of the form its value and nothing that reads as a name ("porte grande",
 * "ela é de porte pequeno" while a name is asked are the size): that slot is filled and the name asked again.
 * A capitalised word beside the value ("Maria Grande", "a Mel, tamanho médio") is still a name.
 */
export function isOtherSlotsValue(text: string, entities: Entity[], slots: Record<string, { kind: string }>, asked: string): boolean {
  const kinds = new Set(Object.entries(slots).filter(([n]) => n !== asked).flatMap(([, s]) => entityTypesOf(s.kind)));
  const values = entities.filter((e) => kinds.has(e.type) && e.type !== 'person' && e.text);
  if (!values.length) return false;
  let rest = text;
  for (const e of values) {
    const at = rest.toLowerCase().indexOf(e.text.toLowerCase());
    if (at >= 0) rest = `${rest.slice(0, at)} ${rest.slice(at + e.text.length)}`;
  }
  // A sentence's first capital ("Ela é de porte pequeno") names nobody unless the word stands alone.
  const words = rest.split(/[^\p{L}'-]+/u).filter(Boolean);
  return !words.some((w, i) => /^\p{Lu}/u.test(w) && (i > 0 || words.length === 1));
}

/**
 * A name typed with capitals beside other values ("Lan Anh 0909111222", "Tom, tomorrow at 3"): the words left once
 * the values are taken out. Lowercase words left ("sđt", "số") are no name.
 */
function nameBesideValues(text: string, entities: Entity[]): string | undefined {
  let rest = text;
  const values = entities.filter((e) => e.type !== 'person' && e.type !== 'yesno' && e.text);
  if (!values.length) return undefined;
  for (const e of values) {
    const at = rest.indexOf(e.text);
    if (at >= 0) rest = `${rest.slice(0, at)} ${rest.slice(at + e.text.length)}`;
  }
  rest = rest.replace(/[,;:.!?()]+/g, ' ').trim();
  const words = rest.split(/\s+/).filter(Boolean);
  if (!words.length || !words.every((w) => /^\p{Lu}/u.test(w))) return undefined;
  return bareName(rest);
}

/**
 * What a short answer means when it is the slot being asked: "Maria Silva" a name, "10" an hour, a number in range
 * a `number:`/`money:` entity's value, anything a text.
 */
function bareAnswer(kind: string, text: string, entities: Entity[], declared: PatternEntity[], lang: Language): SlotValue | undefined {
  if (kind === 'name') {
    // "sim" or "não" is an answer, not a name.
    if (entities.some((e) => e.type === 'yesno' && fold(e.text) === fold(text).replace(/[^\p{L} ]/gu, '').trim())) return undefined;
    return bareName(text) ?? nameBesideValues(text, entities);
  }
  // A regex entity read only when its slot is asked (`asked: true`).
  const asked = declared.filter((e) => e.type === kind && e.pattern && e.asked);
  const byPattern = asked.length ? readPattern(new SlotText(text), asked, true) : undefined;
  if (byPattern) return byPattern.value;
  if (kind === 'text') return text.trim() || undefined;
  const numeric = declared.find((e) => e.type === kind && (e.number || e.money));
  if (numeric) {
    const reading = new SlotText(text);
    return (numeric.number ? readNumber(reading, numeric.number, lang, true) : readMoney(reading, numeric.money!, lang, true))?.value;
  }
  if (kind === 'time') {
    const hour = entities.find((e) => e.type === 'number' && Number.isInteger(e.value) && (e.value as number) >= 0 && (e.value as number) <= 23);
    return hour && text.trim().length <= 12 ? `${String(hour.value).padStart(2, '0')}:00` : undefined;
  }
  return undefined;
}
