// Cascade understanding: the local classifier answers first; the model is asked only when the
// local result is unsure, and any model failure falls back to the local result.
import type { IntentScore, Understander, Understanding } from '../nlu/types.ts';
import type { LlmUnderstandInput, LlmUnderstanding } from './understander.ts';

export interface CascadeOptions {
  local: Understander;
  llm: Understander;
  /** Below this top confidence the local result is unsure. */
  threshold: number;
  /** The bot's fallback intent: a local fallback while a flow is active means the flow answer was not placed. */
  fallback?: string;
  /** Two top scores closer than this (and the runner-up not chosen) are ambiguous. Default 0.1. */
  ambiguityMargin?: number;
}

export interface CascadeStats {
  turns: number;
  llmCalls: number;
  llmFailures: number;
}

export interface CascadeUnderstanding extends LlmUnderstanding {
  /** Why the model was asked; absent when the local result was kept as sure. */
  escalation?: string;
}

export interface CascadeUnderstander extends Understander {
  understand(input: LlmUnderstandInput): Promise<CascadeUnderstanding>;
  readonly stats: Readonly<CascadeStats>;
}

export function createCascadeUnderstander(options: CascadeOptions): CascadeUnderstander {
  const { local, llm, threshold } = options;
  const margin = options.ambiguityMargin ?? 0.1;
  const stats: CascadeStats = { turns: 0, llmCalls: 0, llmFailures: 0 };

  return {
    stats,
    async understand(input) {
      stats.turns++;
      const localResult = await local.understand(input);
      const escalation = whyUnsure(localResult, input, threshold, margin, options.fallback);
      if (!escalation) return localResult;

      stats.llmCalls++;
      let modelResult: LlmUnderstanding;
      try {
        modelResult = await llm.understand(input);
      } catch (err) {
        stats.llmFailures++;
        return { ...localResult, source: 'local', escalation, note: `model not used: ${err instanceof Error ? err.message : String(err)}` };
      }
      if (modelResult.source !== 'llm') {
        // The LLM understander fell back by itself (its own local copy); keep ours.
        stats.llmFailures++;
        return { ...localResult, source: 'local', escalation, note: modelResult.note ?? 'model not used' };
      }
      return {
        ...modelResult,
        entities: modelResult.entities.length ? modelResult.entities : localResult.entities,
        scores: modelResult.scores ?? localResult.scores,
        escalation,
      };
    },
  };
}

/** Returns why the local result should be checked by the model, or null when it is sure enough. */
export function whyUnsure(result: Understanding, input: LlmUnderstandInput, threshold: number, margin: number, fallback?: string): string | null {
  // A request for a person, or a message the skills judged none of the bot's business, is sure enough.
  if (result.skill?.kind === 'human' || result.skill?.kind === 'out_of_scope') return null;
  if (result.unsure) return 'local result flagged unsure';
  const top = result.intents[0];
  if (!top || top.confidence < threshold) return `top confidence ${top ? top.confidence.toFixed(2) : 'none'} below ${threshold}`;
  return ambiguity(result, margin) ?? flowFellBack(result, input, fallback);
}

/** The two best scores too close to call, the runner-up not being one of the chosen intents. */
function ambiguity(result: Understanding, margin: number): string | null {
  const ranked: IntentScore[] = [...(result.scores ?? result.intents)].sort((a, b) => b.confidence - a.confidence);
  if (ranked.length < 2) return null;
  const [first, second] = ranked;
  const chosen = new Set(result.intents.map((i) => i.id));
  if (!chosen.has(second.id) && first.confidence - second.confidence < margin) {
    return `ambiguous: ${first.id} ${first.confidence.toFixed(2)} vs ${second.id} ${second.confidence.toFixed(2)}`;
  }
  return null;
}

/** A flow is waiting for an answer, none of its intents was placed, and the local result chose the fallback. */
function flowFellBack(result: Understanding, input: LlmUnderstandInput, fallback?: string): string | null {
  if (input.flows.length === 0 || fallback === undefined) return null;
  const flowIntents = new Set(input.flows.map((f) => f.intent));
  const placed = result.intents.some((i) => flowIntents.has(i.id));
  const fellBack = result.intents.some((i) => i.id === fallback);
  return !placed && fellBack ? `active flow ${input.flows[0].flow} and the local result fell back` : null;
}
