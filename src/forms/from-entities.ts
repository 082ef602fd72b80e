// Filling a form's slots from the message's entities (a form's default `read: entities`): the slot being asked
// first, then the empty ones, then corrections of filled ones; a short answer is read for the slot being asked.
import { readMoney, readNumber, readPattern, SlotText } from '../nlu/index.ts';
import { foldPreservingOffsets } from '../text/index.ts';
import type { Entity, Language, PatternEntity } from '../nlu/types.ts';
import type { FormConfig } from './schema.ts';
import { nothingRead } from './nothing-read.ts';
import { fold } from '../text/index.ts';
import { bareName, entityFor, entityTypesOf, isBuiltInKind, properName, type SlotValue } from './slots.ts';
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
  // A span of days ("sometime next week") names no day: the form asks which rather than take its first.
  const usable = withoutNegated(message.text, entities).filter((e) => !e.vague);
  const taken = new Set<Entity>();
  const read = new Map<string, SlotValue>();
  for (const name of readingOrder(form, slots, pending)) {
    const value = slotValue(form, message, name, name === pending, { entities: usable, taken, alts });
    if (value !== undefined) read.set(name, value);
  }
  return read.size ? read : nothingRead(form, message, slots, pending, usable, alts);
}

/** The slot being asked first, then the empty ones, then the filled ones (corrections). */
function readingOrder(form: FormConfig, slots: Slots, pending: string | undefined): string[] {
  const names = Object.keys(form.slots);
  return [...new Set([...(pending && form.slots[pending] ? [pending] : []), ...names.filter((n) => slots[n] === undefined), ...names])];
}

/** The entities being read: those left (an entity fills one slot), and the other readings found for `fill`. */
interface EntityReading {
  entities: Entity[];
  taken: Set<Entity>;
  alts: Map<string, SlotValue>;
}

/** A slot's value: its kind's first entity not taken, else for the slot being asked a bare answer; a name written as one. */
function slotValue(form: FormConfig, message: Message, name: string, asked: boolean, r: EntityReading): SlotValue | undefined {
  const slot = form.slots[name];
  if (!asked && ['yesno', 'text'].includes(slot.kind)) return undefined;
  const entity = entityFor(slot.kind, r.entities, r.taken);
  // The other reading of the same words (a time on the 12-hour clock: 'a las 9' is 09:00 or 21:00), for `fill`.
  if (entity?.alt !== undefined) r.alts.set(name, entity.alt as SlotValue);
  let value: SlotValue | undefined = entity?.value as SlotValue | undefined;
  if (value === undefined && asked) value = askedAnswer(form, message, name, r);
  if (value === undefined) return undefined;
  if (entity) r.taken.add(entity);
  return slot.kind === 'name' && typeof value === 'string' ? properName(value) : value;
}

/** The bare answer to the slot being asked; no name when the message gives another slot its value. */
function askedAnswer(form: FormConfig, message: Message, name: string, r: EntityReading): SlotValue | undefined {
  const { text, declared, lang } = message;
  const kind = form.slots[name].kind;
  if (kind === 'name' && isOtherSlotsValue(text, r.entities, form.slots, name)) return undefined;
  const value = bareAnswer(kind, text, r.entities, declared, lang);
  // A bare hour ("9") may be the evening's too.
  if (kind === 'time' && typeof value === 'string' && /^(?:0[1-9]|1[01]):00$/.test(value)) r.alts.set(name, `${Number(value.slice(0, 2)) + 12}:00`);
  return value;
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
