import { BaseCallbackHandler } from '@langchain/core/callbacks/base';
import { RunnableLambda } from '@langchain/core/runnables';
import { AsyncLocalStorageProviderSingleton } from '@langchain/core/singletons';
import { afterEach, describe, expect, it } from 'vitest';
import type { Understanding } from '../nlu/types.ts';
import { runFusedTurn } from './fused-turn.ts';
import { buildTurnGraph, invokeTurnGraph, type TurnRuntime } from './graph.ts';
import type { TurnStateValue } from './turn-state.ts';
import type { BotDefinition, Step, TurnContext } from './types.ts';

/** A runtime whose understanding picks `routes`, and which records the nodes it ran and the LangGraph node around them ('none' outside LangGraph). */
function runtime(routes: string[], fail = false) {
  const ran: string[] = [];
  const graphNodes: string[] = [];
  const rt: TurnRuntime = {
    understand: async () => {
      if (fail) throw new Error('understanding broke');
      return { understanding: { intents: routes.map((id) => ({ id, confidence: 1 })) } as unknown as Understanding, routes, handoff: null };
    },
    context: (state) => {
      graphNodes.push(String(AsyncLocalStorageProviderSingleton.getRunnableConfig()?.metadata?.langgraph_node ?? 'none'));
      return { memory: state.memory, data: state.data } as unknown as TurnContext;
    },
    narrate: (segments) => segments.map((s) => `${s.intent}:${s.text}`).join(' | '),
    trace: (node) => void ran.push(node),
  };
  return { rt, ran, graphNodes };
}

// Three chains of different lengths, writing overlapping memory keys, passing data along a chain, reading what
// another chain wrote a step earlier, the last step of one failing.
const steps: Record<string, Step> = {
  one: () => ({ segments: [{ intent: 'one', text: 'a', ok: true }], memory: { shared: 'one', one: 1 }, intents: ['one', 'x'] }),
  twoFirst: () => ({ data: { fromTwo: 'found' }, memory: { shared: 'two' }, handoff: { reason: 'asked' } }),
  twoSecond: (ctx) => ({ segments: [{ intent: 'two', text: `${String(ctx.data.fromTwo)}/${String(ctx.memory.one)}`, ok: true }], memory: { late: 'two' }, workflow: 'w', intents: ['x', 'two'] }),
  threeFirst: () => ({ segments: [{ intent: 'three', text: 'c', ok: true }], memory: { shared: 'three' } }),
  threeSecond: () => ({ memory: { late: 'three', three: 3 }, workflow: null }),
  threeThird: () => {
    throw new Error('step broke');
  },
};
const definition = {
  nodeNames: { understand: 'triage', narrate: 'merge' },
  specialists: {
    one: steps.one,
    two: { steps: [['two_first', steps.twoFirst], ['two_second', steps.twoSecond]] },
    three: { steps: [['three_first', steps.threeFirst], ['three_second', steps.threeSecond], ['three_third', steps.threeThird]] },
    unused: steps.one,
  },
} as unknown as BotDefinition;

async function both(routes: string[], memory: Record<string, unknown> = { kept: true }) {
  const graph = buildTurnGraph(definition);
  const inLangGraph = runtime(routes);
  const state = (await graph.nodeByNode.invoke({ memory }, { configurable: { turn: inLangGraph.rt } })) as TurnStateValue;
  const fused = runtime(routes);
  return { nodeByNode: { state, ran: inLangGraph.ran }, fused: { state: await runFusedTurn(graph.nodes, memory, fused.rt), ran: fused.ran } };
}

describe('the fused turn', () => {
  const saved = process.env.SWITCHBOARD_LANGCHAIN_FAST_PATH;
  afterEach(() => {
    if (saved === undefined) delete process.env.SWITCHBOARD_LANGCHAIN_FAST_PATH;
    else process.env.SWITCHBOARD_LANGCHAIN_FAST_PATH = saved;
  });

  it('ends in the state the node-by-node graph ends in, with chains of different lengths in parallel', async () => {
    const { nodeByNode, fused } = await both(['three', 'one', 'two']);
    expect(fused.state).toEqual(nodeByNode.state);
    expect(fused.state.reply).toContain('two:found/1');
    expect(fused.state.memory).toMatchObject({ kept: true, one: 1, three: 3 });
    expect(fused.state.outputs.three).toEqual([expect.objectContaining({ ok: false })]);
    // Node by node, the one-step chain triggers the merge early and the longest chain again: the fused turn merges once.
    expect(nodeByNode.ran.filter((n) => n === 'merge').length).toBeGreaterThan(1);
    expect(fused.ran.filter((n) => n === 'merge')).toEqual(['merge']);
    expect(fused.ran.filter((n) => n !== 'merge').sort()).toEqual(nodeByNode.ran.filter((n) => n !== 'merge').sort());
  });

  it('merges the parallel first steps in the order the routes were chosen', async () => {
    const a = await both(['one', 'two']);
    const b = await both(['two', 'one']);
    expect(a.fused.state).toEqual(a.nodeByNode.state);
    expect(b.fused.state).toEqual(b.nodeByNode.state);
    expect([a.fused.state.memory.shared, b.fused.state.memory.shared]).toEqual(['two', 'one']);
  });

  it('merges later steps in node-name order, as LangGraph orders the writes of edge-triggered nodes', async () => {
    for (const routes of [['two', 'three'], ['three', 'two']]) {
      const { nodeByNode, fused } = await both(routes);
      expect(fused.state).toEqual(nodeByNode.state);
      expect(fused.state.memory.late).toBe('two');
    }
  });

  it('goes straight to narration when no route has a specialist', async () => {
    const { nodeByNode, fused } = await both(['nothing']);
    expect(fused.state).toEqual(nodeByNode.state);
    expect(fused.ran).toEqual(['triage', 'merge']);
  });

  it('fails as the node-by-node graph does when understanding fails', async () => {
    const graph = buildTurnGraph(definition);
    await expect(graph.nodeByNode.invoke({ memory: {} }, { configurable: { turn: runtime([], true).rt } })).rejects.toThrow('understanding broke');
    await expect(runFusedTurn(graph.nodes, {}, runtime([], true).rt)).rejects.toThrow('understanding broke');
  });

  it('runs fused when nothing observes the turn, node by node through LangGraph when a callback listens or the fast path is off', async () => {
    const graph = buildTurnGraph(definition);
    const unobserved = runtime(['one']);
    await invokeTurnGraph(graph, {}, unobserved.rt);
    expect(unobserved.graphNodes).toEqual(['none']);

    const started: string[] = [];
    class Recorder extends BaseCallbackHandler {
      name = 'recorder';
      override async handleChainStart(_c: unknown, _i: unknown, _r: string, _p?: string, _t?: string[], _m?: unknown, _ty?: string, runName?: string) {
        if (runName) started.push(runName);
      }
    }
    const inTrace = runtime(['one']);
    await RunnableLambda.from(() => invokeTurnGraph(graph, {}, inTrace.rt)).invoke(null, { callbacks: [new Recorder()] });
    expect(inTrace.graphNodes).toEqual(['one']);
    expect(started).toEqual(expect.arrayContaining(['triage', 'one', 'merge']));

    process.env.SWITCHBOARD_LANGCHAIN_FAST_PATH = '0';
    const off = runtime(['one']);
    await invokeTurnGraph(graph, {}, off.rt);
    expect(off.graphNodes).toEqual(['one']);
  });
});
