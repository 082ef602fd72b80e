// A bot's persona and model settings as the console edits them while it runs: the persona, extra instructions
// for the system prompt, the model and its temperature. Each one set here overrides bot.yaml's; unset ones
// (or set back to null) follow bot.yaml again. Stored in the settings table under PERSONA_SETTING.
import type { BotConfig } from '../bot/config.ts';

export const PERSONA_SETTING = 'persona';

export interface PersonaSettings {
  /** Replaces bot.yaml's `persona`. */
  persona?: string;
  /** Instructions added after the persona in every system prompt of the bot's model calls. */
  systemPrompt?: string;
  /** Replaces bot.yaml's `model` (a spec such as 'openai:gpt-4o-mini', or 'local'). */
  model?: string;
  /** Replaces bot.yaml's `temperature`. */
  temperature?: number;
}

/** A change: a value sets the field, null gives it back to bot.yaml, absent leaves it as it is. */
export type PersonaPatch = { [K in keyof PersonaSettings]?: PersonaSettings[K] | null };

export function applyPersonaPatch(stored: PersonaSettings, patch: PersonaPatch): PersonaSettings {
  const next: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete next[key];
    else if (value !== undefined) next[key] = value;
  }
  return next as PersonaSettings;
}

/** bot.yaml's config with the stored settings over it: what the bot's model calls use. */
export function personaConfig(base: BotConfig, stored: PersonaSettings): BotConfig {
  const persona = [stored.persona ?? base.persona, stored.systemPrompt ?? ''].filter((s) => s.trim()).join('\n\n');
  const config: BotConfig = { ...base, persona, model: stored.model ?? base.model };
  const temperature = stored.temperature ?? base.temperature;
  if (temperature === undefined) delete config.temperature;
  else config.temperature = temperature;
  return config;
}
