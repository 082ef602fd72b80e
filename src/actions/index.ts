// The action queue: plan → tools → one narrated reply, declared per intent in bot.yaml `actions:`.
export { ActionError,   runActions,  uncovered } from './queue.ts';
export type { ActionEvent,  ActionTool,  QueuedAction,  ToolContext } from './queue.ts';
