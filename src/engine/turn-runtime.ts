// The per-turn services the graph's nodes call: understanding and the routing decision (decide/), the step
// context, narration and the trace. What was understood stays as the understander returned it; the decision says
// where the message goes, and the graph's state carries the understanding as served (the decision's intents,
// reply and lead on it).
import { activeForms, formsCancelledBy } from '../forms/index.ts';
import type { Understanding } from '../nlu/types.ts';
import { decideRoute, type Decision, type DecisionInput } from './decide/index.ts';
import type { TurnRuntime, TurnStateValue } from './graph.ts';
import { fillOrOmit } from '../template/index.ts';
import { handoffMessage, narrate } from './narration.ts';
import { botSession } from './sessions.ts';
import { turnContext, type TurnScope } from './turn-context.ts';
import { keptIntents, refineTurnIntents } from './refine-rules.ts';
import { ruleThatRouted, workflowChange } from './route-rules.ts';
import type { BotDefinition, ModelCallRecord, RouteContext, TraceEntry } from './types.ts';
import { tracedEntities } from './traced.ts';

/** The policies whose texts are the runtime's skills' (with the bot's placeholders). */
const SKILL_POLICIES = new Set<Decision['policy']>(['person', 'pending', 'out_of_scope', 'small_talk']);

/** The understanding as the turn serves it: what was understood, with the decision's intents, reply and lead. */
export function served(understanding: Readonly<Understanding>, decision: Decision): Understanding {
  const { unsure: _unsure, reply: _reply, lead: _lead, ...rest } = understanding;
  return {
    ...rest,
    intents: decision.intents,
    ...(decision.unsure ? { unsure: true } : {}),
    ...(decision.reply ? { reply: decision.reply } : {}),
    ...(decision.lead ? { lead: decision.lead } : {}),
  };
}

/** A route rule of bot.yaml `routing` that routed the message, with the routes it gave. */
interface RoutedByRule {
  rule: string;
  routes: string[];
  exit: boolean;
}

/** What the routing decision reads of this turn: the bot, its waiting forms, its router and refinement. */
export function decisionInput(scope: TurnScope, understanding: Understanding, calls: ModelCallRecord[], onRouted?: (r: RoutedByRule) => void): DecisionInput {
  const { db, bot, text } = scope;
  const session = botSession(scope.session);
  const memory = (session.state ?? {}) as Record<string, unknown>;
  const { route } = bot.definition;
  const context = (u: Readonly<Understanding>, intents: string[]) => ({ text, intents, understanding: u as Understanding, memory, session, bot: bot.config, sql: db });
  const refines = bot.definition.refineIntents || bot.config.understanding.refine.length > 0;
  return {
    bot,
    understanding,
    waiting: { workflow: Boolean(session.activeWorkflow), forms: activeForms(bot.config, memory).map((f) => f.intent), cancel: formsCancelledBy(bot.config, memory, text).length > 0 },
    modelFailed: Boolean(bot.model) && calls.some((c) => !c.ok),
    ...(route ? { route: async (u: Readonly<Understanding>, intents: string[]) => routeNoting(route, context(u, intents), onRouted) } : {}),
    ...(refines ? { refine: async (u: Readonly<Understanding>) => refineTurnIntents(bot.definition, context(u, u.intents.map((i) => i.id))) } : {}),
  };
}

/** The bot's route of `ctx`, telling `onRouted` when a `routing` rule decided it. */
async function routeNoting(route: NonNullable<BotDefinition['route']>, ctx: RouteContext, onRouted?: (r: RoutedByRule) => void): Promise<string[]> {
  const routes = await route(ctx);
  const routed = ruleThatRouted(ctx);
  if (routed) onRouted?.({ rule: routed.rule, exit: routed.exit, routes });
  return routes;
}

/** The route rule that routed, when the decision sends the message where that rule did. */
const followed = (decision: Decision, routed: RoutedByRule | undefined): RoutedByRule | undefined =>
  routed && [...new Set(routed.routes)].join() === decision.routes.join() ? routed : undefined;

/** The decision's `why` names the route rule when the decision sends the message where that rule did. */
function namingRule(decision: Decision, routed: RoutedByRule | undefined): Decision {
  return followed(decision, routed) ? { ...decision, why: `${decision.why}; routed by ${routed!.rule}` } : decision;
}

/** The per-turn services the graph's nodes call. `calls` collects the turn's model calls. */
export function turnRuntime(scope: TurnScope, calls: ModelCallRecord[], t0: number): TurnRuntime {
  const { db, bot, text, now, history, emit } = scope;
  const session = botSession(scope.session);
  const memory0 = (session.state ?? {}) as Record<string, unknown>;
  let decided: { understanding: Understanding; decision: Decision } | undefined;

  /** A skill's text with the bot's placeholders ({name_suffix}) filled by its `replyVars`, the others left out. */
  const fillReplyVars = async (decision: Decision, state: TurnStateValue, understanding: Understanding): Promise<Decision> => {
    if (!SKILL_POLICIES.has(decision.policy) || (!decision.reply && !decision.lead)) return decision;
    const vars = (await bot.definition.replyVars?.(turnContext(scope, { ...state, understanding: served(understanding, decision) }))) ?? {};
    return { ...decision, ...(decision.reply ? { reply: fillOrOmit(decision.reply, vars) } : {}), ...(decision.lead ? { lead: fillOrOmit(decision.lead, vars) } : {}) };
  };

  return {
    understand: async (state) => {
      const context = bot.model && bot.definition.modelContext ? await bot.definition.modelContext({ text, sql: db, config: bot.config }) : undefined;
      const flows = activeForms(bot.config, memory0);
      const understanding = await bot.understander.understand({ text, flows, history, now, timeZone: bot.config.timeZone, context, trace: calls });
      let routed: RoutedByRule | undefined;
      const input = decisionInput(scope, understanding, calls, (r) => (routed = r));
      const decision = await fillReplyVars(namingRule(await decideRoute(input), routed), state, understanding);
      decided = { understanding, decision };
      const view = served(understanding, decision);
      emit({ type: 'intent', intents: view.intents.map((i) => i.id), source: view.source, entities: view.entities });
      // The intents the bot's specialists answer, for the next turn's refine rules (`previous`).
      const kept = keptIntents(bot.config, decision.routes, decision.intents.map((i) => i.id));
      // The subject the routes enter, or leave (an exit rule), before they answer.
      const subject = workflowChange(bot.config, decision.routes, Boolean(followed(decision, routed)?.exit));
      const memory = kept || subject.memory ? { ...kept, ...subject.memory } : undefined;
      return { understanding: view, routes: decision.routes, handoff: decision.handoff, ...(memory ? { memory } : {}), ...(subject.workflow !== undefined ? { workflow: subject.workflow } : {}) };
    },
    context: (state) => turnContext(scope, state),
    narrate: (segments, state) => {
      if (state.understanding?.reply) return state.understanding.reply;
      if (state.handoff && !segments.some((s) => s.ok && s.text)) return handoffMessage(bot, state.handoff.intent);
      const lead = state.understanding?.lead;
      // Small talk while a form or workflow waits: its line, then whatever the form or workflow says.
      if (lead && !segments.some((s) => s.text)) return lead;
      const body = narrate(bot, segments, state.understanding?.intents.map((i) => i.id) ?? []);
      return lead ? `${lead}\n\n${body}` : body;
    },
    trace: (node, startMs, ok) => {
      const entry: TraceEntry = { node, startMs: Math.round(startMs - t0), ms: +(performance.now() - startMs).toFixed(2), ok };
      // The understanding entry carries the intent scores and the deciding policy, so a trace shows why the turn went where it did.
      if (node === (bot.definition.nodeNames?.understand ?? 'understand') && decided) {
        const { understanding, decision } = decided;
        Object.assign(entry, { scores: understanding.scores, chosen: decision.intents, policy: decision.policy, why: decision.why, entities: tracedEntities(understanding.entities), rule: decision.why ? `${decision.policy}: ${decision.why}` : decision.policy });
      }
      scope.trace.push(entry);
    },
  };
}
