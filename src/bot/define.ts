import type { BotDefinition } from '../engine/types.ts';

/** Declare a bot's code: specialists, optional routing/narration overrides, its own tables and setup. */
export function defineBot(definition: BotDefinition): BotDefinition {
  return definition;
}
