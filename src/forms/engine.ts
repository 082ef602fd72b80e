// The form engine: one step that runs a bot.yaml form. Each turn it fills every slot the message carries
// (corrections included), validates, then asks for the next missing slot, confirms with a summary, or
// completes. While a form runs, the slot being asked is the context for understanding (see ./context.ts).
import type { Entity, Language } from '../nlu/types.ts';
import type { Step, StepResult, TurnContext } from '../engine/types.ts';
import type { FormConfig } from './schema.ts';
import { carriedFromOtherClauses } from './from-entities.ts';
import type { SlotTextReader, SlotVocabulary } from './reading.ts';
import { displayed, fill, nextMissing, ofForm, tracedReads, type Rejection, type SlotsRead } from './fill.ts';
import { showList } from './show-list.ts';
import { skillReply } from '../skills/index.ts';
import { renderTemplate } from '../template/index.ts';
import { fold } from '../text/index.ts';
import type { DeclaredValidator, FormCompletion, FormHooks, FormState, ReplyVars, SlotExtractor, Slots, SlotValidator } from './types.ts';

export const CONFIRM_STAGE = 'confirm';
export { isOtherSlotsValue } from './from-entities.ts';
export { openingGroup } from './fill.ts';

export interface FormRuntime {
  id: string;
  form: FormConfig;
  intent: string;
  hooks?: FormHooks;
  validators: Record<string, SlotValidator | DeclaredValidator>;
  /** The bot's slot reader named by the form's `extract`. */
  extractor?: SlotExtractor;
  /** The bot's slot readers (index.ts `slotReaders`), for slots with `reader` in a `read: message` form. */
  readers?: Record<string, SlotTextReader>;
  /** The vocabulary the bot's data adds for reading slots (its `slotVocabulary` hook). */
  vocabulary?: (ctx: TurnContext) => SlotVocabulary | undefined | Promise<SlotVocabulary | undefined>;
}

/** One turn of one form: its replies and the state it leaves. */
interface Turn {
  ctx: TurnContext;
  rt: FormRuntime;
  lang: Language;
  prior?: FormState;
  say(keyOrText: string, slots: Slots, extra?: ReplyVars): Promise<string>;
  answer(text: string, state: FormState, extra?: Partial<StepResult>): StepResult;
  /** The form was running when the message came. */
  active: boolean;
  /** The message is the form's to read (its intent, a bare answer nothing else understood, or the bot's route). */
  mine: boolean;
  /** Profile values of this turn not written yet: one write before a hook of the bot's runs, or when the turn ends. */
  unsaved: Record<string, unknown>;
  /** What the message gave the slots (before checks) and the slots refused, for the turn's trace. */
  read?: SlotsRead;
  refused?: string[];
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
      say: async (keyOrText, slots, extra = {}) => replyText(ctx, keyOrText, { ...displayed(ctx.bot.entities, form, slots, ctx.bot.language), ...(await rt.hooks?.vars?.(ctx, slots)), ...extra }),
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
      active,
      mine,
      unsaved: {},
    };
    const result = await formTurn(t);
    await saveProfile(t);
    const after = result.memory?.[id] as FormState | undefined;
    if (result.segments?.length) showSlotComponents(ctx, form, after);
    const read = tracedReads(t.read ?? new Map(), ctx.entities, ctx.text);
    if (after && (active || read.length || after.stage)) ctx.note?.({ node: `form:${id}`, form: { stage: after.stage, slots: after.slots, read, refused: t.refused ?? [] } });
    return result;
  };
}

/** One turn of the form: cancel, digression, fill, refuse, ask, confirm or complete. */
async function formTurn(t: Turn): Promise<StepResult> {
  const early = await beforeReading(t);
  if (early) return early;
  const filled = await readTurn(t);
  return (await confirmation(t, filled)) ?? (await gaveUp(t, filled)) ?? (await refusal(t, filled)) ?? nextQuestion(t, filled);
}

/** What the message filled: the slots after it, the slot it answered, what changed and what was refused. */
interface Filled {
  slots: Slots;
  pending?: string;
  entities: Entity[];
  changed: string[];
  rejected: Rejection[];
  /** The out-of-scope line for a question beside the form (said before the form asks again). */
  aside?: string;
  attempts: number;
}

/** The turns decided before the message is read into slots: an undo, a cancel, a digression. */
async function beforeReading(t: Turn): Promise<StepResult | undefined> {
  const { ctx, rt, prior, active, mine } = t;
  const { form } = rt;
  const cancel = cancels(ctx.text, form.cancel);
  if (!active && cancel && prior?.last === 'done' && form.undone) return undo(t);
  // A cancel phrase never opens the form ("necesito cancelar mi reservación" reads as the booking's intent): there
  // is nothing running to cancel, and nothing to undo without `undone`. The turn answers without the form.
  if (!active && cancel && form.routing !== 'bot') return { segments: [] };
  if (active && cancel) return cancelled(t, prior!.slots);
  // Small talk alone ("valeu!") leads the turn (ctx.understanding.lead): the form only asks again.
  if (active && (!mine || ctx.understanding.lead)) return askAgain(t, prior!);
  return undefined;
}

/** The form ends without completing: the `cancelled` reply, if the form has one. */
async function cancelled(t: Turn, slots: Slots, ended: FormState = { stage: null, slots, attempts: 0, last: 'cancelled' }): Promise<StepResult> {
  const { form } = t.rt;
  return t.answer(form.cancelled ? await t.say(form.cancelled, slots) : '', ended);
}

/** A digression ("onde fica?"): another specialist answers it; the form asks its pending question again. */
async function askAgain(t: Turn, state: FormState): Promise<StepResult> {
  const { form } = t.rt;
  return t.answer(state.stage === CONFIRM_STAGE && form.confirm ? await t.say(form.confirm, state.slots) : (await question(t, state.stage!, state.slots)).text, state);
}

/** Fill the slots from what is known and what the message says, and tell the bot's code what changed. */
async function readTurn(t: Turn): Promise<Filled> {
  const { ctx, rt, prior, active } = t;
  const { form, intent } = rt;
  // What the customer's profile and the bot's own store know fill the slots first (they stay the source of truth).
  const fromProfile = form.profile ? ((await ctx.profile()) as Slots) : {};
  const known = { ...fromProfile, ...(await rt.hooks?.load?.(ctx)) };
  const slots: Slots = { ...(active ? prior!.slots : {}), ...ofForm(form, known) };
  const pending = active ? prior!.stage! : undefined;
  const entities = ctx.intents.length > 1 ? carriedFromOtherClauses(form, slots, ctx.entitiesFor(intent), ctx.entities) : ctx.entities;
  const { changed, rejected, read } = await fill(t, slots, pending, entities);
  t.read = read;
  t.refused = rejected.map((r) => r.slot);
  const aside = asideLine(t, changed);
  if (aside) rejected.length = 0;
  await slotsChanged(t, slots, changed);
  const attempts = changed.length || !active ? 0 : (prior!.attempts ?? 0) + 1;
  return { slots, pending, entities, changed, rejected, aside, attempts };
}

/**
 * A question the skills read as out of scope that fills nothing ("¿quién ganó el fútbol ayer?" while the day is
 * asked): the out-of-scope line, then the question again; what it seemed to say (yesterday) is not refused. Not
 * a statement: an answer ("make it 2 pieces") may read as out of scope to the skills.
 */
function asideLine(t: Turn, changed: string[]): string | undefined {
  return t.active && !changed.length && t.ctx.understanding.skillAside?.question ? outOfScopeLine(t.ctx) : undefined;
}

/** The slots that changed: the profile's are kept for writing, and the bot's `onSlots` hook hears of them. */
async function slotsChanged(t: Turn, slots: Slots, changed: string[]): Promise<void> {
  const { ctx, rt } = t;
  if (rt.form.profile) for (const n of changed) if (Object.hasOwn(ctx.bot.profile!.fields, n)) t.unsaved[n] = slots[n];
  if (!changed.length || !rt.hooks?.onSlots) return;
  await saveProfile(t);
  await rt.hooks.onSlots(ctx, Object.fromEntries(changed.map((n) => [n, slots[n]])), { ...slots });
}

/** The summary waits for yes, no or a correction: a yes completes the form, a no cancels it. */
async function confirmation(t: Turn, f: Filled): Promise<StepResult | undefined> {
  if (f.pending !== CONFIRM_STAGE || f.changed.length || f.rejected.length) return undefined;
  const yes = f.entities.find((e) => e.type === 'yesno')?.value as boolean | undefined;
  if (yes === true) return complete(t, f.slots);
  if (yes === false) return cancelled(t, f.slots);
  return undefined;
}

/** Too many answers not understood: the form hands off or ends (unless it keeps asking, `onMaxAttempts: ask`). */
async function gaveUp(t: Turn, f: Filled): Promise<StepResult | undefined> {
  const { id, form } = t.rt;
  const { slots, attempts } = f;
  if (attempts < form.maxAttempts || form.onMaxAttempts === 'ask') return undefined;
  const handoff = form.onMaxAttempts === 'handoff';
  const ended: FormState = { stage: null, slots, attempts: 0, last: handoff ? 'handoff' : 'cancelled' };
  if (handoff) return { ...t.answer('', ended), handoff: { reason: `form ${id}: ${attempts} answers not understood` } };
  return cancelled(t, slots, ended);
}

/** A refused value: what the slot says about it (else its question), and the slot asked again. */
async function refusal(t: Turn, f: Filled): Promise<StepResult | undefined> {
  const { form } = t.rt;
  const { slots, pending, rejected, changed, attempts } = f;
  if (!rejected.length) return undefined;
  const bad = rejected.find((r) => r.slot === pending) ?? rejected[0];
  const text = bad.say ?? form.slots[bad.slot].invalid;
  const reply = text ? await t.say(text, slots, bad.vars) : (await question(t, bad.slot, slots)).text;
  // A refusal that cleared slots (a full class: choose the day again) asks the first one missing.
  const stage = (bad.clears && nextMissing(form, slots)) || bad.slot;
  return t.answer(reply, { stage, slots, attempts: changed.length ? 0 : Math.max(attempts, 1) });
}

/** The form goes on: a group's hook speaks or holds it, else the next missing slot is asked, the summary shown, or the form completes. */
async function nextQuestion(t: Turn, f: Filled): Promise<StepResult> {
  const { form } = t.rt;
  const { slots, attempts } = f;
  // A group just filled: the bot's hook speaks first (a search on the preferences given), or holds the form.
  const before: string[] = f.aside ? [f.aside] : [];
  const held = await groupFilled(t, slots, f.changed, before);
  if (held) return t.answer(joined(before), { stage: held.stage, slots, attempts, held: held.group, asking: held.asking });
  const missing = nextMissing(form, slots);
  if (missing) {
    const q = await question(t, missing, slots);
    return t.answer(joined([...before, q.text]), { stage: missing, slots, attempts, asking: q.asking });
  }
  if (form.confirm) return t.answer(joined([...before, await t.say(form.confirm, slots)]), { stage: CONFIRM_STAGE, slots, attempts });
  return complete(t, slots, before);
}

/** What the bot says to a message out of its scope: the out-of-scope skill's line, else its reply, else the runtime's. */
function outOfScopeLine(ctx: TurnContext): string {
  return ctx.bot.skills.out_of_scope.reply ?? skillReply('out_of_scope', ctx.bot.language, ctx.bot.replies);
}

/** Replies said in one turn, one paragraph each. */
function joined(parts: (string | undefined)[]): string {
  return parts.filter(Boolean).join('\n\n');
}

/** Write the turn's unsaved profile values (bot.yaml `profile:`), if any, in one save. */
async function saveProfile(t: Turn): Promise<void> {
  if (!Object.keys(t.unsaved).length) return;
  const values = t.unsaved;
  t.unsaved = {};
  await t.ctx.saveProfile(values);
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
    await saveProfile(t);
    const outcome = await hooks.onGroup(t.ctx, group, { ...slots });
    if (outcome?.say) before.push(await t.say(outcome.say, slots, outcome.vars));
    if (outcome?.wait) return { group, stage: members[0], asking: members };
  }
  return undefined;
}

/** Completion: the bot's action (writes through ctx.defer), then the `done` reply; or the form reopens. */
async function complete(t: Turn, slots: Slots, before: string[] = []): Promise<StepResult> {
  const { form, hooks } = t.rt;
  if (form.completes && (await t.ctx.profile())[form.completes] !== true) t.unsaved[form.completes] = true;
  await saveProfile(t);
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

/** A reply key of the bot, or the text itself, with {placeholders} filled. */
export function replyText(ctx: TurnContext, keyOrText: string, vars: Record<string, string | number>): string {
  if (ctx.bot.replies[keyOrText] !== undefined) return ctx.reply(keyOrText, vars);
  return renderTemplate(keyOrText, vars);
}

/** Does the message say one of the cancel phrases (whole words, no accents or case)? */
export function cancels(text: string, phrases: string[]): boolean {
  const t = ` ${fold(text).replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  return phrases.some((p) => t.includes(` ${fold(p).replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `));
}

/** The `ui:` components of the slots the form's question asks (an income calculator beside "what is your income?"). */
function showSlotComponents(ctx: TurnContext, form: FormConfig, state: FormState | undefined): void {
  if (!state?.stage) return;
  const asked = state.asking ?? [state.stage];
  const ids = new Set(asked.flatMap((slot) => (form.slots[slot]?.ui ? [form.slots[slot].ui!] : [])));
  for (const uiId of ids) {
    const component = ctx.bot.ui[uiId];
    if (!component) continue;
    const { type, ...data } = component;
    ctx.part({ type: `data-${type}`, id: uiId, data: { ...data, locale: ctx.bot.language } });
  }
}
