// The message → a clean action queue. Without a model, each request the runtime read (ctx.commands()) comes with
// its slots as bot.yaml declares them; with one, the runtime reads the planner's reply (JSON, fenced JSON,
// Python-ish) with the same intents' slot aliases and kinds. Here: what only this CRM means (a lead pointer, a task
// filter), duplicates dropped, and the local plan when the planner's answer is unusable. Never throws.
import { parseObjectLoose, readPlanReply, refValue, type PlannedAction } from 'switchboard';
import { botConfig, fold, leadRefs } from './text.ts';
import type { CommandClause } from 'switchboard';
import type { Clock, CrmContext, CrmSlots, PlanAction } from './types.ts';

const PLAN_INTENTS = botConfig.intents;

/** The runtime's reading of a planner action (bot.yaml's slot aliases and kinds), plus what only this CRM means. */
function crmSlots(action: PlannedAction): CrmSlots {
  const out = { ...action.slots } as CrmSlots & Record<string, unknown>;
  // "ele", "esse lead": the current lead, which the turn fills in when no lead is given.
  for (const name of ['lead_ref_ou_id', 'lead_mencionado'] as const) if (leadRefs.isOnly(out[name] as string | undefined)) delete out[name];
  // {'nome': 'Lennon', 'id': UUID('…')}: keep the name too, in case the id is unknown here.
  const lead = action.raw.lead_ref_ou_id !== undefined ? parseObjectLoose(action.raw.lead_ref_ou_id) : null;
  const nome = lead ? refValue(lead.nome ?? lead.name) : undefined;
  if (nome && nome !== out.lead_ref_ou_id) out.lead_mencionado = nome;
  if (out.filtro !== undefined) {
    const f = fold(String(out.filtro));
    out.filtro = /conclu|feit|done/.test(f) ? 'concluidas' : /tod|all/.test(f) ? 'todas' : 'pendentes';
  }
  return out;
}

/** Raw slots (object, JSON/Python-ish string, or a list of those) → normalised CrmSlots. */
export function normalizeSlots(intent: string, raw: unknown, clock: Clock): CrmSlots {
  const [action] = readPlanReply({ actions: [{ intent, slots: raw }] }, PLAN_INTENTS, { lang: 'pt', ...clock }).actions;
  return action ? crmSlots(action) : {};
}

function sortedJson(v: unknown): string {
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    return `{${Object.keys(v as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${sortedJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(typeof v === 'string' ? fold(v).replace(/\s+/g, ' ').trim() : v);
}

/** Identity of an action for de-duplication: intent + normalised slots (case/accent-insensitive). */
export function actionKey(action: PlanAction, options: { ignoreLead?: boolean } = {}): string {
  const slots: Record<string, unknown> = { ...action.slots };
  if (options.ignoreLead) {
    delete slots.lead_ref_ou_id;
    delete slots.lead_mencionado;
  }
  return `${action.intent}|${sortedJson(slots)}`;
}

export function dedupeActions(actions: PlanAction[]): PlanAction[] {
  const seen = new Set<string>();
  return actions.filter((a) => {
    const k = actionKey(a);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Help stands alone: drop it when there is anything else to do. */
function applyExclusive(actions: PlanAction[]): PlanAction[] {
  const real = actions.filter((a) => a.intent !== 'ajuda');
  return real.length ? real : actions.slice(0, 1);
}

export interface NormalizedPlan {
  actions: PlanAction[];
  /** false when the raw output could not be used at all (not JSON, no actions list, nothing known). */
  usable: boolean;
  problems: string[];
}

/** Parse and normalise a planner reply. Unknown intents are dropped and reported. */
export function normalizePlan(raw: unknown, clock: Clock): NormalizedPlan {
  const reply = readPlanReply(raw, PLAN_INTENTS, { lang: 'pt', ...clock });
  const actions = reply.actions.map((a) => ({ intent: a.intent, slots: crmSlots(a) }));
  return { actions: applyExclusive(dedupeActions(actions)), usable: reply.usable, problems: reply.problems };
}

/**
 * prepare_plan: normalise the planner reply into ctx.pending_actions. An unusable reply
 * (malformed, no actions list, only unknown intents) falls back to the local plan.
 * Returns where the plan came from.
 */
export function prepare_plan(ctx: CrmContext, raw: unknown): 'planner' | 'local' {
  const plan = normalizePlan(raw, ctx.clock);
  if (plan.usable) {
    ctx.pending_actions = plan.actions;
    return 'planner';
  }
  ctx.pending_actions = buildLocalPlan(ctx);
  return 'local';
}

/** The message's requests (the runtime's command clauses, each with its slots) → actions; none means help. */
export function localPlan(clauses: Pick<CommandClause, 'intent' | 'slots'>[]): PlanAction[] {
  const actions = clauses.filter((c) => c.intent in PLAN_INTENTS).map((c) => ({ intent: c.intent, slots: { ...c.slots } as CrmSlots }));
  const real = actions.filter((a) => a.intent !== 'ajuda');
  return real.length ? real : [{ intent: 'ajuda', slots: {} }];
}

export function buildLocalPlan(ctx: Pick<CrmContext, 'commands'>): PlanAction[] {
  return applyExclusive(dedupeActions(localPlan(ctx.commands())));
}
