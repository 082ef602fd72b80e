// What an action's tool reads and what its result leaves behind: arguments taken from the action's slots and from
// the references earlier actions remembered (`$lead_atual.id`), and the references a result describes.
import type { ActionIntentConfig, ActionsConfig } from './schema.ts';
import { hasValue, type Vars } from './template.ts';

/** Remembered references by name (`lead_atual: { id, nome }`). */
export type Remembered = Record<string, unknown>;

/** A source's value: `$ref.field` from what is remembered, else the slot of that name. */
function source(name: string, slots: Vars, memory: Remembered): unknown {
  if (!name.startsWith('$')) return slots[name];
  const [ref, key = 'id'] = name.slice(1).split('.');
  const remembered = memory[ref];
  return remembered && typeof remembered === 'object' ? (remembered as Vars)[key] : undefined;
}

/** The first of the names (one, or a list in order of preference) whose value is set. */
function firstOf(names: string | string[], read: (name: string) => unknown): unknown {
  for (const name of [names].flat()) {
    const v = read(name);
    if (hasValue(v)) return v;
  }
  return undefined;
}

/** The tool's arguments: each from its sources, or the slots as they are. */
export function toolArgs(spec: ActionIntentConfig, planned: object, memory: Remembered): Vars {
  const slots = planned as Vars;
  if (!spec.args) return { ...slots };
  const out: Vars = {};
  for (const [arg, from] of Object.entries(spec.args)) {
    const v = firstOf(from, (name) => source(name, slots, memory));
    if (v !== undefined) out[arg] = v;
  }
  return out;
}

/** Reference `ref` as the row `result` describes (its `remember` fields), or null when one is missing. */
export function referenceOf(config: ActionsConfig, ref: string, result: Vars): Vars | null {
  const value: Vars = {};
  for (const [key, from] of Object.entries(config.remember[ref] ?? {})) value[key] = firstOf(from, (name) => result[name]);
  return Object.keys(value).length && Object.values(value).every(hasValue) ? value : null;
}

/** What a result leaves behind: each reference whose every field the result carries. */
export function remember(config: ActionsConfig, result: Vars, memory: Remembered): void {
  for (const ref of Object.keys(config.remember)) {
    const value = referenceOf(config, ref, result);
    if (value) memory[ref] = value;
  }
}
