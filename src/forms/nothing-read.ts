// What the message's entities say when they fill no slot of a form (`read: entities`): a bare hour that corrects
// the time already given, else a name said alone while a slot that never takes a name is asked.
import type { Entity } from '../nlu/types.ts';
import type { Message } from './from-entities.ts';
import type { FormConfig } from './schema.ts';
import { bareName, properName, type SlotValue } from './slots.ts';
import type { Slots } from './types.ts';

/** The value the message gives a slot when its entities filled none (the hour's other reading goes to `alts`). */
export function nothingRead(form: FormConfig, message: Message, slots: Slots, pending: string | undefined, entities: Entity[], alts: Map<string, SlotValue>): Map<string, SlotValue> {
  const read = new Map<string, SlotValue>();
  const hour = correctedHour(form, message, slots, pending, entities);
  if (hour) {
    read.set(hour.slot, hour.value);
    if (hour.alt) alts.set(hour.slot, hour.alt);
    return read;
  }
  const name = nameForEmptySlot(form, slots, pending, message.text, entities);
  if (name) read.set(name.slot, name.value);
  return read;
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
