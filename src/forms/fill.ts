// Filling a form's slots from one message: reading the values (the bot's reader, the runtime's slot readers or the
// entities), checking each (the slot's rules, the form's calendar, the bot's validator) and checking again the
// slots whose checks depend on one that changed.
import { isoDate, toLanguage, wallClock } from '../nlu/index.ts';
import type { Entity, Language, PatternEntity } from '../nlu/types.ts';
import type { TracedSpan, TurnContext } from '../engine/types.ts';
import type { FormConfig, SlotConfig } from './schema.ts';
import { checkCalendar, hoursOn } from './calendar.ts';
import { fromEntities } from './from-entities.ts';
import { readFormSlots } from './reading.ts';
import { slotsRead } from './reading-kinds.ts';
import { fold } from '../text/index.ts';
import { showValue, withinRules, type SlotValue } from './slots.ts';
import type { FormState, ReplyVars, SlotExtractor, Slots, SlotVerdict } from './types.ts';
import type { FormRuntime } from './engine.ts';

/** What filling needs of the form's turn. */
export interface FillTurn {
  ctx: TurnContext;
  rt: FormRuntime;
  lang: Language;
  prior?: FormState;
  active: boolean;
}

/** Only the form's own slots, without empty values. */
export function ofForm(form: FormConfig, values: Slots): Slots {
  return Object.fromEntries(Object.entries(values).filter(([n, v]) => form.slots[n] && v !== undefined && v !== null && v !== ''));
}


/** A refused value: what to say about it, with the placeholders as they were when it was refused. */
export type Rejection = { slot: string; say?: string; vars: ReplyVars; clears: boolean };

/** What the form read this turn, for the turn's trace: each slot's value as read, before validation. */
export type SlotsRead = Map<string, SlotValue>;

/**
 * Fill slots from the message, read by the bot's slot reader (`extract`), by the runtime's slot readers (`read:
 * message`) or from the entities; the values are validated (rules, calendar, the bot's validator) in the form's
 * slot order, so a check sees what the same message gave the slots before. Then a filled slot whose checks depend
 * on a slot that changed (`dependsOn`, a calendar's time on its date) is checked again, and emptied when refused.
 */
export async function fill(t: FillTurn, slots: Slots, pending: string | undefined, entities: Entity[]) {
  const alts = new Map<string, SlotValue>();
  const read = await readSlots(t, slots, pending, entities, alts);
  const f: Filling = { t, slots, today: isoDate(wallClock(t.ctx.now, t.ctx.bot.timeZone)), changed: [], rejected: [] };
  for (const name of Object.keys(t.rt.form.slots)) {
    const value = read.get(name);
    if (value !== undefined && slots[name] !== value) await take(f, name, value, alts.get(name));
  }
  await recheckDependents(f);
  return { changed: f.changed, rejected: f.rejected, read };
}

/** One message's filling: the slots as it changes them, what changed and what was refused. */
interface Filling {
  t: FillTurn;
  slots: Slots;
  /** Today on the bot's clock, for the slots' date rules. */
  today: string;
  changed: string[];
  rejected: Rejection[];
}

/** The values the message gives the slots: read by the bot's slot reader, the runtime's slot readers or the entities. */
async function readSlots(t: FillTurn, slots: Slots, pending: string | undefined, entities: Entity[], alts: Map<string, SlotValue>): Promise<Map<string, SlotValue>> {
  const { rt } = t;
  if (rt.extractor) return extracted(t, rt.extractor, slots, pending);
  if (rt.form.read === 'message') return readMessage(t, slots, pending, entities, alts);
  return fromEntities(rt.form, { text: t.ctx.text, declared: t.ctx.bot.entities, lang: t.lang }, slots, pending, entities, alts);
}

/** A value read for a slot (or the other reading of its words) checked, then kept or refused. */
async function take(f: Filling, name: string, read: SlotValue, other: SlotValue | undefined): Promise<void> {
  // The other reading of the same words when only it fits the slot's rules ("a las 9" to a restaurant that
  // books from 13:00 is 21:00).
  const value = other !== undefined && !fits(f, name, read) && fits(f, name, other) ? other : read;
  if (f.slots[name] === value) return;
  const checked = await checkedReading(f, name, value, other);
  if (checked.verdict.ok) keep(f, name, checked.value, checked.verdict);
  else refuse(f, name, checked.value, checked.verdict);
}

/** Whether a value is within the slot's rules and the form's calendar takes it. */
function fits(f: Filling, name: string, value: SlotValue): boolean {
  return withinRules(f.t.rt.form.slots[name], value, { today: f.today }) && !calendarVerdict(f.t, name, value, f.slots);
}

/** A slot's checks on a value: its rules, then the form's calendar, then the bot's validator. */
async function check(f: Filling, name: string, value: SlotValue): Promise<SlotVerdict> {
  const slot = f.t.rt.form.slots[name];
  if (!withinRules(slot, value, { today: f.today })) return { ok: false };
  return calendarVerdict(f.t, name, value, f.slots) ?? (await validate(f.t, name, slot, value, f.slots));
}

/**
 * The verdict on a value; when it is refused, the other reading of its words when that one passes: "sexta" said on
 * a Friday whose classes are over is next Friday.
 */
async function checkedReading(f: Filling, name: string, value: SlotValue, other: SlotValue | undefined): Promise<{ value: SlotValue; verdict: SlotVerdict }> {
  const verdict = await check(f, name, value);
  if (verdict.ok || other === undefined || other === value || f.slots[name] === other) return { value, verdict };
  const second = await check(f, name, other);
  return second.ok ? { value: other, verdict: second } : { value, verdict };
}

/** Keep a value that passed: the slots its verdict clears are emptied, those it fills are filled. */
function keep(f: Filling, name: string, value: SlotValue, verdict: SlotVerdict): void {
  const { slots, changed } = f;
  for (const other of verdict.clear ?? []) delete slots[other];
  slots[name] = verdict.value ?? value;
  changed.push(name);
  for (const [other, v] of Object.entries(verdict.fill ?? {})) {
    if (!f.t.rt.form.slots[other] || slots[other] === v) continue;
    slots[other] = v;
    changed.push(other);
  }
}

/** Refuse a value: what to say, with the placeholders as they are now; the slots its verdict clears are emptied. */
function refuse(f: Filling, name: string, value: SlotValue, verdict: SlotVerdict): void {
  const { ctx, rt } = f.t;
  const { form } = rt;
  const vars = { ...displayed(ctx.bot.entities, form, f.slots, ctx.bot.language), value: showValue(shownAs(ctx.bot.entities, form.slots[name].kind), value, ctx.bot.language), ...verdict.vars };
  f.rejected.push({ slot: name, say: verdict.say, vars, clears: Boolean(verdict.clear?.length) });
  for (const other of verdict.clear ?? []) delete f.slots[other];
}

/** Slots whose checks read a slot that changed: checked again against the new value, emptied when refused. */
async function recheckDependents(f: Filling): Promise<void> {
  const { t, slots, changed, rejected } = f;
  for (const name of Object.keys(t.rt.form.slots)) {
    const value = slots[name];
    if (value === undefined || changed.includes(name) || rejected.some((r) => r.slot === name)) continue;
    if (!dependsOn(t.rt, name).some((n) => changed.includes(n))) continue;
    const verdict = calendarVerdict(t, name, value, slots) ?? (await validate(t, name, t.rt.form.slots[name], value, slots));
    if (verdict.ok) continue;
    refuse(f, name, value, verdict);
    delete slots[name];
  }
}

/** The slots a slot's checks read: its `validate.dependsOn`, its validator's `dependsOn`, a calendar time's date. */
export function dependsOn(rt: FormRuntime, name: string): string[] {
  const slot = rt.form.slots[name];
  const use = slot.validate?.use;
  const validator = use ? rt.validators[use] : undefined;
  const calendar = rt.form.calendar;
  return [...(slot.validate?.dependsOn ?? []), ...(validator && typeof validator !== 'function' ? (validator.dependsOn ?? []) : []), ...(calendar?.time === name ? [calendar.date] : [])];
}

/** The form's calendar refusing a value of its date or time slot (with what to say), or undefined when it takes it. */
function calendarVerdict(t: FillTurn, name: string, value: SlotValue, slots: Slots): SlotVerdict | undefined {
  const calendar = t.rt.form.calendar;
  if (!calendar) return undefined;
  const check = checkCalendar(calendar, name, value, slots, { now: t.ctx.now, timeZone: t.ctx.bot.timeZone, lang: t.lang });
  if (!check.refusal) return undefined;
  return { ok: false, say: calendar.say[check.refusal], vars: check.hours ? { hours: check.hours } : {} };
}

/** The values the bot's own slot reader finds in the message (a form with `extract`). */
async function extracted(t: FillTurn, extractor: SlotExtractor, slots: Slots, pending: string | undefined): Promise<Map<string, SlotValue>> {
  const asking = pending ? (t.prior?.asking ?? [pending]) : [];
  const found = await extractor({ form: t.rt.id, text: t.ctx.text, asking, slots: { ...slots }, ctx: t.ctx });
  return new Map(Object.entries(ofForm(t.rt.form, found)));
}

/**
 * The values the runtime's slot readers find in the message (a form with `read: message`); slots of built-in kinds no
 * slot reader reads (a date, an e-mail) still come from the entities.
 */
async function readMessage(t: FillTurn, slots: Slots, pending: string | undefined, entities: Entity[], alts: Map<string, SlotValue>): Promise<Map<string, SlotValue>> {
  const { ctx, rt } = t;
  const asking = pending ? (t.prior?.asking ?? [pending]) : [];
  const vocabulary = await rt.vocabulary?.(ctx);
  let found = readFormSlots(ctx.bot, rt.form, { text: ctx.text, asking, slots: { ...slots }, vocabulary, readers: rt.readers, lang: t.lang });
  const opening = openingGroup(rt.form, t.active, slots, ofForm(rt.form, found));
  if (opening) found = readFormSlots(ctx.bot, rt.form, { text: ctx.text, asking: opening, slots: { ...slots }, vocabulary, readers: rt.readers, lang: t.lang });
  const read = new Map(Object.entries(ofForm(rt.form, found)));
  const byReaders = new Set(slotsRead(ctx.bot, rt.form));
  for (const [name, value] of fromEntities(rt.form, { text: ctx.text, declared: ctx.bot.entities, lang: t.lang }, slots, pending, entities, alts)) if (!byReaders.has(name)) read.set(name, value);
  return read;
}

async function validate(t: FillTurn, name: string, slot: SlotConfig, value: SlotValue, slots: Slots): Promise<SlotVerdict> {
  const use = slot.validate?.use;
  if (!use) return { ok: true };
  const declared = t.rt.validators[use];
  if (!declared) throw new Error(`form ${t.rt.id}: validator '${use}' is not in the bot's validators`);
  const validator = typeof declared === 'function' ? declared : declared.check;
  const verdict = await validator({ form: t.rt.id, slot: name, value, slots: { ...slots }, ctx: t.ctx });
  if (typeof verdict === 'boolean') return { ok: verdict };
  if (typeof verdict === 'string') return { ok: false, say: verdict };
  return verdict;
}

/**
 * A form's opening message that already answers two or more of its first group's questions is an introduction
 * ("Thiago, 19, moro em Fortaleza, terminei ano passado"): it is read again as the answer to that whole group, so
 * its bare values (a name, an age) count too. The group's missing slots, or undefined.
 */
export function openingGroup(form: FormConfig, active: boolean, slots: Slots, read: Slots): string[] | undefined {
  if (active) return undefined;
  const first = nextMissing(form, slots);
  const group = first && form.slots[first].group;
  if (!group) return undefined;
  const members = Object.entries(form.slots).filter(([, s]) => s.group === group).map(([n]) => n);
  const answered = members.filter((n) => slots[n] === undefined && read[n] !== undefined);
  return answered.length >= 2 ? members.filter((n) => slots[n] === undefined) : undefined;
}

export function nextMissing(form: FormConfig, slots: Slots): string | undefined {
  return Object.entries(form.slots).find(([name, s]) => s.required && slots[name] === undefined)?.[0];
}


/** A kind that is a `money:` or `number:` entity of the bot is shown as money or a number. */
export function shownAs(entities: PatternEntity[], kind: string): string {
  const entity = entities.find((e) => e.type === kind && (e.money || e.number));
  return entity ? (entity.money ? 'money' : 'number') : kind;
}

/**
 * The slots as replies show them ({data} → "terça-feira, 10/03"), and {hours}: the calendar's hours of the day held.
 * `languageTag`: the bot's language tag, whose region writes the numbers.
 */
export function displayed(entities: PatternEntity[], form: FormConfig, slots: Slots, languageTag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(slots)) out[name] = showValue(shownAs(entities, form.slots[name]?.kind ?? 'text'), value, languageTag);
  // A calendar's hours of the day the form holds: {hours} in any of the form's replies.
  const hours = form.calendar && hoursOn(form.calendar, slots[form.calendar.date], toLanguage(languageTag));
  if (hours) out.hours = hours;
  return out;
}


/** The values read for the trace, each with the words it came from: its entity's span, else where its text is. */
export function tracedReads(read: SlotsRead, entities: readonly Entity[], text: string): TracedSpan[] {
  const folded = fold(text);
  return [...read].map(([slot, value]) => {
    const entity = entities.find((e) => e.value === value && e.start !== undefined);
    if (entity) return { type: slot, value, text: entity.text, start: entity.start, end: entity.end };
    // fold keeps offsets only when it removes no spaces: located on the folded text, shown from the message.
    const at = typeof value === 'string' || typeof value === 'number' ? folded.indexOf(fold(String(value))) : -1;
    return at >= 0 && folded.length === text.length ? { type: slot, value, text: text.slice(at, at + fold(String(value)).length), start: at, end: at + fold(String(value)).length } : { type: slot, value };
  });
}
