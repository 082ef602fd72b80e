// Forms inside the turn: each form becomes the specialist of its intent, a running form keeps its intent
// routed (so it can ask again after a digression), and its pending slot is context for understanding.
import type { BotConfig } from '../bot/config.ts';
import type { BotDefinition, RouteContext, TurnContext } from '../engine/types.ts';
import type { ActiveFlowContext } from '../nlu/types.ts';
import { CONFIRM_STAGE, cancels, formStep, type FormRuntime } from './engine.ts';
import type { SlotVocabulary } from './reading.ts';
import { readingProblems } from './reading-kinds.ts';
import { fold } from '../text/index.ts';
import { wholeAnswer } from '../nlu/index.ts';
import type { Language } from '../nlu/types.ts';
import type { FormConfig } from './schema.ts';
import type { FormState } from './types.ts';

/** The bot's definition with a specialist per form (the bot's own specialist of that name wins). */
export function withForms(config: BotConfig, definition: BotDefinition): BotDefinition {
  const forms = Object.entries(config.forms);
  if (!forms.length) return definition;
  const specialists = { ...definition.specialists };
  for (const [id, form] of forms) {
    const intent = form.intent ?? id;
    if (!definition.specialists[intent]) specialists[intent] = formStep(formRuntime(config, definition, id, intent));
  }
  return { ...definition, specialists, refineIntents: cancelsFirst(config, definition), route: runningFormsRouted(config, definition) };
}

/** What a form runs with: the bot's hooks, validators and readers for it, each checked to exist. */
function formRuntime(config: BotConfig, definition: BotDefinition, id: string, intent: string): FormRuntime {
  const form = config.forms[id];
  checkValidators(config, definition, id, form);
  const extractor = form.extract ? definition.extractors?.[form.extract] : undefined;
  if (form.extract && !extractor) throw new Error(`bot '${config.id}': forms.${id}.extract names '${form.extract}', which the bot's index.ts does not export in extractors`);
  const problems = readingProblems(config, id, form, definition.slotReaders ?? {});
  if (problems.length) throw new Error(`bot '${config.id}': ${problems.join('; ')}`);
  return {
    id,
    form,
    intent,
    hooks: definition.forms?.[id],
    validators: definition.validators ?? {},
    extractor,
    readers: definition.slotReaders,
    vocabulary: definition.slotVocabulary as ((ctx: TurnContext) => SlotVocabulary | undefined | Promise<SlotVocabulary | undefined>) | undefined,
  };
}

/** Every validator a slot names (`validate.use`) is one the bot's code exports. */
function checkValidators(config: BotConfig, definition: BotDefinition, id: string, form: FormConfig): void {
  for (const [name, slot] of Object.entries(form.slots)) {
    const use = slot.validate?.use;
    if (use && !definition.validators?.[use]) throw new Error(`bot '${config.id}': forms.${id}.slots.${name}.validate.use names '${use}', which the bot's index.ts does not export in validators`);
  }
}

/**
 * The bot's intent refinement, then: a cancel phrase is the form's business while it runs, and after it completed
 * when it can be undone ("cancela a aula" after the booking), whatever the classifier made of the message.
 */
function cancelsFirst(config: BotConfig, definition: BotDefinition) {
  return async (ctx: RouteContext): Promise<string[]> => {
    let intents = definition.refineIntents ? await definition.refineIntents(ctx) : ctx.intents;
    const cancelled = formsCancelledBy(config, ctx.memory, ctx.text);
    // Nothing but a cancel phrase ("deixa pra lá"): the form's alone, whatever else the classifier saw in it.
    if (cancelled.length && isOnlyCancel(config.forms, ctx.text, config.language.slice(0, 2) as Language)) return cancelled;
    for (const intent of cancelled) {
      if (intents.includes(intent)) continue;
      intents = [intent, ...intents.filter((i) => i !== config.understanding.fallback)];
    }
    return intents;
  };
}

/** The bot's route, then the running forms: a form waiting for an answer keeps its intent routed. */
function runningFormsRouted(config: BotConfig, definition: BotDefinition) {
  return async (ctx: RouteContext): Promise<string[]> => {
    const routes = definition.route ? await definition.route(ctx) : ctx.intents;
    const running = runningForms(config, ctx.memory).map((f) => f.intent);
    if (!running.length) return routes;
    // Only the fallback understood while a form waits: the form reads the message as its answer, alone.
    if (ctx.intents.every((i) => i === config.understanding.fallback)) return running;
    return [...routes, ...running.filter((i) => !routes.includes(i))];
  };
}

/**
 * The intents of the forms a message cancels: a running form, or a completed one that can be undone, whose cancel
 * phrases the message says. Such a message is the form's, whatever understanding (or a built-in skill) made of it.
 */
export function formsCancelledBy(config: BotConfig, memory: Record<string, unknown>, text: string): string[] {
  return Object.entries(config.forms)
    .filter(([id, form]) => {
      const state = memory[id] as FormState | undefined;
      const undoable = !state?.stage && state?.last === 'done' && Boolean(form.undone);
      return (state?.stage || undoable) && cancels(text, form.cancel);
    })
    .map(([id, form]) => form.intent ?? id);
}

/**
 * Whether the message says nothing but a form's cancel phrases (case, accents and punctuation aside): one phrase,
 * several ("ya no, cancela"), or with a no before or after them ("no, deixa pra lá") in the bot's language.
 */
export function isOnlyCancel(forms: BotConfig['forms'], text: string, lang?: Language): boolean {
  const bare = (s: string) => fold(s.replace(/[^\p{L}\p{N}]+/gu, ' '));
  return Object.values(forms).some((form) => {
    const phrases = form.cancel.map(bare).filter(Boolean).sort((a, b) => b.length - a.length);
    let rest = ` ${bare(text)} `;
    let said = false;
    for (const phrase of phrases) {
      while (rest.includes(` ${phrase} `)) {
        rest = rest.replace(` ${phrase} `, ' ');
        said = true;
      }
    }
    const left = rest.trim();
    return said && (!left || (lang !== undefined && wholeAnswer(left, lang) === false));
  });
}


/**
 * Forms in progress (a pending slot or a summary waiting for a yes) that the runtime routes: a bot-routed form
 * (`routing: bot`) waits for the bot's route and is no context for understanding.
 */
function runningForms(config: BotConfig, memory: Record<string, unknown>) {
  return Object.entries(config.forms)
    .filter(([, form]) => form.routing === 'runtime')
    .map(([id, form]) => ({ id, form, intent: form.intent ?? id, stage: (memory[id] as FormState | undefined)?.stage }))
    .filter((f): f is typeof f & { stage: string } => Boolean(f.stage));
}

/**
 * Running forms as understanding's context: a short answer of the pending slot's kind ("amanhã", "Maria Silva")
 * continues the form; so does a value for another slot of the form (a correction, or giving two at once; a name
 * after its cue), and
 * a yes or no ("sim" while a day is asked goes on with the form, which asks again).
 */
export function activeForms(config: BotConfig, memory: Record<string, unknown>): ActiveFlowContext[] {
  return runningForms(config, memory).map(({ id, form, intent, stage }) => {
    const pendingKind = form.slots[stage]?.kind;
    // A name counts for another slot only as the person entity, said after its cue ("me llamo Lucía Gómez").
    const others = Object.values(form.slots)
      .map((s) => (s.kind === 'name' ? 'person' : s.kind))
      .filter((k) => !['text', 'yesno'].includes(k));
    // A bare number answers a slot whose kind is a `number:`/`money:` entity ("17" when the age is asked).
    const numeric = config.entities.some((e) => e.type === pendingKind && (e.number || e.money)) ? ['number', 'money'] : [];
    const first = stage === CONFIRM_STAGE ? ['yesno'] : pendingKind ? [pendingKind, ...numeric, 'yesno'] : ['yesno'];
    return {
      flow: id,
      intent,
      stage,
      expects: [...new Set([...first, ...others])],
      description: form.context?.replace('{slot}', stage),
    };
  });
}
