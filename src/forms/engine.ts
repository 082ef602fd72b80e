// The form engine: one step that runs a bot.yaml form. Each turn it fills every slot the message carries
// (corrections included), validates, then asks for the next missing slot, confirms with a summary, or
// completes. While a form runs, the slot being asked is the context for understanding (see ./context.ts).
import { isoDate, readMoney, readNumber, SlotText, wallClock } from '../nlu/index.ts';
import type { Entity, Language, PatternEntity } from '../nlu/types.ts';
import type { Step, StepResult, TurnContext } from '../engine/types.ts';
import type { FormConfig, SlotConfig } from './schema.ts';
import { bareName, entityFor, properName, fold, showValue, withinRules, type SlotValue } from './slots.ts';
import type { FormCompletion, FormHooks, FormState, ReplyVars, Slots, SlotValidator, SlotVerdict } from './types.ts';

export const CONFIRM_STAGE = 'confirm';

export interface FormRuntime {
  id: string;
  form: FormConfig;
  intent: string;
  hooks?: FormHooks;
  validators: Record<string, SlotValidator>;
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
    const mine = ctx.intents.includes(intent) || (active && unread);
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
        memory: { [id]: { ...prior, ...state } },
        // A message only the form could read (a bare answer) was served by the form's intent.
        ...(active && unread ? { intents: [intent] } : {}),
        ...extra,
      }),
    };
    const { say, answer } = t;

    if (!active && prior?.last === 'done' && form.undone && cancels(ctx.text, form.cancel)) return undo(t);
    if (active && cancels(ctx.text, form.cancel)) {
      return answer(form.cancelled ? await say(form.cancelled, prior!.slots) : '', { stage: null, slots: prior!.slots, attempts: 0, last: 'cancelled' });
    }
    // Small talk alone ("valeu!") leads the turn (ctx.understanding.lead): the form only asks again.
    if (active && (!mine || ctx.understanding.lead)) {
      // A digression ("onde fica?"): another specialist answers it; the form asks its pending question again.
      const state = prior!;
      return answer(state.stage === CONFIRM_STAGE && form.confirm ? await say(form.confirm, state.slots) : await ask(t, state.stage!, state.slots), state);
    }

    const slots: Slots = active ? { ...prior!.slots } : {};
    const pending = active ? prior!.stage! : undefined;
    const entities = ctx.intents.length > 1 ? ctx.entitiesFor(intent) : ctx.entities;
    const { changed, rejected } = await fill(t, slots, pending, entities);

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
      const reply = text ? await say(text, slots, bad.vars) : await ask(t, bad.slot, slots);
      // A refusal that cleared slots (a full class: choose the day again) asks the first one missing.
      const stage = (bad.clears && nextMissing(form, slots)) || bad.slot;
      return answer(reply, { stage, slots, attempts: progressed ? 0 : Math.max(attempts, 1) });
    }

    const missing = nextMissing(form, slots);
    if (missing) return answer(await ask(t, missing, slots), { stage: missing, slots, attempts });
    if (form.confirm) return answer(await say(form.confirm, slots), { stage: CONFIRM_STAGE, slots, attempts });
    return complete(t, slots);
  };
}

/** Completion: the bot's action (writes through ctx.defer), then the `done` reply; or the form reopens. */
async function complete(t: Turn, slots: Slots): Promise<StepResult> {
  const { form, hooks } = t.rt;
  const result: FormCompletion = (await hooks?.onComplete?.(t.ctx, slots)) ?? {};
  if (result.reopen?.length) {
    const kept = { ...slots };
    for (const name of result.reopen) delete kept[name];
    const stage = nextMissing(form, kept) ?? result.reopen[0];
    const text = result.reply ? await t.say(result.reply, slots, result.vars) : await ask(t, stage, kept);
    return t.answer(text, { stage, slots: kept, attempts: 0 });
  }
  return t.answer(await t.say(result.reply ?? form.done, slots, result.vars), { stage: null, slots, attempts: 0, last: 'done' });
}

/** A cancel phrase after the form completed: the bot's onUndo, then the `undone` reply. */
async function undo(t: Turn): Promise<StepResult> {
  const slots = t.prior!.slots;
  const result: FormCompletion = (await t.rt.hooks?.onUndo?.(t.ctx, slots)) ?? {};
  return t.answer(await t.say(result.reply ?? t.rt.form.undone!, slots, result.vars), { stage: null, slots, attempts: 0, last: 'cancelled' });
}

/**
 * Fill slots from the message. Values are read for the slot being asked first, then the empty ones, then as
 * corrections of filled ones (a bare name, free text and yes/no only ever answer the slot being asked); they
 * are validated in the form's slot order, so a validator sees what the same message gave the slots before.
 */
async function fill(t: Turn, slots: Slots, pending: string | undefined, entities: Entity[]) {
  const { ctx, rt, lang } = t;
  const { form } = rt;
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
    if (value === undefined && asked) value = bareAnswer(slot.kind, ctx.text, entities, ctx.bot.entities, lang);
    if (value === undefined) continue;
    if (entity) taken.add(entity);
    if (slot.kind === 'name' && typeof value === 'string') value = properName(value);
    read.set(name, value);
  }

  const changed: string[] = [];
  const rejected: Rejection[] = [];
  const today = isoDate(wallClock(ctx.now, ctx.bot.timeZone));
  for (const name of names) {
    const value = read.get(name);
    if (value === undefined || slots[name] === value) continue;
    const slot = form.slots[name];
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

function ask(t: Turn, slot: string, slots: Slots): Promise<string> {
  return t.say(t.rt.form.slots[slot]?.ask ?? '', slots);
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
