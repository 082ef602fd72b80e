// bot.yaml `routing` at work: the rules, in order, send a message to routes; the first that holds decides. Their
// conditions are those of `understanding.refine` (with the bot's named predicates) plus the conversation's state:
// the active workflow (`routing.workflows`, kept on the session), a form waiting for an answer, a complete profile.
// No rule holds: the bot's `route` hook, else the intents. The rule that routed is kept for the turn's trace.
import type { BotConfig } from '../bot/config.ts';
import { nameList } from '../bot/refine-schema.ts';
import { activeNames, routingTargets, type RouteRule, type RouteWhen } from '../bot/route-schema.ts';
import { profileSubject, readProfile } from '../profile/index.ts';
import { conditionsHold } from './refine-rules.ts';
import type { BotDefinition, RefinePredicate, RouteContext } from './types.ts';

export interface Routed {
  routes: string[];
  /** `routing.rules[3] (name)`, for the trace. */
  rule: string;
  /** The rule leaves the subject (`exit: true`). */
  exit: boolean;
}

/** The rule that routed a route context (set by the bot's route when a rule decided). */
const routedBy = new WeakMap<RouteContext, Routed>();
export const ruleThatRouted = (ctx: RouteContext): Routed | undefined => routedBy.get(ctx);

/** The session's active workflow when `routing.workflows` names it (a stale or unknown tag is no subject). */
export function activeWorkflow(ctx: Pick<RouteContext, 'bot' | 'session'>): string | undefined {
  const w = ctx.session.activeWorkflow;
  return w && Object.hasOwn(ctx.bot.routing.workflows, w) ? w : undefined;
}

/** The routes of the first rule that holds; undefined when none does. */
export async function routeByRules(ctx: RouteContext, predicates: Record<string, RefinePredicate>): Promise<Routed | undefined> {
  const state = new TurnState(ctx);
  for (const [i, rule] of ctx.bot.routing.rules.entries()) {
    const routes = target(rule, ctx);
    if (!routes || !(await state.holds(rule.when)) || !(await conditionsHold(rule.when, ctx, predicates))) continue;
    return { routes, rule: `routing.rules[${i}]${rule.name ? ` (${rule.name})` : ''}`, exit: rule.exit };
  }
  return undefined;
}

/** Where a rule sends the message; undefined when it has nowhere to (`active` without an active workflow). */
function target(rule: RouteRule, ctx: RouteContext): string[] | undefined {
  if (Array.isArray(rule.then)) return rule.then;
  if (rule.then === 'intents') return ctx.intents;
  const active = activeWorkflow(ctx);
  return active ? [ctx.bot.routing.workflows[active]] : undefined;
}

/** The conversation's state as the rules read it; the profile is read once, when a rule asks. */
class TurnState {
  private complete?: Promise<boolean>;
  constructor(private readonly ctx: RouteContext) {}

  async holds(when: RouteWhen): Promise<boolean> {
    if (when.active !== undefined && !this.activeMeets(when.active)) return false;
    if (when.formWaiting !== undefined && !nameList(when.formWaiting).some((f) => this.waiting(f))) return false;
    return when.profileComplete === undefined || when.profileComplete === (await this.profileComplete());
  }

  private activeMeets(wanted: NonNullable<RouteWhen['active']>): boolean {
    const active = activeWorkflow(this.ctx);
    if (typeof wanted === 'boolean') return wanted === (active !== undefined);
    return active !== undefined && activeNames(wanted).includes(active);
  }

  /** The form has asked a slot or shows its summary. */
  private waiting(form: string): boolean {
    const state = this.ctx.memory[form] as { stage?: unknown } | null | undefined;
    return Boolean(state?.stage);
  }

  /** Every profile field a form `completes` is true. */
  private profileComplete(): Promise<boolean> {
    this.complete ??= (async () => {
      const { bot, sql, session } = this.ctx;
      const fields = Object.values(bot.forms).flatMap((f) => (f.completes ? [f.completes] : []));
      const { profile } = await readProfile(sql, bot.id, bot.profile!, profileSubject(session));
      return fields.every((f) => profile[f] === true);
    })();
    return this.complete;
  }
}

/** The definition whose `route` asks bot.yaml `routing.rules` first, then its own `route` hook (if any). */
export function withRouteRules<T extends Pick<BotDefinition, 'predicates' | 'route'>>(config: BotConfig, definition: T): T {
  if (!config.routing.rules.length) return definition;
  const predicates = (definition.predicates ?? {}) as Record<string, RefinePredicate>;
  const hook = definition.route;
  return {
    ...definition,
    route: async (ctx) => {
      const routed = await routeByRules(ctx, predicates);
      if (!routed) return hook ? hook(ctx) : ctx.intents;
      routedBy.set(ctx, routed);
      return routed.routes;
    },
  };
}

/** Where the bot's routing sends a message (its rules, then its `route` hook, else the intents), and the rule that did: for tests. */
export async function routeTurn(definition: Pick<BotDefinition, 'predicates' | 'route'>, ctx: RouteContext): Promise<{ routes: string[]; rule?: string }> {
  const { route } = withRouteRules(ctx.bot, definition);
  const routes = route ? await route(ctx) : ctx.intents;
  const rule = ruleThatRouted(ctx)?.rule;
  return rule ? { routes, rule } : { routes };
}

/**
 * What the routes do to the session's subject: an exit rule's routes clear the active workflow and drop every
 * form's progress; else the first route that serves a workflow (`routing.workflows`) puts the session in it. A
 * step's own `workflow` (a form's) still wins, since it comes later in the turn.
 */
export function workflowChange(config: Pick<BotConfig, 'routing' | 'forms'>, routes: readonly string[], exit: boolean): { workflow?: string | null; memory?: Record<string, null> } {
  if (exit) return { workflow: null, memory: Object.fromEntries(Object.keys(config.forms).map((f) => [f, null])) };
  const served = Object.entries(config.routing.workflows).find(([, route]) => routes.includes(route));
  return served ? { workflow: served[0] } : {};
}

/** Every route `routing` names is a specialist of the bot (its own, a form's, an intent's). */
export function checkRoutingTargets(config: BotConfig, specialists: Record<string, unknown>): void {
  for (const { route, path } of routingTargets(config)) {
    if (!Object.hasOwn(specialists, route)) throw new Error(`bot '${config.id}': ${formatPath(path)} names the route '${route}', which is no specialist, form or intent of the bot (${Object.keys(specialists).join(', ')})`);
  }
}

/** ['routing', 'rules', 2, 'when', 'check'] → routing.rules[2].when.check */
const formatPath = (path: (string | number)[]) => path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i ? `.${p}` : p)).join('');
