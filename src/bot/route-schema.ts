// bot.yaml `routing:`: where a message goes once its intents are known. `workflows` names the subjects a
// conversation stays in (the workflow kept on the session → the route that serves it); `rules`, tried in order,
// send the message to routes with the conditions of `understanding.refine` plus the conversation's state (the
// active workflow, a form waiting for an answer, a complete profile). The rules run in src/engine/route-rules.ts.
import { z } from 'zod';
import type { BotConfig } from './config.ts';
import { nameList, refineWhenSchema, whenProblems, type Path } from './refine-schema.ts';

const names = z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]);

export const routeWhenSchema = refineWhenSchema.extend({
  /** The session's active workflow is one of these (`routing.workflows`); `true`: any of them; `false`: none. */
  active: z.union([z.boolean(), names]).optional(),
  /** One of these forms waits for an answer (it has asked a slot or shows its summary). */
  formWaiting: names.optional(),
  /** true: the profile fields the forms' `completes` name are all true; false: one is not. */
  profileComplete: z.boolean().optional(),
});

export const routeRuleSchema = z.strictObject({
  /** Shown in the turn's trace when the rule routes the message. */
  name: z.string().min(1).optional(),
  /** What must hold (every condition given); `{}` always holds. */
  when: routeWhenSchema,
  /**
   * Where the message goes: a list of routes (specialists, forms, intents); `active` (the route of the active
   * workflow: a rule without one does not hold); `intents` (the message's intents, as without rules).
   */
  then: z.union([z.array(z.string().min(1)).min(1), z.enum(['active', 'intents'])]),
  /**
   * true: the message leaves the subject: the session's active workflow is cleared and every form's progress
   * dropped before the routes answer (a "sair" rule). Otherwise a route that serves a workflow puts the session in it.
   */
  exit: z.boolean().default(false),
});

export const routingSchema = z
  .strictObject({
    /** The workflows a conversation stays in (the session's active workflow) → the route that answers in each. */
    workflows: z.record(z.string().min(1), z.string().min(1)).default({}),
    /** Ordered rules; the first that holds decides the routes. None holds: the bot's `route`, else the intents. */
    rules: z.array(routeRuleSchema).default([]),
  })
  .default({ workflows: {}, rules: [] });

export type RouteRule = z.infer<typeof routeRuleSchema>;
export type RouteWhen = z.infer<typeof routeWhenSchema>;
export type Routing = z.infer<typeof routingSchema>;


/** The workflows a rule's `active` names (none for `true`/`false`). */
export const activeNames = (active: RouteWhen['active']): string[] => (typeof active === 'boolean' ? [] : nameList(active));

/**
 * bot.yaml problems of `routing`: the intents the rules name, the workflows `active` names, the forms `formWaiting`
 * names, `profileComplete` without a profile form that `completes`, `then: active` without workflows. The routes
 * (`then`, the workflows' routes) are checked against the bot's specialists when it loads.
 */
export function routingProblems(c: BotConfig, need: (id: string, path: Path) => void, problem: (path: Path, message: string) => void): void {
  const workflows = Object.keys(c.routing.workflows);
  const completes = Object.values(c.forms).some((f) => f.completes);
  c.routing.rules.forEach((rule, i) => {
    const at: Path = ['routing', 'rules', i];
    const { when } = rule;
    whenProblems(c, when, [...at, 'when'], need, problem);
    for (const w of activeNames(when.active)) if (!workflows.includes(w)) problem([...at, 'when', 'active'], `'${w}' is not one of routing.workflows (${workflows.join(', ') || 'none'})`);
    for (const f of nameList(when.formWaiting)) if (!c.forms[f]) problem([...at, 'when', 'formWaiting'], `'${f}' is not one of the forms (${Object.keys(c.forms).join(', ') || 'none'})`);
    if (when.profileComplete !== undefined && !(c.profile && completes)) problem([...at, 'when', 'profileComplete'], 'profileComplete needs profile: and a form whose completes names a profile field');
    if ((rule.then === 'active' || when.active !== undefined) && !workflows.length) problem([...at], 'active needs routing.workflows');
    if (rule.exit && rule.then === 'active') problem([...at, 'exit'], 'an exit rule cannot route to the active workflow it leaves');
  });
}

/** Every route `routing` sends messages to, with where: for the load-time check against the bot's specialists. */
export function routingTargets(c: Pick<BotConfig, 'routing'>): { route: string; path: Path }[] {
  const out = Object.entries(c.routing.workflows).map(([w, route]) => ({ route, path: ['routing', 'workflows', w] as Path }));
  c.routing.rules.forEach((rule, i) => {
    if (Array.isArray(rule.then)) rule.then.forEach((route, j) => out.push({ route, path: ['routing', 'rules', i, 'then', j] }));
  });
  return out;
}
