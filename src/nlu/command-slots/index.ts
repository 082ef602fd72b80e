// A request's slots read without a model, as bot.yaml declares them (docs/how-to/commands-and-planners.md#command-slots).
export { readCommandSlots, readsLocally, type CommandSlotOptions, type CommandSlotSpec, type CommandSlotValue } from './read.ts';
export { freeTextWords, type FreeTextWords } from './words.ts';
