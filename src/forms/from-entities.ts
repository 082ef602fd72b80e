// Filling a form's slots from the message's entities (a form's default `read: entities`): the slot being asked
// first, then the empty ones, then corrections of filled ones; a short answer is read for the slot being asked.
import { readMoney, readNumber, SlotText } from '../nlu/index.ts';
import type { Entity, Language, PatternEntity } from '../nlu/types.ts';
import type { FormConfig } from './schema.ts';
import { bareName, entityFor, entityTypesOf, fold, properName, type SlotValue } from './slots.ts';
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
  return read;
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
 * What a short answer means when it is the slot being asked: "Maria Silva" a name, "10" an hour, a number in range
 * a `number:`/`money:` entity's value, anything a text.
 */
function bareAnswer(kind: string, text: string, entities: Entity[], declared: PatternEntity[], lang: Language): SlotValue | undefined {
  if (kind === 'name') {
    // "sim" or "não" is an answer, not a name.
    if (entities.some((e) => e.type === 'yesno' && fold(e.text) === fold(text).replace(/[^\p{L} ]/gu, '').trim())) return undefined;
    return bareName(text);
  }
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
