// The form engine: one step that runs a bot.yaml form. Each turn it fills every slot the message carries
// (corrections included), validates, then asks for the next missing slot, confirms with a summary, or
// completes. While a form runs, the slot being asked is the context for understanding (see ./context.ts).
import { isoDate, readMoney, readNumber, SlotText, wallClock } from '../nlu/index.ts';
import type { Entity, Language, PatternEntity } from '../nlu/types.ts';
import type { Step, StepResult, TurnContext } from '../engine/types.ts';
import type { FormConfig, SlotConfig } from './schema.ts';
import { showList } from './show-list.ts';
import { skillReply } from '../skills/index.ts';
import { bareName, entityFor, entityTypesOf, properName, fold, showValue, withinRules, type SlotValue } from './slots.ts';
import type { FormCompletion, FormHooks, FormState, ReplyVars, SlotExtractor, Slots, SlotValidator, SlotVerdict } from './types.ts';

export const CONFIRM_STAGE = 'confirm';

export interface FormRuntime {
  id: string;
  form: FormConfig;
  intent: string;
  hooks?: FormHooks;
  validators: Record<string, SlotValidator>;
  /** The bot's slot reader named by the form's `extract`. */
  extractor?: SlotExtractor;
}

/** A refused value: what to say about it, with the placeholders as they were when it was refused. */
type Rejection = { slot: string; say?: string; vars: ReplyVars; clears: boolean };

/** One turn of one form: its replies and the state it leaves. */
interface Turn {
  ctx: TurnContext;
  rt: FormRuntime;
  lang: Language;
  prior?: FormState;
  say(keyOrText: string, slots: Slots, extra?: ReplyVars): Promise<string>;
  answer(text: string, state: FormState, extra?: Partial<StepResult>): StepResult;
}

/** The step that runs a form (registered as the specialist of the form's intent). */
export function formStep(rt: FormRuntime): Step {
  return async (ctx) => {
    const { id, form, intent } = rt;
    const prior = ctx.memory[id] as FormState | undefined;
    const active = Boolean(prior?.stage);
    // Nothing understood while the form runs: an answer the form could not read (it counts as a failure).
    const unread = ctx.intents.every((i) => i === ctx.bot.understanding.fallback);
    // A bot-routed form reads whatever the bot's route sends it.
    const byBot = form.routing === 'bot';
    const mine = byBot || ctx.intents.includes(intent) || (active && unread);
    const lang = ctx.understanding.language;
    const t: Turn = {
      ctx,
      rt,
      lang,
      prior,
      say: async (keyOrText, slots, extra = {}) => replyText(ctx, keyOrText, { ...displayed(form, slots, lang), ...(await rt.hooks?.vars?.(ctx, slots)), ...extra }),
      answer: (text, state, extra = {}) => ({
        segments: text ? [{ intent, text, ok: true, data: { form: id, stage: state.stage } }] : [],
        // Keys the bot's code keeps beside the form's own (an id its write returned) stay.
        memory: { [id]: { ...prior, asking: undefined, held: undefined, ...state } },
        // A message only the form could read (a bare answer), or one the bot's route gave a bot-routed form, was
        // served by the form's intent (when it is one of the bot's intents rather than a route of its own).
        ...((active && unread) || (byBot && ctx.bot.intents[intent]) ? { intents: [intent] } : {}),
        ...(form.workflow ? { workflow: state.stage ? form.workflow : null } : {}),
        ...extra,
      }),
    };
    const { say, answer } = t;

    if (!active && prior?.last === 'done' && form.undone && cancels(ctx.text, form.cancel)) return undo(t);
    // A cancel phrase never opens the form ("necesito cancelar mi reservación" reads as the booking's intent): there
    // is nothing running to cancel, and nothing to undo without `undone`. The turn answers without the form.
    if (!active && !byBot && cancels(ctx.text, form.cancel)) return { segments: [] };
    if (active && cancels(ctx.text, form.cancel)) {
      return answer(form.cancelled ? await say(form.cancelled, prior!.slots) : '', { stage: null, slots: prior!.slots, attempts: 0, last: 'cancelled' });
    }
    // Small talk alone ("valeu!") leads the turn (ctx.understanding.lead): the form only asks again.
    if (active && (!mine || ctx.understanding.lead)) {
      // A digression ("onde fica?"): another specialist answers it; the form asks its pending question again.
      const state = prior!;
      return answer(state.stage === CONFIRM_STAGE && form.confirm ? await say(form.confirm, state.slots) : (await question(t, state.stage!, state.slots)).text, state);
    }

    // What the bot's own store knows fills the slots first (its store stays the source of truth).
    const known = (await rt.hooks?.load?.(ctx)) ?? {};
    const slots: Slots = { ...(active ? prior!.slots : {}), ...ofForm(form, known) };
    const pending = active ? prior!.stage! : undefined;
    const entities = ctx.intents.length > 1 ? ctx.entitiesFor(intent) : ctx.entities;
    const { changed, rejected } = await fill(t, slots, pending, entities);
    if (changed.length) await rt.hooks?.onSlots?.(ctx, Object.fromEntries(changed.map((n) => [n, slots[n]])), { ...slots });
    // A question the skills read as out of scope that fills nothing ("¿quién ganó el fútbol ayer?" while the day is
    // asked): the out-of-scope line, then the question again; what it seemed to say (yesterday) is not refused. Not
    // a statement: an answer ("make it 2 pieces") may read as out of scope to the skills.
    const aside = active && !changed.length && ctx.understanding.skillAside?.question ? outOfScopeLine(ctx) : undefined;
    if (aside) rejected.length = 0;

    // The summary waits for yes, no or a correction.
    if (pending === CONFIRM_STAGE && !changed.length && !rejected.length) {
      const yes = entities.find((e) => e.type === 'yesno')?.value as boolean | undefined;
      if (yes === true) return complete(t, slots);
      if (yes === false) return answer(form.cancelled ? await say(form.cancelled, slots) : '', { stage: null, slots, attempts: 0, last: 'cancelled' });
    }

    const progressed = changed.length > 0;
    const attempts = progressed || !active ? 0 : (prior!.attempts ?? 0) + 1;
    if (attempts >= form.maxAttempts && form.onMaxAttempts !== 'ask') {
      const ended: FormState = { stage: null, slots, attempts: 0, last: form.onMaxAttempts === 'handoff' ? 'handoff' : 'cancelled' };
      if (form.onMaxAttempts === 'handoff') return { ...answer('', ended), handoff: { reason: `form ${id}: ${attempts} answers not understood` } };
      return answer(form.cancelled ? await say(form.cancelled, slots) : '', ended);
    }

    if (rejected.length) {
      const bad = rejected.find((r) => r.slot === pending) ?? rejected[0];
      const text = bad.say ?? form.slots[bad.slot].invalid;
      const reply = text ? await say(text, slots, bad.vars) : (await question(t, bad.slot, slots)).text;
      // A refusal that cleared slots (a full class: choose the day again) asks the first one missing.
      const stage = (bad.clears && nextMissing(form, slots)) || bad.slot;
      return answer(reply, { stage, slots, attempts: progressed ? 0 : Math.max(attempts, 1) });
    }

    // A group just filled: the bot's hook speaks first (a search on the preferences given), or holds the form.
    const before: string[] = aside ? [aside] : [];
    const held = await groupFilled(t, slots, changed, before);
    if (held) return answer(joined(before), { stage: held.stage, slots, attempts, held: held.group, asking: held.asking });
    const missing = nextMissing(form, slots);
    if (missing) {
      const q = await question(t, missing, slots);
      return answer(joined([...before, q.text]), { stage: missing, slots, attempts, asking: q.asking });
    }
    if (form.confirm) return answer(joined([...before, await say(form.confirm, slots)]), { stage: CONFIRM_STAGE, slots, attempts });
    return complete(t, slots, before);
  };
}

/** What the bot says to a message out of its scope: the out-of-scope skill's line, else its reply, else the runtime's. */
function outOfScopeLine(ctx: TurnContext): string {
  return ctx.bot.skills.out_of_scope.reply ?? skillReply('out_of_scope', ctx.bot.language, ctx.bot.replies);
}

/** Replies said in one turn, one paragraph each. */
function joined(parts: (string | undefined)[]): string {
  return parts.filter(Boolean).join('\n\n');
}

/** Only the form's own slots, without empty values. */
function ofForm(form: FormConfig, values: Slots): Slots {
  return Object.fromEntries(Object.entries(values).filter(([n, v]) => form.slots[n] && v !== undefined && v !== null && v !== ''));
}

/** The required slots of a group, in the form's order. */
function groupSlots(form: FormConfig, group: string): string[] {
  return Object.entries(form.slots)
    .filter(([, s]) => s.group === group && s.required)
    .map(([n]) => n);
}

/**
 * The `onGroup` hook of each group whose required slots are all filled and one of them changed this turn (or that
 * held the form): what it says goes into `before`; a group that asks to wait is returned with where the form waits.
 */
async function groupFilled(t: Turn, slots: Slots, changed: string[], before: string[]) {
  const { form, hooks } = t.rt;
  if (!hooks?.onGroup) return undefined;
  const groups = [...new Set(Object.values(form.slots).flatMap((s) => (s.group ? [s.group] : [])))];
  for (const group of groups) {
    const members = groupSlots(form, group);
    const touched = members.some((n) => changed.includes(n)) || (t.prior?.stage && t.prior.held === group);
    if (!touched || members.some((n) => slots[n] === undefined)) continue;
    const outcome = await hooks.onGroup(t.ctx, group, { ...slots });
    if (outcome?.say) before.push(await t.say(outcome.say, slots, outcome.vars));
    if (outcome?.wait) return { group, stage: members[0], asking: members };
  }
  return undefined;
}

/** Completion: the bot's action (writes through ctx.defer), then the `done` reply; or the form reopens. */
async function complete(t: Turn, slots: Slots, before: string[] = []): Promise<StepResult> {
  const { form, hooks } = t.rt;
  const result: FormCompletion = (await hooks?.onComplete?.(t.ctx, slots)) ?? {};
  if (result.reopen?.length) {
    const kept = { ...slots };
    for (const name of result.reopen) delete kept[name];
    const stage = nextMissing(form, kept) ?? result.reopen[0];
    const text = result.reply ? await t.say(result.reply, slots, result.vars) : (await question(t, stage, kept)).text;
    return t.answer(joined([...before, result.before, text]), { stage, slots: kept, attempts: 0 });
  }
  return t.answer(joined([...before, result.before, await t.say(result.reply ?? form.done, slots, result.vars)]), { stage: null, slots, attempts: 0, last: 'done' });
}

/** A cancel phrase after the form completed: the bot's onUndo, then the `undone` reply. */
async function undo(t: Turn): Promise<StepResult> {
  const slots = t.prior!.slots;
  const result: FormCompletion = (await t.rt.hooks?.onUndo?.(t.ctx, slots)) ?? {};
  return t.answer(await t.say(result.reply ?? t.rt.form.undone!, slots, result.vars), { stage: null, slots, attempts: 0, last: 'cancelled' });
}

/**
 * Fill slots from the message, read by the bot's slot reader (`extract`) or from the entities; the values are
 * validated in the form's slot order, so a validator sees what the same message gave the slots before.
 */
async function fill(t: Turn, slots: Slots, pending: string | undefined, entities: Entity[]) {
  const { ctx, rt, lang } = t;
  const { form } = rt;
  const names = Object.keys(form.slots);
  const alts = new Map<string, SlotValue>();
  const read = rt.extractor ? await extracted(t, rt.extractor, slots, pending) : fromEntities(t, slots, pending, entities, alts);

  const changed: string[] = [];
  const rejected: Rejection[] = [];
  const today = isoDate(wallClock(ctx.now, ctx.bot.timeZone));
  for (const name of names) {
    let value = read.get(name);
    if (value === undefined || slots[name] === value) continue;
    const slot = form.slots[name];
    // The other reading of the same words when only it fits the slot's rules ("a las 9" to a restaurant that
    // books from 13:00 is 21:00).
    const other = alts.get(name);
    if (other !== undefined && !withinRules(slot, value, { today }) && withinRules(slot, other, { today })) value = other;
    if (slots[name] === value) continue;
    const verdict = withinRules(slot, value, { today }) ? await validate(t, name, slot, value, slots) : { ok: false };
    if (!verdict.ok) {
      const vars = { ...displayed(form, slots, lang), value: showValue(slot.kind, value, lang), ...verdict.vars };
      rejected.push({ slot: name, say: verdict.say, vars, clears: Boolean(verdict.clear?.length) });
      for (const other of verdict.clear ?? []) delete slots[other];
      continue;
    }
    for (const other of verdict.clear ?? []) delete slots[other];
    slots[name] = verdict.value ?? value;
    changed.push(name);
    for (const [other, v] of Object.entries(verdict.fill ?? {})) {
      if (!form.slots[other] || slots[other] === v) continue;
      slots[other] = v;
      changed.push(other);
    }
  }
  return { changed, rejected };
}

/** The values the bot's own slot reader finds in the message (a form with `extract`). */
async function extracted(t: Turn, extractor: SlotExtractor, slots: Slots, pending: string | undefined): Promise<Map<string, SlotValue>> {
  const asking = pending ? (t.prior?.asking ?? [pending]) : [];
  const found = await extractor({ form: t.rt.id, text: t.ctx.text, asking, slots: { ...slots }, ctx: t.ctx });
  return new Map(Object.entries(ofForm(t.rt.form, found)));
}

/**
 * The values the message's entities carry: read for the slot being asked first, then the empty ones, then as
 * corrections of filled ones (a bare name, free text and yes/no only ever answer the slot being asked).
 */
function fromEntities(t: Turn, slots: Slots, pending: string | undefined, entities: Entity[], alts: Map<string, SlotValue>): Map<string, SlotValue> {
  const { ctx, lang } = t;
  const { form } = t.rt;
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
    if (entity?.alt !== undefined) alts.set(name, entity.alt as SlotValue);
    if (value === undefined && asked && !(slot.kind === 'name' && isOtherSlotsValue(ctx.text, entities, form.slots, name))) {
      value = bareAnswer(slot.kind, ctx.text, entities, ctx.bot.entities, lang);
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

async function validate(t: Turn, name: string, slot: SlotConfig, value: SlotValue, slots: Slots): Promise<SlotVerdict> {
  const use = slot.validate?.use;
  if (!use) return { ok: true };
  const validator = t.rt.validators[use];
  if (!validator) throw new Error(`form ${t.rt.id}: validator '${use}' is not in the bot's validators`);
  const verdict = await validator({ form: t.rt.id, slot: name, value, slots: { ...slots }, ctx: t.ctx });
  if (typeof verdict === 'boolean') return { ok: verdict };
  if (typeof verdict === 'string') return { ok: false, say: verdict };
  return verdict;
}

function nextMissing(form: FormConfig, slots: Slots): string | undefined {
  return Object.entries(form.slots).find(([name, s]) => s.required && slots[name] === undefined)?.[0];
}

/**
 * The question for a missing slot. A slot of a group is asked with the group's other missing slots: `askAll` when
 * none of them is known, else `askMany` with {fields} from their labels, else each slot's own question on a line.
 * While nothing of the form is known, `welcome` comes first.
 */
async function question(t: Turn, slot: string, slots: Slots): Promise<{ text: string; asking: string[] }> {
  const { form } = t.rt;
  const group = form.slots[slot]?.group;
  const members = group ? groupSlots(form, group) : [];
  // A filled slot asked again (a refused correction) is asked alone.
  const asking = group && slots[slot] === undefined ? members.filter((n) => slots[n] === undefined) : [slot];
  let text: string;
  if (asking.length > 1 && asking.length === members.length && form.askAll) text = await t.say(form.askAll, slots);
  else if (asking.length > 1 && form.askMany && asking.every((n) => form.slots[n].label)) {
    const labels = await Promise.all(asking.map((n) => t.say(form.slots[n].label!, slots)));
    text = await t.say(form.askMany, slots, { fields: showList(labels, t.lang) });
  } else text = (await Promise.all(asking.map((n) => t.say(form.slots[n]?.ask ?? '', slots)))).join('\n');
  const nothingKnown = Object.keys(form.slots).every((n) => slots[n] === undefined);
  if (form.welcome && nothingKnown) text = `${await t.say(form.welcome, slots)}\n${text}`;
  return { text, asking };
}

/** The slots as replies show them ({data} → "terça-feira, 10/03"). */
function displayed(form: FormConfig, slots: Slots, lang: Language): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(slots)) out[name] = showValue(form.slots[name]?.kind ?? 'text', value, lang);
  return out;
}

/** A reply key of the bot, or the text itself, with {placeholders} filled. */
export function replyText(ctx: TurnContext, keyOrText: string, vars: Record<string, string | number>): string {
  if (ctx.bot.replies[keyOrText] !== undefined) return ctx.reply(keyOrText, vars);
  return keyOrText.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
}

/** Does the message say one of the cancel phrases (whole words, no accents or case)? */
export function cancels(text: string, phrases: string[]): boolean {
  const t = ` ${fold(text).replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  return phrases.some((p) => t.includes(` ${fold(p).replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `));
}
