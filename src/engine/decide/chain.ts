// The route of a message: an ordered list of policies, each reading the immutable understanding and returning a
// decision or nothing; the first decision is taken. A request for a person comes first (it holds even while a form
// waits), then what the bot names outright (a gazetteer's intent), then what a waiting form owns (its cancel
// phrases, its answer), then out of scope, then the bot's own reading (a handoff intent, a written reply, small
// talk where the bot is unsure, its intents).
import { cancelPolicy } from './cancel.ts';
import { OWN_POLICIES } from './hand-over.ts';
import { namedIntentPolicy } from './named-intent.ts';
import { outOfScopePolicy } from './out-of-scope.ts';
import { pendingPolicy } from './pending.ts';
import { personPolicy } from './person.ts';
import type { Decision, DecisionInput, Policy } from './types.ts';

export const POLICIES: readonly Policy[] = [personPolicy, namedIntentPolicy, cancelPolicy, pendingPolicy, outOfScopePolicy, ...OWN_POLICIES];

/** The first decision of `policies` on `input` (its understanding frozen first). */
export async function decideRoute(input: DecisionInput, policies: readonly Policy[] = POLICIES): Promise<Decision> {
  const frozen: DecisionInput = { ...input, understanding: Object.freeze(input.understanding) };
  for (const policy of policies) {
    const decision = await policy.decide(frozen);
    if (decision) return decision;
  }
  throw new Error('no policy decided: the chain must end with one that always does');
}
