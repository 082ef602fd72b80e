// Label semantics: an intent's name or label is evidence of what it means. With ten examples per intent,
// "Card payment fee charged" as one more example is worth about a point and a half of accuracy.
import type { Example } from './types.ts';

/** An intent's id as words: 'card_payment_fee_charged' → 'card payment fee charged', 'alarm/set_alarm' → 'alarm set alarm'. */
export function intentIdText(id: string): string {
  return id
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_/.:-]+/g, ' ')
    .trim()
    .toLowerCase();
}

export interface LabelledIntent {
  id: string;
  /** Human label ("Aula experimental"); the id made into words when absent. */
  label?: string;
}

/**
 * One extra training example per intent: its label, or its id made into words. `skip` lists intents whose
 * name says nothing about their examples (a dataset's 'oos'); labels that are already examples add nothing.
 */
export function labelExamples(intents: LabelledIntent[], skip: string[] = []): Example[] {
  const out: Example[] = [];
  for (const { id, label } of intents) {
    if (!id || skip.includes(id)) continue;
    const text = (label ?? '').trim() || intentIdText(id);
    if (/\p{L}/u.test(text)) out.push({ text, intent: id });
  }
  return out;
}

/**
 * A bot's training examples: each intent's examples, plus its label as one more (label semantics) for the
 * intents that have examples (an intent without any stays out of local understanding, as before).
 */
export function intentExamples(intents: Record<string, { label?: string; examples: string[] }>): Example[] {
  const entries = Object.entries(intents).filter(([, c]) => c.examples.length > 0);
  const examples = entries.flatMap(([intent, c]) => c.examples.map((text) => ({ text, intent })));
  return [...examples, ...labelExamples(entries.map(([id, c]) => ({ id, label: c.label })))];
}
