// The action queue: plan → tools → one narrated reply, declared per intent in bot.yaml `actions:`; and a bot that is
// its actions (`actions.specialist`): every message planned, by the model or from its requests, then run.
export { ActionError,   runActions,  uncovered } from './queue.ts';
export type { ActionEvent,  ActionTool,  QueuedAction,  ToolContext } from './queue.ts';
export { actionKey, dedupeActions, localPlan, readPlan, type Plan, type PlanAction } from './plan.ts';
export { runPlannedTurn, withPlannedActions, type PlannedTurnInput, type Planner } from './planned-turn.ts';
