import type { BotDefinition, Memory, TurnData } from '../engine/types.ts';

/**
 * Declare a bot's code: specialists, optional routing/narration overrides, its own tables and setup.
 * `Services` is what `setup` returns (every step sees it as `ctx.services`), `M` the shape of the lasting
 * memory (`ctx.memory`, and what steps return as `memory`), `D` the shape of the turn's scratch (`ctx.data`,
 * and what steps return as `data`): `defineBot<MyServices, { order: OrderMemory }, { found?: Product[] }>({…})`.
 */
export function defineBot<Services = unknown, M extends object = Memory, D extends object = TurnData>(definition: BotDefinition<Services, M, D>): BotDefinition {
  // The runtime holds every bot alike; the types above are what the bot's own code is checked against.
  return definition as unknown as BotDefinition;
}
