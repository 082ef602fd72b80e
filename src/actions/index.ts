// The action queue: plan → tools → one narrated reply, declared per intent in bot.yaml `actions:`.
export { actionsSchema, actionIntentSchema, type ActionsConfig, type ActionIntentConfig, type VarSpec } from './schema.ts';
export { ActionError, ActionQueue, remember, runActions, toolArgs, uncovered } from './queue.ts';
export type { ActionEvent, ActionRun, ActionTool, ActionTurn, QueuedAction, Remembered, ToolContext } from './queue.ts';
export { fill, hasValue, renderVars } from './template.ts';
