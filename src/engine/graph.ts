// A bot definition becomes a LangGraph.js StateGraph:
//   understand → (Send, in parallel) specialists… → narrate → END
// The gate (auth, guardrails, handoff mode) and persistence run around the graph in the runner, inside the
// session lock and the turn's transaction.
import { Annotation, END, START, Send, StateGraph } from '@langchain/langgraph';
import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import type { Understanding } from '../nlu/types.ts';
import { installLangchainFastPath } from './langchain-fast-path.ts';
import { inSpan, tracingEnabled } from '../observability/spans.ts';
import type { BotDefinition, Segment, Step, StepResult, TurnContext } from './types.ts';

const mergeDict = (a: Record<string, unknown>, b: Record<string, unknown> | undefined) => (b ? { ...a, ...b } : a);

export const TurnState = Annotation.Root({
  understanding: Annotation<Understanding | null>({ reducer: (_a, b) => b, default: () => null }),
  /** Transient: which specialists run this turn (no reducer — overwritten each turn). */
  routes: Annotation<string[]>({ reducer: (_a, b) => b, default: () => [] }),
  /** Segments of every specialist, merged by key (seed 000's specialists_outputs with operator.or_). */
  outputs: Annotation<Record<string, Segment[]>>({ reducer: (a, b) => ({ ...a, ...b }), default: () => ({}) }),
  memory: Annotation<Record<string, unknown>>({ reducer: mergeDict, default: () => ({}) }),
  data: Annotation<Record<string, unknown>>({ reducer: mergeDict, default: () => ({}) }),
  handoff: Annotation<{ reason: string; intent?: string } | null>({ reducer: (a, b) => b ?? a, default: () => null }),
  workflow: Annotation<string | null | undefined>({ reducer: (a, b) => (b === undefined ? a : b), default: () => undefined }),
  reply: Annotation<string>({ reducer: (_a, b) => b, default: () => '' }),
  /** Intents reported by specialists (planners), appended; empty → understanding's intents. */
  servedIntents: Annotation<string[]>({ reducer: (a, b) => [...a, ...b.filter((x) => !a.includes(x))], default: () => [] }),
});
export type TurnStateValue = typeof TurnState.State;

/** Per-turn services handed to nodes through the run config (the compiled graph is shared by all turns). */
export interface TurnRuntime {
  understand(state: TurnStateValue): Promise<{ understanding: Understanding; routes: string[]; handoff: { reason: string; intent?: string } | null }>;
  context(state: TurnStateValue): TurnContext;
  narrate(segments: Segment[], state: TurnStateValue): string;
  trace(node: string, startMs: number, ok: boolean): void;
}

function runtimeOf(config: LangGraphRunnableConfig): TurnRuntime {
  const rt = config.configurable?.turn as TurnRuntime | undefined;
  if (!rt) throw new Error('turn runtime missing from the graph config');
  return rt;
}

function toUpdate(route: string, result: StepResult | void, prior: Segment[] = []): Partial<TurnStateValue> {
  const segments = [...prior, ...(result?.segments ?? [])];
  const update: Partial<TurnStateValue> = {};
  if (segments.length) update.outputs = { [route]: segments };
  if (result?.memory) update.memory = result.memory;
  if (result?.data) update.data = result.data;
  if (result?.handoff) update.handoff = result.handoff;
  if (result?.workflow !== undefined) update.workflow = result.workflow;
  if (result?.intents?.length) update.servedIntents = result.intents;
  return update;
}

/** Wrap a step as a graph node: timing, error capture (one failing branch must not cancel its siblings). */
function stepNode(route: string, name: string, step: Step) {
  return async (state: TurnStateValue, config: LangGraphRunnableConfig) => {
    const rt = runtimeOf(config);
    const t0 = performance.now();
    try {
      // Without tracing the step runs as is: no span name, attributes or extra promise per node.
      const result = tracingEnabled()
        ? await inSpan(`switchboard.specialist ${name}`, { 'switchboard.specialist': route, 'switchboard.node': name }, async () => step(rt.context(state)))
        : await step(rt.context(state));
      rt.trace(name, t0, true);
      return toUpdate(route, result, state.outputs[route]);
    } catch (err) {
      rt.trace(name, t0, false);
      const message = err instanceof Error ? err.message : String(err);
      console.error(`[engine] ${name} failed: ${message}`);
      return { outputs: { [route]: [{ intent: route, text: '', ok: false, data: { error: message } }] } };
    }
  };
}

export function buildTurnGraph(definition: BotDefinition) {
  installLangchainFastPath(); // turns invoked with fastPathConfig() skip the untraced RunTree per node
  const understandName = definition.nodeNames?.understand ?? 'understand';
  const narrateName = definition.nodeNames?.narrate ?? 'narrate';
  const graph = new StateGraph(TurnState) as unknown as StateGraph<typeof TurnState.spec>;
  const entryNodes: Record<string, string> = {};
  const g = graph as unknown as {
    addNode: (name: string, fn: unknown) => void;
    addEdge: (a: string, b: string) => void;
    addConditionalEdges: (a: string, fn: unknown, targets: string[]) => void;
  };

  g.addNode(understandName, async (state: TurnStateValue, config: LangGraphRunnableConfig) => {
    const rt = runtimeOf(config);
    const t0 = performance.now();
    const result = tracingEnabled()
      ? await inSpan('switchboard.understand', {}, async (span) => {
          const r = await rt.understand(state);
          span?.setAttributes({ 'switchboard.intents': r.understanding.intents.map((i) => i.id), 'switchboard.understanding': r.understanding.source });
          return r;
        })
      : await rt.understand(state);
    rt.trace(understandName, t0, true);
    return result;
  });

  for (const [route, specialist] of Object.entries(definition.specialists)) {
    const steps: [string, Step][] = typeof specialist === 'function' ? [[route, specialist]] : specialist.steps;
    steps.forEach(([name, step], i) => {
      g.addNode(name, stepNode(route, name, step));
      if (i > 0) g.addEdge(steps[i - 1][0], name);
    });
    entryNodes[route] = steps[0][0];
    g.addEdge(steps[steps.length - 1][0], narrateName);
  }

  g.addNode(narrateName, async (state: TurnStateValue, config: LangGraphRunnableConfig) => {
    const rt = runtimeOf(config);
    const t0 = performance.now();
    // Segments in the order the routes were chosen, so a multi-intent reply reads in the user's order.
    const order = [...state.routes, ...Object.keys(state.outputs).filter((k) => !state.routes.includes(k))];
    const segments = order.flatMap((r) => state.outputs[r] ?? []);
    const reply = rt.narrate(segments, state);
    rt.trace(narrateName, t0, true);
    return { reply };
  });

  g.addEdge(START, understandName);
  // Seed 000's route_after_triage: one Send per active route (parallel), or straight to the merge.
  g.addConditionalEdges(
    understandName,
    (state: TurnStateValue) => {
      const targets = state.routes.filter((r) => entryNodes[r]);
      if (!targets.length) return [new Send(narrateName, state)];
      return targets.map((r) => new Send(entryNodes[r], state));
    },
    [...Object.values(entryNodes), narrateName],
  );
  g.addEdge(narrateName, END);
  return graph.compile();
}
export type TurnGraph = ReturnType<typeof buildTurnGraph>;
