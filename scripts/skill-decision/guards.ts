// The readings that decide before the fitted model (decision-model.ts): each made by a word list or a sentence shape, not
// by a probability, and each too rare in the training rows for the model to learn it (docs/skills.md, "The
// decision"). A guard returns a verdict, or undefined to leave the message to the model.
import { scoreOf, SMALL_TALK_IDS } from './decision-features.ts';
import type { SkillKind, SkillVerdict } from '../../src/skills/decide.ts';
import type { SkillReading } from '../../src/skills/reading.ts';

/** Share of the content words of one of the bot's own out-of-scope lines a message must say to be a rewording of it. */
const OWN_OUT_OF_SCOPE_SHARE = 0.75;

type Guard = (r: SkillReading) => SkillVerdict | undefined;

const person = (r: SkillReading): SkillVerdict => ({ kind: 'human', confidence: scoreOf(r, 'human'), ...(r.domainWords.length ? { mentionsBot: true } : {}) });
const outOfScope = (r: SkillReading, floor = 0): SkillVerdict => ({ kind: 'out_of_scope', confidence: Math.max(scoreOf(r, 'out_of_scope'), floor) });

/**
 * A message made only of acknowledgement words (and thanks beside them): small talk, unless one of its words is one
 * the bot's examples keep using ("show" to a bot that sells show tickets).
 */
const shortReply: Guard = (r) => (r.shortReply && !r.strongDomainWord ? { kind: r.shortReply as SkillKind, confidence: 1, byWords: true } : undefined);

/**
 * A request for a person read in a request frame ("quero falar com o professor de jiu-jitsu"), whatever the
 * classifier makes of it; not when it names a thing of another topic ("o gerente do banco" is someone else's staff).
 */
const personInFrame: Guard = (r) => (r.personRequest && r.thingWords.length === 0 ? person(r) : undefined);

/** A rewording of all of one of the bot's own requests for a person (its accepted edge probes). */
const ownPerson: Guard = (r) => (r.ownPerson >= 1 && r.ownPerson > r.ownOutOfScope ? person(r) : undefined);

/** A rewording of one of the bot's own out-of-scope lines: the author said the bot's words there are about something else. */
const ownOutOfScope: Guard = (r) => (r.ownOutOfScope >= OWN_OUT_OF_SCOPE_SHARE && r.ownOutOfScope > r.ownPerson ? outOfScope(r, r.ownOutOfScope) : undefined);

/**
 * One of the bot's words qualified by another topic's thing ("a mensalidade da escola"), or a business of someone
 * else's: about that other thing, whatever the bot's words in it.
 */
const elsewhere: Guard = (r) => (r.elsewhere.length > 0 && (r.best.id !== 'human' || r.personRequest) ? outOfScope(r) : undefined);

/** A message whose head is another topic's listed thing ("a aula de piano é às terças?"): about that thing; not a request for a person, nor small talk. */
const otherHead: Guard = (r) => (r.head === 'other' && r.best.id !== 'human' && !r.personRequest && !SMALL_TALK_IDS.includes(r.best.id) ? outOfScope(r) : undefined);

/** The guards in the order they are asked; the first verdict is taken. */
const GUARDS: readonly Guard[] = [shortReply, personInFrame, ownPerson, ownOutOfScope, elsewhere, otherHead];

/** The first guard's verdict on a reading, or undefined when the model decides. */
export function guardVerdict(r: SkillReading): SkillVerdict | undefined {
  for (const guard of GUARDS) {
    const verdict = guard(r);
    if (verdict) return verdict;
  }
  return undefined;
}
