// A request's slots read without a model, as bot.yaml declares them (docs/how-to/commands-and-planners.md#command-slots).
export { readCommandSlots, readCommandSlotSets,   type CommandSlotSpec } from './read.ts';
