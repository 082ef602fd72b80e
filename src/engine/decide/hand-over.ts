// A policy that hands the message to the bot's own reading (a cancel phrase, a waiting form, a named intent): the
// bot's own policies decide, in their order, and the decision names the policy that handed it over.
import type { Understanding } from '../../nlu/types.ts';
import { botIntentsPolicy } from './bot-intents.ts';
import { ownHandoffPolicy } from './own-handoff.ts';
import { smallTalkPolicy } from './small-talk.ts';
import type { Decision, DecisionInput, Policy, PolicyName } from './types.ts';
import { writtenReplyPolicy } from './written-reply.ts';

/** The bot's own policies, in order; the last always decides. */
export const OWN_POLICIES: readonly Policy[] = [ownHandoffPolicy, writtenReplyPolicy, smallTalkPolicy, botIntentsPolicy];

/**
 * The first of the bot's own policies that decides on `understanding` (small talk left out unless `smallTalk`),
 * reported as `policy` with both reasons. `lead`: a line said before the answer.
 */
export async function ownRouting(input: DecisionInput, understanding: Readonly<Understanding>, policy: PolicyName, why: string, opts: { smallTalk: boolean; lead?: string }): Promise<Decision> {
  const sub: DecisionInput = { ...input, understanding };
  for (const p of OWN_POLICIES) {
    if (p === smallTalkPolicy && !opts.smallTalk) continue;
    const d = await p.decide(sub);
    if (d) return { ...d, policy, why: `${why}; then ${d.policy}: ${d.why}`, ...(opts.lead ? { lead: opts.lead } : {}) };
  }
  throw new Error('the bot_intents policy always decides');
}
