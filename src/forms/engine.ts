// The form engine: one step that runs a bot.yaml form. Each turn it fills every slot the message carries
// (corrections included), validates, then asks for the next missing slot, confirms with a summary, or
// completes. While a form runs, the slot being asked is the context for understanding (see ./context.ts).
import { isoDate, wallClock } from '../nlu/index.ts';
import type { Entity, Language } from '../nlu/types.ts';
import type { Step, StepResult, TurnContext } from '../engine/types.ts';
import type { FormConfig, SlotConfig } from './schema.ts';
import { bareName, entityFor, properName, fold, showValue, withinRules, type SlotValue } from './slots.ts';
import type { FormHooks, FormState, Slots, SlotValidator } from './types.ts';

export const CONFIRM_STAGE = 'confirm';

export interface FormRuntime {
  id: string;
  form: FormConfig;
  intent: string;
  hooks?: FormHooks;
  validators: Record<string, SlotValidator>;
}

type Rejection = { slot: string; value: SlotValue; say?: string };

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
    const vars = (slots: Slots, extra: Record<string, string | number> = {}) => ({ ...displayed(form, slots, lang), ...extra });
    const say = (keyOrText: string, slots: Slots, extra?: Record<string, string | number>) => replyText(ctx, keyOrText, vars(slots, extra));
    const answer = (text: string, state: FormState, extra: Partial<StepResult> = {}): StepResult => ({
      segments: text ? [{ intent, text, ok: true, data: { form: id, stage: state.stage } }] : [],
      memory: { [id]: state },
      ...extra,
    });

    if (active && cancels(ctx.text, form.cancel)) {
      return answer(form.cancelled ? say(form.cancelled, prior!.slots) : '', { stage: null, slots: prior!.slots, attempts: 0, last: 'cancelled' });
    }
    if (active && !mine) {
      // A digression ("onde fica?"): another specialist answers it; the form asks its pending question again.
      const state = prior!;
      return answer(state.stage === CONFIRM_STAGE && form.confirm ? say(form.confirm, state.slots) : ask(ctx, form, state.stage!, state.slots, lang), state);
    }

    const slots: Slots = active ? { ...prior!.slots } : {};
    const pending = active ? prior!.stage! : undefined;
    const entities = ctx.intents.length > 1 ? ctx.entitiesFor(intent) : ctx.entities;
    const { changed, rejected } = await fill(rt, ctx, slots, pending, entities);

    // The summary waits for yes, no or a correction.
    if (pending === CONFIRM_STAGE && !changed.length && !rejected.length) {
      const yes = entities.find((e) => e.type === 'yesno')?.value as boolean | undefined;
      if (yes === true) return complete(rt, ctx, slots, answer, say);
      if (yes === false) return answer(form.cancelled ? say(form.cancelled, slots) : '', { stage: null, slots, attempts: 0, last: 'cancelled' });
    }

    const progressed = changed.length > 0;
    const attempts = progressed || !active ? 0 : (prior!.attempts ?? 0) + 1;
    if (attempts >= form.maxAttempts && form.onMaxAttempts !== 'ask') {
      const ended: FormState = { stage: null, slots, attempts: 0, last: form.onMaxAttempts === 'handoff' ? 'handoff' : 'cancelled' };
      if (form.onMaxAttempts === 'handoff') return { ...answer('', ended), handoff: { reason: `form ${id}: ${attempts} answers not understood` } };
      return answer(form.cancelled ? say(form.cancelled, slots) : '', ended);
    }

    if (rejected.length) {
      const bad = rejected.find((r) => r.slot === pending) ?? rejected[0];
      const slot = form.slots[bad.slot];
      const value = showValue(slot.kind, bad.value, lang);
      const text = bad.say ?? slot.invalid;
      const reply = text ? say(text, slots, { value }) : ask(ctx, form, bad.slot, slots, lang);
      return answer(reply, { stage: bad.slot, slots, attempts: progressed ? 0 : Math.max(attempts, 1) });
    }

    const missing = nextMissing(form, slots);
    if (missing) return answer(ask(ctx, form, missing, slots, lang), { stage: missing, slots, attempts });
    if (form.confirm) return answer(say(form.confirm, slots), { stage: CONFIRM_STAGE, slots, attempts });
    return complete(rt, ctx, slots, answer, say);
  };
}

/** Completion: the bot's action (writes through ctx.defer), then the `done` reply. */
async function complete(
  rt: FormRuntime,
  ctx: TurnContext,
  slots: Slots,
  answer: (text: string, state: FormState) => StepResult,
  say: (keyOrText: string, slots: Slots, extra?: Record<string, string | number>) => string,
): Promise<StepResult> {
  const result = (await rt.hooks?.onComplete?.(ctx, slots)) ?? {};
  return answer(say(result.reply ?? rt.form.done, slots, result.vars), { stage: null, slots, attempts: 0, last: 'done' });
}

/**
 * Fill slots from the message: the slot being asked first, then the empty ones, then corrections of filled
 * ones. A bare name, free text and yes/no only ever answer the slot being asked.
 */
async function fill(rt: FormRuntime, ctx: TurnContext, slots: Slots, pending: string | undefined, entities: Entity[]) {
  const { form } = rt;
  const names = Object.keys(form.slots);
  const order = [...new Set([...(pending && form.slots[pending] ? [pending] : []), ...names.filter((n) => slots[n] === undefined), ...names])];
  const taken = new Set<Entity>();
  const changed: string[] = [];
  const rejected: Rejection[] = [];
  const today = isoToday(ctx.now, ctx.bot.timeZone);
  for (const name of order) {
    const slot = form.slots[name];
    const asked = name === pending;
    if (!asked && ['yesno', 'text'].includes(slot.kind)) continue;
    const entity = entityFor(slot.kind, entities, taken);
    let value: SlotValue | undefined = entity?.value as SlotValue | undefined;
    if (value === undefined && asked) value = bareAnswer(slot.kind, ctx.text, entities);
    if (value === undefined) continue;
    if (entity) taken.add(entity);
    if (slot.kind === 'name' && typeof value === 'string') value = properName(value);
    if (slots[name] === value) continue;
    const verdict = withinRules(slot, value, { today }) ? await validate(rt, ctx, name, slot, value, slots) : false;
    if (verdict !== true) {
      rejected.push({ slot: name, value, say: typeof verdict === 'string' ? verdict : undefined });
      continue;
    }
    slots[name] = value;
    changed.push(name);
  }
  return { changed, rejected };
}

/** What a short answer means when it is the slot being asked: "Maria Silva" a name, "10" an hour, anything a text. */
function bareAnswer(kind: string, text: string, entities: Entity[]): SlotValue | undefined {
  if (kind === 'name') return bareName(text);
  if (kind === 'text') return text.trim() || undefined;
  if (kind === 'time') {
    const hour = entities.find((e) => e.type === 'number' && Number.isInteger(e.value) && (e.value as number) >= 0 && (e.value as number) <= 23);
    return hour && text.trim().length <= 12 ? `${String(hour.value).padStart(2, '0')}:00` : undefined;
  }
  return undefined;
}

async function validate(rt: FormRuntime, ctx: TurnContext, name: string, slot: SlotConfig, value: SlotValue, slots: Slots): Promise<boolean | string> {
  const use = slot.validate?.use;
  if (!use) return true;
  const validator = rt.validators[use];
  if (!validator) throw new Error(`form ${rt.id}: validator '${use}' is not in the bot's validators`);
  return validator({ form: rt.id, slot: name, value, slots: { ...slots }, ctx });
}

function nextMissing(form: FormConfig, slots: Slots): string | undefined {
  return Object.entries(form.slots).find(([name, s]) => s.required && slots[name] === undefined)?.[0];
}

function ask(ctx: TurnContext, form: FormConfig, slot: string, slots: Slots, lang: Language): string {
  return replyText(ctx, form.slots[slot]?.ask ?? '', displayed(form, slots, lang));
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

function isoToday(now: Date, timeZone: string): string {
  return isoDate(wallClock(now, timeZone));
}
