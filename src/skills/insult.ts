// An insult aimed at the bot or anyone, with nothing of the bot's business in it ("bot lixo", "sos un pelotudo", "đồ
// ngu"): the bot's own classifier reads its words as whatever intent they lean to (a complaint for the owner, a
// sale), which is no answer to an insult. Read with the guardrails' abuse rules, the ones a bot with `guardrails:`
// blocks on (such a bot answers at its gate before the skills read anything); here the message gets the bot's
// fallback instead (src/skills/understander.ts), unless it asks for a person or names the bot's things.
import { createGuardrail, type GuardrailVerdict } from '../guardrails/index.ts';
import type { Language } from '../nlu/types.ts';
import type { SkillReading } from './reading.ts';
import type { SkillVerdict } from './decide.ts';

/** Whether a message insults, in `lang`; `names`: the bot's own names, read as the assistant ("Lumiara burra"). */
export function insultReader(lang: Language, names: string[]): (text: string) => boolean {
  const guardrail: (text: string) => GuardrailVerdict = createGuardrail(lang, { names });
  return (text) => guardrail(text).category === 'abuse';
}

/**
 * The skill for an insult: out of scope when the message says no word the bot's examples keep using (a rare one
 * may be the insult's own: "trucho" to a shop that hears of fakes) and no skill but a request for a person was read
 * ("vai se ferrar, quero falar com alguém" still hands over); otherwise `verdict` as read.
 */
export function overInsult(reading: SkillReading, verdict: SkillVerdict | null, insults: boolean): SkillVerdict | null {
  if (!insults || verdict?.kind === 'human' || verdict?.kind === 'out_of_scope' || reading.strongDomainWord) return verdict;
  return { kind: 'out_of_scope', confidence: 1 };
}
