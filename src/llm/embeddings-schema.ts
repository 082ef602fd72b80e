// bot.yaml's `understanding.embeddings`: an embedding model's spec, or the spec with its deadline. Light on purpose
// (no provider SDK): every bot's config is validated with it at start.
import { z } from 'zod';
import { embeddingSpecProblem } from './spec.ts';

/** Deadline of one embedding request when bot.yaml gives none, in ms. */
export const DEFAULT_EMBEDDING_TIMEOUT_MS = 5_000;

const embeddingSpec = z.string().superRefine((spec, ctx) => {
  const problem = embeddingSpecProblem(spec);
  if (problem) ctx.addIssue({ code: 'custom', message: `embedding model ${problem}` });
});

/**
 * An embedding model whose nearest examples join local understanding: `provider:model`, or `{ model, timeoutMs }`.
 */
export const embeddingsSchema = z.union([
  embeddingSpec,
  z.strictObject({
    model: embeddingSpec,
    /** Deadline of one embedding request, in ms (the message is read locally past it). */
    timeoutMs: z.number().int().positive().max(60_000).default(DEFAULT_EMBEDDING_TIMEOUT_MS),
  }),
]);

/** The embedding model and its deadline, from either form of `understanding.embeddings`. */
export function embeddingsSettings(value: z.infer<typeof embeddingsSchema> | undefined): { model: string; timeoutMs: number } | null {
  if (value === undefined) return null;
  return typeof value === 'string' ? { model: value.trim(), timeoutMs: DEFAULT_EMBEDDING_TIMEOUT_MS } : { model: value.model.trim(), timeoutMs: value.timeoutMs };
}
