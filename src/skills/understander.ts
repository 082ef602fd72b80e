// Local understanding with the built-in skills: the bot's own reading, plus the skill the message calls for.
import type { Understander, UnderstandInput, Understanding } from '../nlu/types.ts';
import { decideSkill } from './decide.ts';
import type { SkillDetector } from './detector.ts';
import { overInsult } from './insult.ts';

/**
 * `detector` is built on first use (it trains a small model). While a flow or form waits for an answer only a
 * request for a person and small talk with nothing in it count: "amanhã" or "tanto faz" answer the flow whatever
 * they look like. An out-of-scope
 * reading makes the result sure (a cascade need not ask the model).
 */
export function withSkills(inner: Understander, detector: () => SkillDetector | null): Understander {
  return {
    async understand(input: UnderstandInput): Promise<Understanding> {
      const u = await inner.understand(input);
      // Past the turn's understanding budget the skills are not read either.
      if (input.budget?.spent) return u;
      const skills = detector();
      if (!skills) return u;
      const wordless = skills.wordless(input.text);
      const reading = wordless ? null : skills.read(input.text);
      const verdict = reading ? overInsult(reading, decideSkill(reading), skills.insults(input.text)) : wordless;
      if (!verdict) return u;
      // While a form waits, small talk counts only when the message carries nothing the form could read ("ok" is a yes).
      const waits = input.flows.length > 0;
      if (waits && verdict.kind !== 'human' && (verdict.kind === 'out_of_scope' || u.entities.length > 0)) {
        // Kept aside: it does not decide the turn, but no handoff intent is followed on it.
        if (verdict.kind === 'out_of_scope') u.skillAside = { kind: 'out_of_scope', confidence: verdict.confidence, question: input.text.includes('?') };
        return u;
      }
      u.skill = verdict;
      if (verdict.kind === 'out_of_scope' || verdict.kind === 'human') delete u.unsure;
      return u;
    },
  };
}
