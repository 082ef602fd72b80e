// The detector's reading as the skill decision model's features (decide.ts): every score, which class is best, the
// bot's words, another topic's words and things, a value, the passer-by reading, the request frame, the bot's own
// lines, the short reply, the head. A model fitted on other features is refused when loaded.
import type { SkillReading } from '../../src/skills/reading.ts';

/** The model's classes: the bot's own business first, then the skills. */
export const DECISION_CLASSES = ['none', 'human', 'out_of_scope', 'greeting', 'thanks', 'acknowledge', 'goodbye', 'bot_question'] as const;

const SCORED = ['domain', 'human', 'out_of_scope', 'greeting', 'thanks', 'acknowledge', 'goodbye', 'bot_question'] as const;
export const SMALL_TALK_IDS: readonly string[] = ['greeting', 'thanks', 'acknowledge', 'goodbye', 'bot_question'];

/** The detector's probability of class `id` for the message. */
export const scoreOf = (r: SkillReading, id: string) => r.scores.find((s) => s.id === id)?.confidence ?? 0;
const flag = (b: boolean) => (b ? 1 : 0);

/** The reading's numbers by name, as a tree can split on them. */
const FEATURES: Record<string, (r: SkillReading) => number> = {
  ...Object.fromEntries(SCORED.map((id) => [`score.${id}`, (r: SkillReading) => scoreOf(r, id)])),
  ...Object.fromEntries(SCORED.map((id) => [`best.${id}`, (r: SkillReading) => flag(r.best.id === id)])),
  'best.confidence': (r) => r.best.confidence,
  'smallTalk.sum': (r) => SMALL_TALK_IDS.reduce((sum, id) => sum + scoreOf(r, id), 0),
  domainWords: (r) => r.domainWords.length,
  strongDomainWord: (r) => flag(r.strongDomainWord),
  offTopicWords: (r) => r.offTopicWords.length,
  unnamedOffTopic: (r) => flag(r.offTopicWords.some((w) => r.foreignWords.includes(w))),
  thingWords: (r) => r.thingWords.length,
  elsewhere: (r) => r.elsewhere.length,
  gibberish: (r) => flag(r.gibberish),
  hasValue: (r) => flag(r.hasValue),
  coverage: (r) => r.coverage,
  foreignWords: (r) => r.foreignWords.length,
  passerBy: (r) => flag(r.passerBy !== null),
  'passerBy.out_of_scope': (r) => r.passerBy?.find((s) => s.id === 'out_of_scope')?.confidence ?? 0,
  partHuman: (r) => r.partHuman,
  role: (r) => flag(r.role),
  personRequest: (r) => flag(r.personRequest),
  ownOutOfScope: (r) => r.ownOutOfScope,
  ownPerson: (r) => r.ownPerson,
  'ownPerson-ownOutOfScope': (r) => r.ownPerson - r.ownOutOfScope,
  'shortReply.acknowledge': (r) => flag(r.shortReply === 'acknowledge'),
  'shortReply.thanks': (r) => flag(r.shortReply === 'thanks'),
  'head.other': (r) => flag(r.head === 'other'),
  'head.bot': (r) => flag(r.head === 'bot'),
  quantityOfThing: (r) => flag(r.quantityOfThing),
};

export const DECISION_FEATURES: readonly string[] = Object.keys(FEATURES);

/** The reading as the model's feature vector (in the order of DECISION_FEATURES). */
export function decisionFeatures(r: SkillReading): number[] {
  return DECISION_FEATURES.map((name) => FEATURES[name](r));
}
