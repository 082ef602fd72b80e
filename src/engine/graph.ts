// A bot definition becomes a LangGraph.js StateGraph:
//   understand → (Send, in parallel) specialists… → narrate → END
// A turn that LangSmith, a callback or verbose logging observes runs it through LangGraph node by node; a turn
// nothing observes runs the same nodes itself (fused-turn.ts, with LangGraph's semantics), because LangGraph's
// Pregel loop (config merging, task preparation, in-memory checkpoints, streams) then serves nothing. The gate
// (auth, guardrails, handoff mode) and persistence run around the graph in the runner, inside the session lock
// and the turn's transaction.
import { END, START, Send, StateGraph } from '@langchain/langgraph';
import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import type { Understanding } from '../nlu/types.ts';
import { turnObserved } from './observed.ts';
import { runFusedTurn } from './fused-turn.ts';
import { inSpan, tracingEnabled } from '../spans.ts';
import { TurnState, type TurnStateValue, type TurnUpdate } from './turn-state.ts';
import type { BotDefinition, Segment, Step, StepResult, TurnContext } from './types.ts';

export { type TurnStateValue } from './turn-state.ts';

/** Per-turn services handed to nodes through the run config (the compiled graph is shared by all turns). */
export interface TurnRuntime {
  /** Understanding and the decision; `memory`: what the runtime keeps of the turn for the next (the answered intents). */
  understand(state: TurnStateValue): Promise<{ understanding: Understanding; routes: string[]; handoff: { reason: string; intent?: string } | null; memory?: Record<string, unknown>; workflow?: string | null }>;
  context(state: TurnStateValue): TurnContext;
  narrate(segments: Segment[], state: TurnStateValue): string;
  trace(node: string, startMs: number, ok: boolean): void;
}

/** A node of the turn: its name in the graph and what it does with the state it is given. */
export interface TurnNode {
  name: string;
  run(state: TurnStateValue, rt: TurnRuntime): Promise<TurnUpdate>;
}

/** The turn's nodes: understanding, each route's chain of steps (a specialist of one step is a chain of one), narration. */
export interface TurnNodes {
  understand: TurnNode;
  chains: Record<string, TurnNode[]>;
  narrate: TurnNode;
}

function runtimeOf(config: LangGraphRunnableConfig): TurnRuntime {
  const rt = config.configurable?.turn as TurnRuntime | undefined;
  if (!rt) throw new Error('turn runtime missing from the graph config');
  return rt;
}

function toUpdate(route: string, result: StepResult | void, prior: Segment[] = []): TurnUpdate {
  const segments = [...prior, ...(result?.segments ?? [])];
  return { ...(segments.length ? { outputs: { [route]: segments } } : {}), ...(result ? resultUpdate(result) : {}) };
}

/** What a step's result changes in the turn besides its segments. */
function resultUpdate(result: StepResult): TurnUpdate {
  const update: TurnUpdate = {};
  if (result.memory) update.memory = result.memory;
  if (result.data) update.data = result.data;
  if (result.handoff) update.handoff = result.handoff;
  if (result.workflow !== undefined) update.workflow = result.workflow;
  if (result.intents?.length) update.servedIntents = result.intents;
  return update;
}

/** Wrap a step as a node: timing, error capture (one failing branch must not cancel its siblings). */
function stepNode(route: string, name: string, step: Step): TurnNode {
  return {
    name,
    async run(state, rt) {
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
    },
  };
}

function turnNodes(definition: BotDefinition): TurnNodes {
  const understandName = definition.nodeNames?.understand ?? 'understand';
  const narrateName = definition.nodeNames?.narrate ?? 'narrate';
  const chains: Record<string, TurnNode[]> = {};
  for (const [route, specialist] of Object.entries(definition.specialists)) {
    const steps: [string, Step][] = typeof specialist === 'function' ? [[route, specialist]] : specialist.steps;
    chains[route] = steps.map(([name, step]) => stepNode(route, name, step));
  }
  return {
    understand: {
      name: understandName,
      async run(state, rt) {
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
      },
    },
    chains,
    narrate: {
      name: narrateName,
      async run(state, rt) {
        const t0 = performance.now();
        // Segments in the order the routes were chosen, so a multi-intent reply reads in the user's order.
        const order = [...state.routes, ...Object.keys(state.outputs).filter((k) => !state.routes.includes(k))];
        const segments = order.flatMap((r) => state.outputs[r] ?? []);
        const reply = rt.narrate(segments, state);
        rt.trace(narrateName, t0, true);
        return { reply };
      },
    },
  };
}

type GraphBuilder = {
  addNode: (name: string, fn: unknown) => void;
  addEdge: (a: string, b: string) => void;
  addConditionalEdges: (a: string, fn: unknown, targets: string[]) => void;
  compile: () => CompiledTurnGraph;
};
type CompiledTurnGraph = { invoke(input: TurnUpdate, config: LangGraphRunnableConfig): Promise<unknown> };

const asLangGraphNode = (node: TurnNode) => (state: TurnStateValue, config: LangGraphRunnableConfig) => node.run(state, runtimeOf(config));

/** Every node its own LangGraph node: what a tracer, a callback or a stream sees. */
function nodeByNodeGraph(nodes: TurnNodes): CompiledTurnGraph {
  const g = new StateGraph(TurnState) as unknown as GraphBuilder;
  const { understand, narrate } = nodes;
  g.addNode(understand.name, asLangGraphNode(understand));
  for (const chain of Object.values(nodes.chains)) {
    chain.forEach((node, i) => {
      g.addNode(node.name, asLangGraphNode(node));
      if (i > 0) g.addEdge(chain[i - 1].name, node.name);
    });
    g.addEdge(chain[chain.length - 1].name, narrate.name);
  }
  g.addNode(narrate.name, asLangGraphNode(narrate));
  g.addEdge(START, understand.name);
  // Seed 000's route_after_triage: one Send per active route (parallel), or straight to the merge.
  g.addConditionalEdges(
    understand.name,
    (state: TurnStateValue) => {
      const targets = state.routes.filter((r) => nodes.chains[r]);
      if (!targets.length) return [new Send(narrate.name, state)];
      return targets.map((r) => new Send(nodes.chains[r][0].name, state));
    },
    [...Object.values(nodes.chains).map((chain) => chain[0].name), narrate.name],
  );
  g.addEdge(narrate.name, END);
  return g.compile();
}

export interface TurnGraph {
  nodes: TurnNodes;
  /** The nodes as a compiled LangGraph graph, for the turns something observes. */
  nodeByNode: CompiledTurnGraph;
}

export function buildTurnGraph(definition: BotDefinition): TurnGraph {
  const nodes = turnNodes(definition);
  return { nodes, nodeByNode: nodeByNodeGraph(nodes) };
}

/** Run a turn's graph from the conversation's memory: node by node through LangGraph when observed, else fused. */
export async function invokeTurnGraph(graph: TurnGraph, memory: Record<string, unknown>, turn: TurnRuntime): Promise<TurnStateValue> {
  if (!turnObserved()) return runFusedTurn(graph.nodes, memory, turn);
  return (await graph.nodeByNode.invoke({ memory }, { configurable: { turn } })) as TurnStateValue;
}
