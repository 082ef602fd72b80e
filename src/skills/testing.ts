// For tests: a reading made by hand, every sign off unless given.
import type { SkillReading } from './reading.ts';

/** A reading whose best (and only) score is `best` at `confidence`. */
export function syntheticReading(best: string, confidence: number, more: Partial<SkillReading> = {}): SkillReading {
  return {
    best: { id: best, confidence },
    scores: [{ id: best, confidence }],
    domainWords: [],
    strongDomainWord: false,
    offTopicWords: [],
    thingWords: [],
    elsewhere: [],
    acquaintanceFirst: false,
    partyFirst: null,
    otherBrand: false,
    spam: false,
    strangers: [],
    coverage: 1,
    gibberish: false,
    hasValue: false,
    foreignWords: [],
    passerBy: null,
    partHuman: 0,
    role: false,
    personRequest: false,
    ownOutOfScope: 0,
    ownPerson: 0,
    shortReply: null,
    head: null,
    quantityOfThing: false,
    ...more,
  };
}
