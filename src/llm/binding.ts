// The adapter the runtime uses: for a bot's config, the model client plus the understander and the
// per-turn model that record their calls into the turn's trace. Shapes match src/engine's
// ModelBinding/TurnModel structurally (src/llm does not import the engine).
import type { BotConfig, IntentConfig } from '../bot/config.ts';
import type { Understander } from '../nlu/types.ts';
import { createCascadeUnderstander } from './cascade.ts';
import { ModelClient, type ModelClientOptions } from './client.ts';
import { effectiveModelSpec, resolveModel } from './registry.ts';
import type { CallTrace } from './trace.ts';
import { createLlmUnderstander, type IntentCatalogEntry, type LlmBotProfile, type LlmUnderstandInput } from './understander.ts';
import { generateTaggedReply } from './tagged.ts';
import { isModelFailure } from './errors.ts';

/** A model call as the engine stores it with the turn (CallTrace is assignable to it); src/engine re-exports this type. */
export interface ModelCallRecord {
  model: string;
  purpose: string;
  latencyMs: number;
  inputTokens?: number;
  outputTokens?: number;
  ok: boolean;
  error?: string;
}

export interface TurnModelApi {
  spec: string;
  generate(args: { system: string; user: string; purpose: string; onDelta?: (text: string) => void }): Promise<string>;
  json(args: { system: string; user: string; purpose: string }): Promise<unknown>;
}

export interface BotModelBinding {
  spec: string;
  client: ModelClient;
  /**
   * Wraps the local understander into the bot's mode: 'llm' (model, local as fallback) or 'cascade'. Its model
   * calls are recorded into each call's `input.trace` (the turn's own list).
   */
  understander(local: Understander, config: BotConfig, intents: Record<string, IntentConfig>): Understander;
  /** A turn-scoped model whose calls are appended to `calls`. */
  forTurn(calls: ModelCallRecord[]): TurnModelApi;
}

/**
 * The binding for a bot, or null when it runs locally (its model, or SWITCHBOARD_MODEL, is 'local').
 * Throws ModelConfigError for an unknown provider or a missing key: misconfiguration is loud.
 * The bot's `temperature` (bot.yaml, or the console's override) goes with every request.
 * SWITCHBOARD_LLM_TIMEOUT_MS sets the per-request deadline (default 20 000).
 */
export function modelBindingFor(config: BotConfig, env: NodeJS.ProcessEnv = process.env, options: ModelClientOptions = {}): BotModelBinding | null {
  const spec = effectiveModelSpec(config.model, env);
  const handle = resolveModel(spec, env, { temperature: config.temperature });
  if (!handle) return null;
  const timeoutMs = Number(env.SWITCHBOARD_LLM_TIMEOUT_MS) || undefined;
  const client = new ModelClient(handle, { timeoutMs, ...options });

  return {
    spec: handle.spec,
    client,
    understander(local, cfg, intents) {
      if (cfg.understanding.taggedReplies) return taggedReplyUnderstander(client, local, cfg, intents);
      const llm = createLlmUnderstander({ client, bot: botProfile(cfg, intents), local });
      const inner =
        cfg.understanding.mode === 'cascade'
          ? createCascadeUnderstander({ local, llm, threshold: cfg.understanding.threshold, fallback: cfg.understanding.fallback })
          : llm;
      return {
        understand: (input: LlmUnderstandInput) => inner.understand({ ...input, trace: input.trace ?? [] }),
      };
    },
    forTurn(calls) {
      const trace = calls as CallTrace[];
      return {
        spec: handle.spec,
        generate: ({ system, user, purpose, onDelta }) =>
          client.text(
            [
              { role: 'system', content: system },
              { role: 'user', content: user },
            ],
            { purpose, trace, onDelta },
          ),
        json: ({ system, user, purpose }) =>
          client.json(
            [
              { role: 'system', content: system },
              { role: 'user', content: user },
            ],
            { purpose, trace },
          ),
      };
    },
  };
}

export function botProfile(config: BotConfig, intents: Record<string, IntentConfig> = config.intents): LlmBotProfile {
  const catalog: IntentCatalogEntry[] = Object.entries(intents).map(([id, c]) => ({ id, label: c.label, description: c.description, examples: c.examples }));
  return {
    intents: catalog,
    fallback: config.understanding.fallback,
    exclusive: config.understanding.exclusive,
    multiIntent: config.understanding.multiIntent,
    persona: config.persona,
    language: config.language,
  };
}

/**
 * Seed 004: one model call writes the reply and tags it with [INTENT:x]; the tag routes (handoff or not),
 * the user sees the reply without it. Local understanding supplies entities, and the whole result when the
 * model fails.
 */
function taggedReplyUnderstander(
  client: ModelClient,
  local: Understander,
  cfg: BotConfig,
  intents: Record<string, IntentConfig>,
): Understander {
  return {
    async understand(input) {
      const localResult = await local.understand(input);
      try {
        const tagged = await generateTaggedReply({
          client,
          persona: cfg.persona,
          language: cfg.language,
          intents: Object.entries(intents).map(([id, c]) => ({ id, label: c.label, description: c.description })),
          fallback: cfg.understanding.fallback,
          message: input.text,
          history: input.history,
          context: input.context,
          trace: (input.trace ?? []) as CallTrace[],
        });
        return { ...localResult, intents: [{ id: tagged.intent, confidence: 0.9 }], source: 'llm', reply: tagged.text };
      } catch (err) {
        if (!isModelFailure(err)) throw err;
        return { ...localResult, note: `model failed (${(err as Error).message}); local understanding used` };
      }
    },
  };
}
