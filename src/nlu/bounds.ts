// The ceiling on what one message costs local understanding: it reads at most MAX_UNDERSTOOD_CHARS characters of a
// message (every processor is linear in that, src/nlu/linearity.test.ts), and a turn's understanding has a time
// budget it checks between its steps (clauses, commands); past it, understanding stops and the turn answers with
// what it has, the bot's fallback, instead of holding the event loop.
import type { Language, Understander, UnderstandInput, Understanding } from './types.ts';

/** The most characters of a message local understanding reads; the rest is kept and stored, but not understood. */
export const MAX_UNDERSTOOD_CHARS = 4000;

/** Milliseconds of local understanding a turn may use (SWITCHBOARD_UNDERSTANDING_BUDGET_MS overrides it). */
export const DEFAULT_UNDERSTANDING_BUDGET_MS = 1000;

/** The part of `text` understanding reads: all of it up to the limit, else its start, cut at a space when one is near. */
export function understoodText(text: string, max = MAX_UNDERSTOOD_CHARS): string {
  if (text.length <= max) return text;
  let end = max;
  // Not inside a word (a name, a number): back to the last space of the last 200 characters, if there is one.
  while (end > max - 200 && end > 0 && !/\s/.test(text[end])) end--;
  if (!/\s/.test(text[end])) end = max;
  // Nor between the two halves of a surrogate pair.
  if (/[\uD800-\uDBFF]/.test(text[end - 1] ?? '')) end--;
  return text.slice(0, end);
}

/** A turn's understanding budget: spent once its deadline has passed. */
export interface UnderstandingBudget {
  readonly spent: boolean;
}

/** A budget of `ms` milliseconds from now on `clock` (performance.now by default). */
export function understandingBudget(ms: number, clock: () => number = () => performance.now()): UnderstandingBudget {
  const deadline = clock() + ms;
  return {
    get spent() {
      return clock() >= deadline;
    },
  };
}

/** The budget a bot's environment sets (SWITCHBOARD_UNDERSTANDING_BUDGET_MS, a number of milliseconds), else the default. */
export function budgetMs(env: NodeJS.ProcessEnv): number {
  const set = Number(env.SWITCHBOARD_UNDERSTANDING_BUDGET_MS);
  return env.SWITCHBOARD_UNDERSTANDING_BUDGET_MS !== undefined && env.SWITCHBOARD_UNDERSTANDING_BUDGET_MS !== '' && Number.isFinite(set) && set >= 0 ? set : DEFAULT_UNDERSTANDING_BUDGET_MS;
}

export interface BoundsOptions {
  /** The bot's fallback intent: what a reading past the budget answers with. */
  fallback: string;
  language: Language;
  /** Milliseconds of understanding per message (Infinity: the text is capped, the time is not). */
  budgetMs: number;
  clock?: () => number;
  /** Makes `inner` ready before the budget starts: training a lazily trained classifier is no message's cost. */
  prepare?: () => void;
}

/**
 * `inner` reading at most MAX_UNDERSTOOD_CHARS of each message within a budget: a reading that spends it is replaced
 * by the bot's fallback (unsure, nothing read), so the turn answers at once with the fallback reply.
 */
export function boundedUnderstander(inner: Understander, opts: BoundsOptions): Understander {
  return {
    async understand(input: UnderstandInput): Promise<Understanding> {
      const text = understoodText(input.text);
      opts.prepare?.();
      const budget = Number.isFinite(opts.budgetMs) ? understandingBudget(opts.budgetMs, opts.clock) : input.budget;
      const u = await inner.understand({ ...input, text, budget });
      if (budget?.spent && Number.isFinite(opts.budgetMs)) {
        return { intents: [{ id: opts.fallback, confidence: 0 }], entities: [], language: opts.language, source: u.source, unsure: true, bounded: 'budget' };
      }
      if (text.length < input.text.length) u.bounded ??= 'length';
      return u;
    },
  };
}
