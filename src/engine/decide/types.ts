// The routing decision of a turn, apart from what was understood: which policy decided, why, and where the
// message goes. Policies read an immutable understanding and return a decision or nothing; the first one taken.
import type { IntentScore, Understanding } from '../../nlu/types.ts';
import type { LoadedBot } from '../registry.ts';

/** The policies of the chain, in the order they are asked (see chain.ts). */
export type PolicyName = 'person' | 'named_intent' | 'cancel' | 'pending' | 'out_of_scope' | 'own_handoff' | 'written_reply' | 'small_talk' | 'bot_intents';

export interface HandoffDecision {
  reason: string;
  intent?: string;
}

export interface Decision {
  policy: PolicyName;
  /** A short sentence for the trace: why this policy took the message. */
  why: string;
  /** The intents the turn serves, best first. */
  intents: IntentScore[];
  /** The specialists that run (in parallel); none when `reply` or `handoff` answers. */
  routes: string[];
  handoff: HandoffDecision | null;
  /** A fixed text that answers the turn (a skill's reply, a tagged reply written while understanding). */
  reply?: string;
  /** A line said before the turn's answer (small talk while a form waits). */
  lead?: string;
  /** The intents are a guess (the fallback, unsure). */
  unsure?: boolean;
}

/** What a form or workflow waiting for an answer means for the message. */
export interface Waiting {
  workflow: boolean;
  /** The intents of the forms waiting for an answer. */
  forms: string[];
  /** The message says a form's cancel phrase: the form's business. */
  cancel: boolean;
}

/** What every policy reads. `understanding` is frozen: a policy returns a decision, it never edits what was understood. */
export interface DecisionInput {
  bot: LoadedBot;
  understanding: Readonly<Understanding>;
  waiting: Waiting;
  /** Whether the model was wanted and failed this turn (the bot may prefer a person then). */
  modelFailed: boolean;
  /** The bot's own routing (its `route`, forms' routes included) of a reading with these intents; absent when the bot has none. */
  route?(understanding: Readonly<Understanding>, intents: string[]): Promise<string[]>;
  /**
   * The bot's own refinement of these intents: its `understanding.refine` rules, then its `refineIntents` hook and
   * forms' cancel phrases; `rule` names the rules that changed them, for the trace.
   */
  refine?(understanding: Readonly<Understanding>): Promise<{ intents: string[]; rule?: string }>;
}

export interface Policy {
  name: PolicyName;
  decide(input: DecisionInput): Decision | null | Promise<Decision | null>;
}
