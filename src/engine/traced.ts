// What the turn's trace keeps of the entities read from a message (the debug view): type, value and span.
import type { Entity } from '../nlu/types.ts';
import type { TracedSpan } from './types.ts';

export function tracedEntities(entities: readonly Entity[]): TracedSpan[] {
  return entities.map((e) => ({ type: e.type, value: e.value, text: e.text, start: e.start, end: e.end }));
}
