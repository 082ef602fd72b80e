// Slot-filling workflows: a fixed sequence of steps that a conversation walks through over several messages.
// A slot step asks only for what is still missing (several slots may arrive in one message); an action step
// runs once its slots are known (search, compute, present). The state between messages is plain JSON the
// bot keeps in the conversation's memory.

export type SlotValues = Record<string, unknown>;
type SlotName<V> = keyof V & string;

/** A step that waits until its slots are known. */
export interface SlotStep<V extends SlotValues, C> {
  name: string;
  /** The slots this step needs, in the order to ask for them. */
  slots: readonly SlotName<V>[];
  /** The question for the missing slots (it may ask for all of them at once or just the first). */
  ask(missing: SlotName<V>[], context: C, values: Partial<V>): string;
  /** Completion check; default: every slot has a value. */
  complete?(values: Partial<V>): boolean;
}

/** A step that does something with the values gathered so far. */
export interface ActionStep<V extends SlotValues, C> {
  name: string;
  run(context: C, values: Partial<V>): Promise<ActionResult<V>> | ActionResult<V>;
}

export interface ActionResult<V extends SlotValues> {
  /** Text for the reply, in order. */
  say?: string | string[];
  /** Values to merge (computed results the next steps need). */
  values?: Partial<V>;
  /** Continue at this step instead of the next one. */
  goto?: string;
  /** End the turn here (the action asked something); the next message resumes at `goto` or the next step. */
  wait?: boolean;
  /** Slots the question of a waiting action expects (helps the extractor read bare answers). */
  expecting?: SlotName<V>[];
  /** The workflow is finished. */
  done?: boolean;
}

export type WorkflowStep<V extends SlotValues, C> = SlotStep<V, C> | ActionStep<V, C>;

export interface WorkflowDefinition<V extends SlotValues, C> {
  id: string;
  /**
   * Reads slot values from a message. `expecting` lists the slots asked for last, so a bare answer ("17",
   * "Ana") can fill them. Only valid values should come back: what is returned counts as known.
   */
  extract(text: string, info: { expecting: SlotName<V>[]; values: Partial<V>; context: C }): Partial<V> | Promise<Partial<V>>;
  steps: WorkflowStep<V, C>[];
}

/** What a bot stores between messages. */
export interface WorkflowState<V extends SlotValues> {
  step: string;
  values: Partial<V>;
  /** The slots asked for in the last reply. */
  expecting: SlotName<V>[];
}

export interface WorkflowAdvance<V extends SlotValues> {
  /** The state to store (meaningless once done). */
  state: WorkflowState<V>;
  say: string[];
  /** The values read from this message (to persist). */
  found: Partial<V>;
  done: boolean;
  /** Steps that ran this turn, in order (slot steps that only asked included). */
  ran: string[];
}

export function isSlotStep<V extends SlotValues, C>(step: WorkflowStep<V, C>): step is SlotStep<V, C> {
  return 'slots' in step;
}

/** Declare a workflow; checks that step names are unique and `goto`-able. */
export function defineWorkflow<V extends SlotValues, C>(definition: WorkflowDefinition<V, C>): WorkflowDefinition<V, C> {
  if (!definition.steps.length) throw new Error(`workflow '${definition.id}' has no steps`);
  const names = new Set<string>();
  for (const step of definition.steps) {
    if (names.has(step.name)) throw new Error(`workflow '${definition.id}': step '${step.name}' is declared twice`);
    names.add(step.name);
  }
  return definition;
}

export function initialState<V extends SlotValues>(definition: WorkflowDefinition<V, unknown> | { steps: { name: string }[] }, values: Partial<V> = {}): WorkflowState<V> {
  return { step: definition.steps[0].name, values, expecting: [] };
}

export function hasValue(v: unknown): boolean {
  return v !== undefined && v !== null && v !== '';
}

/** Slots of `step` still without a value. */
export function missingSlots<V extends SlotValues>(step: SlotStep<V, unknown>, values: Partial<V>): SlotName<V>[] {
  return step.slots.filter((s) => !hasValue(values[s]));
}

const MAX_STEPS_PER_TURN = 50;

/**
 * Feed one message to the workflow: read the slots it carries, then run steps from the current one until a
 * slot step lacks values (it asks), an action waits, or the workflow ends. A value for a slot of an earlier
 * slot step (a correction: "na verdade quero medicina") rewinds to that step so what follows runs again.
 */
export async function advanceWorkflow<V extends SlotValues, C>(
  definition: WorkflowDefinition<V, C>,
  state: WorkflowState<V> | null | undefined,
  text: string,
  context: C,
): Promise<WorkflowAdvance<V>> {
  const current = state ?? initialState<V>(definition);
  const indexOf = (name: string) => {
    const i = definition.steps.findIndex((s) => s.name === name);
    if (i < 0) throw new Error(`workflow '${definition.id}' has no step '${name}'`);
    return i;
  };
  let i = definition.steps.some((s) => s.name === current.step) ? indexOf(current.step) : 0;
  const found = clean(await definition.extract(text, { expecting: current.expecting ?? [], values: current.values, context }));
  let values: Partial<V> = { ...current.values, ...found };

  const rewindTo = definition.steps.findIndex((s, k) => k < i && isSlotStep(s) && s.slots.some((slot) => slot in found));
  if (rewindTo >= 0) i = rewindTo;

  const say: string[] = [];
  const ran: string[] = [];
  const finish = (): WorkflowAdvance<V> => ({ state: { step: definition.steps[definition.steps.length - 1].name, values, expecting: [] }, say, found, done: true, ran });

  for (let guard = 0; i < definition.steps.length; guard++) {
    if (guard >= MAX_STEPS_PER_TURN) throw new Error(`workflow '${definition.id}' ran more than ${MAX_STEPS_PER_TURN} steps in one turn (a goto loop?)`);
    const step = definition.steps[i];
    ran.push(step.name);
    if (isSlotStep(step)) {
      const missing = missingSlots(step, values);
      const complete = step.complete ? step.complete(values) : missing.length === 0;
      if (!complete) {
        say.push(step.ask(missing, context, values));
        return { state: { step: step.name, values, expecting: missing }, say, found, done: false, ran };
      }
      i++;
      continue;
    }
    const result = await step.run(context, values);
    if (result.values) values = { ...values, ...clean(result.values) };
    if (result.say !== undefined) say.push(...(Array.isArray(result.say) ? result.say : [result.say]).filter((s) => s.trim()));
    if (result.done) return finish();
    const next = result.goto !== undefined ? indexOf(result.goto) : i + 1;
    if (result.wait) {
      if (next >= definition.steps.length) return finish();
      return { state: { step: definition.steps[next].name, values, expecting: result.expecting ?? [] }, say, found, done: false, ran };
    }
    i = next;
  }
  return finish();
}

function clean<V extends SlotValues>(values: Partial<V> | undefined): Partial<V> {
  const out: Partial<V> = {};
  for (const [k, v] of Object.entries(values ?? {})) if (v !== undefined) (out as SlotValues)[k] = v;
  return out;
}
