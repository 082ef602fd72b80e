// Public door of src/llm: model registry, robust model calls, LLM and cascade understanding,
// tagged and grounded replies.
import { ModelClient, type ModelClientOptions } from './client.ts';
import { resolveModel } from './registry.ts';

export { resolveModel, effectiveModelSpec, parseModelSpec, PROVIDERS, DEFAULT_OLLAMA_URL } from './registry.ts';
export type { ChatModelHandle, Provider } from './registry.ts';
export { ModelClient, jsonSchemaOf } from './client.ts';
export type { ModelClientOptions, CallOptions, StructuredOptions, TextOptions, JsonOptions } from './client.ts';
export { CircuitBreaker, sharedBreaker, sharedBreakers } from './circuit-breaker.ts';
export type { CircuitState, CircuitBreakerOptions } from './circuit-breaker.ts';
export { ModelUnavailableError, ModelTimeoutError, InvalidModelOutputError, ModelConfigError, isModelFailure } from './errors.ts';
export type { UnavailableReason } from './errors.ts';
export type { ChatMessage } from './messages.ts';
export type { CallTrace, UsageSummary } from './trace.ts';
export { summarizeTrace, observeModelCalls } from './trace.ts';
export { parseJsonLoose, tryParseJsonLoose } from './json.ts';
export { parseLiteral, tryParseLiteral, parseObjectLoose, extractBalanced, stripCodeFence, toPythonLiteral, LiteralSyntaxError } from './literal.ts';
export { wording } from './language.ts';
export type { BotLanguage } from './language.ts';
export {
  createLlmUnderstander,
  applyIntentRules,
  triageSchema,
  triageSystemPrompt,
  triageUserContent,
  LLM_CONFIDENCE,
} from './understander.ts';
export type { IntentCatalogEntry, LlmBotProfile, LlmUnderstandInput, LlmUnderstanding, LlmUnderstander, TriageResult } from './understander.ts';
export { createCascadeUnderstander, whyUnsure } from './cascade.ts';
export type { CascadeOptions, CascadeStats, CascadeUnderstanding, CascadeUnderstander } from './cascade.ts';
export { parseIntentTag, intentTagInstructions, createIntentTagFilter, generateTaggedReply } from './tagged.ts';
export type { TaggedReply, TaggedReplyRequest } from './tagged.ts';
export { botPlannerPrompt, plannerCatalogue, plannerSystemPrompt } from './planner-prompt.ts';
export type { PlannerIntentSpec, PlannerPromptInput, PlannerSlotSpec } from './planner-prompt.ts';
export { generateGroundedReply, groundedMessages } from './grounded.ts';
export type { GroundedReplyRequest } from './grounded.ts';

/** The client for a spec, or null for 'local'. Throws ModelConfigError for a bad spec or a missing key. */
export function createModelClient(spec: string, env: NodeJS.ProcessEnv = process.env, options?: ModelClientOptions): ModelClient | null {
  const handle = resolveModel(spec, env);
  return handle ? new ModelClient(handle, options) : null;
}

export { modelBindingFor, botProfile } from './binding.ts';
export { EmbeddingClient, resolveEmbeddings, embeddingSpecProblem, EMBEDDING_PROVIDERS } from './embeddings.ts';
export type { EmbeddingClientOptions, EmbeddingHandle, EmbeddingProvider, EmbedOptions } from './embeddings.ts';
export { embeddedExamples, embeddingMeaning, textHash, MAX_EMBEDDED_TEXTS } from './embedded-examples.ts';
export type { LabelledText, MeaningFactory, VectorCache } from './embedded-examples.ts';
export type { BotModelBinding, TurnModelApi, ModelCallRecord } from './binding.ts';
