// Which model a bot uses, and whether an embedding model's spec is well-formed, without loading any provider SDK
// (the runtime asks this for every bot at start).

/** SWITCHBOARD_MODEL, when set, overrides every bot's own `model`; the default is 'local' (no model). */
export function effectiveModelSpec(botModel: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const forced = env.SWITCHBOARD_MODEL?.trim();
  if (forced) return forced;
  return botModel?.trim() || 'local';
}

export type EmbeddingProvider = 'openai' | 'google-genai' | 'ollama';

/** The providers with an embedding model (Anthropic has none). */
export const EMBEDDING_PROVIDERS: readonly EmbeddingProvider[] = ['openai', 'google-genai', 'ollama'];

/** The problem with an embedding model spec, or null when it is well-formed (bot.yaml's validation shows it). */
export function embeddingSpecProblem(spec: string): string | null {
  const trimmed = spec.trim();
  const colon = trimmed.indexOf(':');
  if (colon <= 0 || colon === trimmed.length - 1) return `"${spec}" must look like "provider:model" (providers: ${EMBEDDING_PROVIDERS.join(', ')}), e.g. "ollama:nomic-embed-text"`;
  const provider = trimmed.slice(0, colon);
  if (provider === 'anthropic') return `Anthropic has no embedding model; use one of ${EMBEDDING_PROVIDERS.join(', ')} (e.g. "openai:text-embedding-3-small")`;
  if (!(EMBEDDING_PROVIDERS as readonly string[]).includes(provider)) return `unknown embedding provider "${provider}" in "${spec}"; known: ${EMBEDDING_PROVIDERS.join(', ')}`;
  return null;
}
