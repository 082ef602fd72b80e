// Label semantics: an intent's name or label is evidence of what it means. With ten examples per intent,
// "Card payment fee charged" as one more example is worth about a point and a half of accuracy. It is a
// cold-start prior: an intent with many examples says what it means better than its label, and there the label
// (phrased unlike any customer) only shifted the reference bots' multi-intent decisions, so it is left out.
import type { Example } from './types.ts';

/** Intents with fewer examples than this get their label as one more. */
export const LABEL_EVIDENCE_BELOW = 20;

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
 * intents with a few examples (an intent without any stays out of local understanding, as before).
 */
export function intentExamples(intents: Record<string, { label?: string; examples: string[] }>): Example[] {
  const examples = Object.entries(intents).flatMap(([intent, c]) => c.examples.map((text) => ({ text, intent })));
  return [...examples, ...labelEvidence(intents)];
}

/** Just the label examples intentExamples adds (cross-validation trains on them and never tests them). */
export function labelEvidence(intents: Record<string, { label?: string; examples: string[] }>): Example[] {
  const few = Object.entries(intents).filter(([, c]) => c.examples.length > 0 && c.examples.length < LABEL_EVIDENCE_BELOW);
  return labelExamples(few.map(([id, c]) => ({ id, label: c.label })));
}
