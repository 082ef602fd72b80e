// Model registry: turns a spec string ('openai:gpt-4o-mini', 'ollama:qwen2.5:7b', 'local') into a
// LangChain chat model. Keys and base URLs come from the environment.
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { ChatAnthropic } from '@langchain/anthropic';
import { ChatGoogleGenerativeAI } from '@langchain/google-genai';
import { ChatOllama } from '@langchain/ollama';
import { ChatOpenAI } from '@langchain/openai';
import { ModelConfigError } from './errors.ts';
export { effectiveModelSpec } from './spec.ts';

export type Provider = 'openai' | 'google-genai' | 'anthropic' | 'ollama';

export const PROVIDERS: readonly Provider[] = ['openai', 'google-genai', 'anthropic', 'ollama'];

export interface ChatModelHandle {
  /** The spec it was made from, e.g. 'openai:gpt-4o-mini'. */
  spec: string;
  provider: Provider;
  model: string;
  /** The base URL override in force, if any. */
  baseUrl?: string;
  chat: BaseChatModel;
}

/** How the model samples: unset fields keep the provider's defaults. */
export interface ModelOptions {
  temperature?: number;
}

/** Placeholder key for OpenAI-compatible servers that need none (vLLM, Ollama /v1, LM Studio). */
const NO_KEY = 'not-needed';
export const DEFAULT_OLLAMA_URL = 'http://127.0.0.1:11434';

/** Splits 'provider:model' at the first colon (model names may hold colons: 'ollama:qwen2.5:7b'). */
export function parseModelSpec(spec: string): { provider: Provider; model: string } | null {
  const trimmed = spec.trim();
  if (trimmed === '' || trimmed === 'local') return null;
  const colon = trimmed.indexOf(':');
  if (colon <= 0 || colon === trimmed.length - 1) {
    throw new ModelConfigError(`model spec "${spec}" must look like "provider:model" (providers: ${PROVIDERS.join(', ')}) or "local"`);
  }
  const provider = trimmed.slice(0, colon);
  const model = trimmed.slice(colon + 1);
  if (!(PROVIDERS as readonly string[]).includes(provider)) {
    throw new ModelConfigError(`unknown model provider "${provider}" in "${spec}"; known: ${PROVIDERS.join(', ')}, or "local"`);
  }
  return { provider: provider as Provider, model };
}

/**
 * Builds the chat model for a spec, or null for 'local'. LangChain's own retries are turned off:
 * ModelClient retries, times out and trips the circuit breaker itself.
 */
export function resolveModel(spec: string, env: NodeJS.ProcessEnv = process.env, options: ModelOptions = {}): ChatModelHandle | null {
  const parsed = parseModelSpec(spec);
  if (!parsed) return null;
  const { provider, model } = parsed;
  const { temperature } = options;
  const handle = (chat: BaseChatModel, baseUrl?: string): ChatModelHandle => ({ spec: `${provider}:${model}`, provider, model, baseUrl, chat });

  const { apiKey, baseUrl } = providerAccess(provider, spec, env);
  switch (provider) {
    case 'openai':
      return handle(new ChatOpenAI({ model, apiKey, temperature, maxRetries: 0, configuration: baseUrl ? { baseURL: baseUrl } : {} }), baseUrl);
    case 'google-genai':
      return handle(new ChatGoogleGenerativeAI({ model, apiKey, temperature, maxRetries: 0, ...(baseUrl ? { baseUrl } : {}) }), baseUrl);
    case 'anthropic':
      return handle(new ChatAnthropic({ model, apiKey, temperature, maxRetries: 0, ...(baseUrl ? { anthropicApiUrl: baseUrl } : {}) }), baseUrl);
    case 'ollama':
      return handle(new ChatOllama({ model, baseUrl, temperature, maxRetries: 0 }), baseUrl);
  }
}

/**
 * A provider's key and base URL from the environment (OPENAI_*, GOOGLE_* / GEMINI_API_KEY, ANTHROPIC_*,
 * OLLAMA_BASE_URL). A base URL without a key is a server that needs none. Throws ModelConfigError for a missing key.
 */
export function providerAccess(provider: Provider, spec: string, env: NodeJS.ProcessEnv): { apiKey?: string; baseUrl?: string } {
  switch (provider) {
    case 'openai': {
      const baseUrl = nonEmpty(env.OPENAI_BASE_URL) ?? nonEmpty(env.OPENAI_API_BASE);
      return { baseUrl, apiKey: nonEmpty(env.OPENAI_API_KEY) ?? (baseUrl ? NO_KEY : missingKey(spec, 'OPENAI_API_KEY', 'OPENAI_BASE_URL')) };
    }
    case 'google-genai': {
      const baseUrl = nonEmpty(env.GOOGLE_GENAI_BASE_URL);
      return { baseUrl, apiKey: nonEmpty(env.GOOGLE_API_KEY) ?? nonEmpty(env.GEMINI_API_KEY) ?? (baseUrl ? NO_KEY : missingKey(spec, 'GOOGLE_API_KEY', 'GOOGLE_GENAI_BASE_URL')) };
    }
    case 'anthropic': {
      const baseUrl = nonEmpty(env.ANTHROPIC_BASE_URL);
      return { baseUrl, apiKey: nonEmpty(env.ANTHROPIC_API_KEY) ?? (baseUrl ? NO_KEY : missingKey(spec, 'ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL')) };
    }
    case 'ollama':
      return { baseUrl: nonEmpty(env.OLLAMA_BASE_URL) ?? DEFAULT_OLLAMA_URL };
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  const v = value?.trim();
  return v ? v : undefined;
}

function missingKey(spec: string, keyVar: string, urlVar: string): never {
  throw new ModelConfigError(`model "${spec}" needs ${keyVar} in the environment (or ${urlVar} for a server that needs no key)`);
}
