// The routing decision of a turn: the ordered policies and the types they share.
export { decideRoute, POLICIES } from './chain.ts';
export { withoutDoubtedHandoffs } from './own-reading.ts';
export type { Decision, DecisionInput, HandoffDecision, Policy, PolicyName, Waiting } from './types.ts';
