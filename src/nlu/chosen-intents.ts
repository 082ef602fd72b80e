// The intents a message's clauses chose, each at its best confidence, and what the understanding keeps of them:
// exclusive intents stand aside for regular ones, the fallback for any other, the flow being continued comes first.
import type { IntentScore } from './types.ts';

export class ChosenIntents {
  private readonly chosen = new Map<string, number>();
  /** The intents chosen because a clause answers their flow. */
  private readonly flowIntents = new Set<string>();

  add(id: string, confidence: number, answersFlow = false): void {
    this.chosen.set(id, Math.max(this.chosen.get(id) ?? 0, confidence));
    if (answersFlow) this.flowIntents.add(id);
  }

  /**
   * The intents kept, the conversation's thread first (the flow being continued), then the best. Exclusive intents
   * stand alone: with only exclusive ones, the single best is kept. With real intents present, the fallback has
   * nothing to add either.
   */
  ranked(exclusive: Set<string>, fallback: string): IntentScore[] {
    let intents = [...this.chosen].map(([id, confidence]) => ({ id, confidence }));
    const regular = intents.filter((i) => !exclusive.has(i.id));
    if (regular.length > 0) intents = regular;
    else if (intents.length > 1) intents = [intents.sort((a, b) => b.confidence - a.confidence)[0]];
    if (intents.length > 1) intents = intents.filter((i) => i.id !== fallback);
    const thread = this.flowIntents;
    return intents.sort((a, b) => Number(thread.has(b.id)) - Number(thread.has(a.id)) || b.confidence - a.confidence);
  }
}
