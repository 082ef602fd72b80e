// The state of one turn's graph and how node updates merge into it. The reducers are written once: LangGraph's
// channels are built from them, and the fused turn (fused-turn.ts) applies them itself.
import { Annotation } from '@langchain/langgraph';
import type { Understanding } from '../nlu/types.ts';
import type { Segment } from './types.ts';

export interface TurnStateValue {
  understanding: Understanding | null;
  /** Transient: which specialists run this turn (overwritten each turn). */
  routes: string[];
  /** Segments of every specialist, merged by key (seed 000's specialists_outputs with operator.or_). */
  outputs: Record<string, Segment[]>;
  memory: Record<string, unknown>;
  data: Record<string, unknown>;
  handoff: { reason: string; intent?: string } | null;
  workflow: string | null | undefined;
  reply: string;
  /** Intents reported by specialists (planners), appended; empty → understanding's intents. */
  servedIntents: string[];
}
export type TurnUpdate = Partial<TurnStateValue>;

type Field<T> = { reducer: (current: T, update: T) => T; default: () => T };
const last = <T>(_current: T, update: T): T => update;
const mergeDict = (a: Record<string, unknown>, b: Record<string, unknown> | undefined) => (b ? { ...a, ...b } : a);

const FIELDS: { [K in keyof TurnStateValue]: Field<TurnStateValue[K]> } = {
  understanding: { reducer: last, default: () => null },
  routes: { reducer: last, default: () => [] },
  outputs: { reducer: (a, b) => ({ ...a, ...b }), default: () => ({}) },
  memory: { reducer: mergeDict, default: () => ({}) },
  data: { reducer: mergeDict, default: () => ({}) },
  handoff: { reducer: (a, b) => b ?? a, default: () => null },
  workflow: { reducer: (a, b) => (b === undefined ? a : b), default: () => undefined },
  reply: { reducer: last, default: () => '' },
  servedIntents: { reducer: (a, b) => [...a, ...b.filter((x) => !a.includes(x))], default: () => [] },
};
const KEYS = Object.keys(FIELDS) as (keyof TurnStateValue)[];

/** The LangGraph state of the turn graph: each node's update merges through the reducers above. */
export const TurnState = Annotation.Root(
  Object.fromEntries(KEYS.map((k) => [k, Annotation<unknown>(FIELDS[k] as Field<unknown>)])) as { [K in keyof TurnStateValue]: ReturnType<typeof Annotation<TurnStateValue[K]>> },
);

/** A fresh state, every field at its default. */
export function initialTurnState(): TurnStateValue {
  return Object.fromEntries(KEYS.map((k) => [k, FIELDS[k].default()])) as unknown as TurnStateValue;
}

/** Merge updates into a state in order, as LangGraph applies one step's writes (a new state; `state` is kept). */
export function applyUpdates(state: TurnStateValue, updates: TurnUpdate[]): TurnStateValue {
  const next = { ...state } as Record<keyof TurnStateValue, unknown>;
  for (const update of updates) {
    for (const key of Object.keys(update) as (keyof TurnStateValue)[]) {
      const field = FIELDS[key] as Field<unknown> | undefined;
      if (field) next[key] = field.reducer(next[key], update[key]);
    }
  }
  return next as TurnStateValue;
}
