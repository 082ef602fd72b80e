// The turn graph's nodes run without LangGraph's Pregel loop, with the node-by-node graph's semantics: understand;
// then, as LangGraph's supersteps, the chosen routes' first steps in parallel on the same state (the Send
// fan-out), their updates merged in route order, then the next step of every chain that has one, merged in
// node-name order (LangGraph orders a step's writes by task path); then narrate, once, on the merged state.
// Node by node, a chain that ends before a longer one would trigger narrate early and again at the end; the
// reply is the last one either way.
import type { TurnNode, TurnNodes, TurnRuntime } from './graph.ts';
import { applyUpdates, initialTurnState, type TurnStateValue } from './turn-state.ts';

export async function runFusedTurn(nodes: TurnNodes, memory: Record<string, unknown>, rt: TurnRuntime): Promise<TurnStateValue> {
  let state = applyUpdates(initialTurnState(), [{ memory }]);
  state = applyUpdates(state, [await nodes.understand.run(state, rt)]);
  let running = state.routes.filter((route) => nodes.chains[route]).map((route) => nodes.chains[route]);
  for (let step = 0; running.length; step++) {
    const tasks: TurnNode[] = running.map((chain) => chain[step]);
    if (step > 0) tasks.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const seen = state;
    state = applyUpdates(state, await Promise.all(tasks.map((node) => node.run(seen, rt))));
    running = running.filter((chain) => chain.length > step + 1);
  }
  return applyUpdates(state, [await nodes.narrate.run(state, rt)]);
}
