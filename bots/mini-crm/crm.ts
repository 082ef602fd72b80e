// The mini-CRM's public door: the turn runner and the pieces behind it (planner normalisation,
// local understanding, tools, context update, narration, schema).
export { runCrmTurn, createContext, uncoveredActions, MAX_ACTIONS_PER_TURN } from './turn.ts';
export { prepare_plan, normalizePlan, normalizeIntent, normalizeSlots, actionKey, dedupeActions, buildLocalPlan } from './plan.ts';
export type { NormalizedPlan } from './plan.ts';
export { localPlan, splitClauses, classifyByRules, classifyClause, extractSlots, DEFAULT_THRESHOLD } from './local-plan.ts';
export type { Clause } from './local-plan.ts';
export { update_context, detectToolEvents, toolPayload, leadReference, injectLead, LEAD_LINKED } from './context.ts';
export type { ToolEvent } from './context.ts';
export { push_ai_response, respond_final, narrator } from './narration.ts';
export type { Narrator } from './narration.ts';
export { createCrmTools } from './tools.ts';
export type { CrmTools } from './tools.ts';
export { CrmStore } from './store.ts';
export { matchScore, wordOverlap, contentWords } from './match.ts';
export { findLeadPronouns, hasLeadPronoun, isLeadPronoun, nameLeadPronouns, stripLeadPronounPrefix } from './pronouns.ts';
export type { LeadPronoun } from './pronouns.ts';
export { correctVerbTypos } from './typos.ts';
export type { LeadRow, NoteRow, TaskRow, ProposalRow, ItemRow } from './store.ts';
export { buildPlannerPrompt, PLANNER_INTENTS } from './prompt.ts';
export { migrations } from './schema.ts';
export { CRM_INTENTS, CRM_TOOLS } from './types.ts';
export type * from './types.ts';
