// The skill decision's thresholds (src/skills/decide.ts): set by hand, then those the training rows decide fitted by
// `npx tsx scripts/fit-skill-thresholds.ts --write` into fitted-thresholds.json beside this file, which the runtime
// reads (docs/skills.md, "Fitted thresholds").
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../paths.ts';

/**
 * The minimum probabilities the rules compare the detector's reading with, as set by hand (measured on the reference
 * bots' conversations and held-out edge messages): where the fit starts, and the runtime's value of those not fitted.
 */
export const HAND_SET_THRESHOLDS = {
  human: 0.45,
  /** A request for a person that also names the bot's own things ("falar com alguém sobre minha entrega"), or carries a number or a name. */
  humanWithDomainWords: 0.8,
  /** The same with a number or a capitalised name in it as well. */
  humanWithDomainWordsAndValue: 0.9,
  /**
   * A request for a person that names a role of the staff (the shared lexicon's or the bot's: "o professor de
   * jiu-jitsu", "nhân viên tư vấn"), read as a person at least this surely, and as the detector's best class.
   */
  humanByRole: 0.3,
  /**
   * Share of the content words of one of the bot's own out-of-scope lines (`skills.out_of_scope.examples`, accepted
   * edge probes) a message must say to be out of scope.
   */
  ownOutOfScopeLine: 0.75,
  /** All the content words of one of the bot's own requests for a person (a role asked for names the bot's things too: "o professor de prouni"). */
  ownPersonLine: 1,
  /** A request for a person next to a question whether this is a bot (the question reads first). */
  humanAfterBotQuestion: 0.25,
  /**
   * Out of scope otherwise. With the larger background (the topics lines) 0.8 kept more of the bots' own examples
   * (cross-validated) than 0.5 did without it, and called more off-domain messages out of scope.
   */
  outOfScope: 0.8,
  /**
   * Out of scope for a message on one of the background's topics that the bot never speaks of, and sharing no word
   * with it ("meu computador não liga" to a gym): the detector's out-of-scope probability need only be this.
   */
  outOfScopeOffTopic: 0.2,
  /**
   * Out of scope for a message with no word of the bot's and at least two foreign words (another topic's, or unknown
   * to everything the detector read): set on the reference bots' examples, cross-validated (0.6 lost one).
   */
  outOfScopeForeignOnly: 0.65,
  /** The same for a message with a number or a capitalised name in it ("a locksmith open 24h?"). */
  outOfScopeOffTopicWithValue: 0.5,
  /** Out of scope for a message sharing only weak words with the bot (its knowledge's, or one example's). */
  outOfScopeWithWeakDomainWord: 0.93,
  /** The same for a message that also names a topic the bot never speaks of ("el clima en la ciudad" to a restaurant). */
  outOfScopeOffTopicWithWeakDomainWord: 0.8,
  /** Out of scope for a message using a word the bot's examples keep using: only when the detector is all but sure. */
  outOfScopeWithStrongDomainWord: 0.95,
  /** Out of scope for a message with a number or a capitalised name in it (an answer a bot may be collecting). */
  outOfScopeWithValue: 0.85,
  /** The same with one of the bot's words as well ("22 anos, terminei o ensino médio em 2020"): an answer, all but surely. */
  outOfScopeWithValueAndDomainWord: 0.95,
  smallTalk: 0.6,
  /** Out of scope for a message whose bot words only pass by, read without them (measured on the bots' examples, cross-validated: 0.5 lost some). */
  outOfScopePasserBy: 0.7,
  /** The same with a number or a name in it, and a listed thing of another topic. */
  outOfScopePasserByWithValue: 0.9,
  /**
   * Small talk the detector is this sure of answers even where the bot's own classifier chose one of its intents: a
   * bot with its own greeting intent shares the skills' lines, so its greetings never read this surely as small talk.
   */
  smallTalkOverBot: 0.9,
  /**
   * The same for a question whether this is a bot: a bot's own intents rarely share the skills' bot-question lines
   * the way a greeting intent shares their greetings ("a person or a machine?" read as a shop's FAQ).
   */
  botQuestionOverBot: 0.75,
};

export type SkillThresholds = typeof HAND_SET_THRESHOLDS;
type ThresholdName = keyof SkillThresholds;

/**
 * The thresholds left at their hand-set values. Those for a message with a number or a name in it: the training rows
 * with a value are nearly all the bot's business (about 3,000, most generated form answers, against about 400
 * off-domain lines and no request for a person), so a fit pushes them to "never". The shares of the bot's own
 * out-of-scope and person lines: those lines are the author's accepted edge probes, which the generated probes the fit
 * reads match by construction. The two bars for small talk over a bot's own intent: no row carries a bot classifier's
 * reading. The bar for a message of foreign words only: set on the reference bots' examples, cross-validated
 * (`npx tsx scripts/skills-cv.ts`).
 */
export const UNFITTED_THRESHOLDS: readonly ThresholdName[] = ['humanWithDomainWordsAndValue', 'outOfScopeOffTopicWithValue', 'outOfScopeWithValue', 'outOfScopeWithValueAndDomainWord', 'outOfScopePasserByWithValue', 'ownOutOfScopeLine', 'ownPersonLine', 'smallTalkOverBot', 'botQuestionOverBot', 'outOfScopeForeignOnly'];

export const FITTED_THRESHOLD_NAMES = (Object.keys(HAND_SET_THRESHOLDS) as ThresholdName[]).filter((name) => !UNFITTED_THRESHOLDS.includes(name));

/**
 * What the rules mean, kept by the fit: each pair is [lower, higher]. A message that shares a word with the bot needs
 * a surer reading to be out of scope than one that shares none, and a word the bot's examples keep using a surer one
 * than a weak word; one naming another topic as well needs less than one that does not; a request for a person that
 * names the bot's things needs a surer reading than one that does not.
 */
export const THRESHOLD_ORDER: readonly (readonly [ThresholdName, ThresholdName])[] = [
  ['outOfScopeOffTopic', 'outOfScope'],
  ['outOfScope', 'outOfScopeWithWeakDomainWord'],
  ['outOfScopeOffTopicWithWeakDomainWord', 'outOfScopeWithWeakDomainWord'],
  ['outOfScopeWithWeakDomainWord', 'outOfScopeWithStrongDomainWord'],
  ['human', 'humanWithDomainWords'],
];

export const FITTED_THRESHOLDS_FILE = join(projectRoot, 'src', 'skills', 'fitted-thresholds.json');

/**
 * The fitted thresholds stored in `text`: every fitted name and no other, each a probability, in the order
 * `THRESHOLD_ORDER` asks. Throws naming what is wrong, so a bad file stops the start instead of moving a bar silently.
 */
export function parseFittedThresholds(text: string): Pick<SkillThresholds, (typeof FITTED_THRESHOLD_NAMES)[number]> {
  const stored = JSON.parse(text) as Record<string, unknown>;
  const names = new Set<string>(FITTED_THRESHOLD_NAMES);
  const unknown = Object.keys(stored).filter((name) => !names.has(name));
  const missing = FITTED_THRESHOLD_NAMES.filter((name) => !(name in stored));
  if (unknown.length || missing.length) throw new Error(`fitted thresholds: ${[unknown.length ? `not fitted: ${unknown.join(', ')}` : '', missing.length ? `missing: ${missing.join(', ')}` : ''].filter(Boolean).join('; ')}`);
  const bad = Object.entries(stored).filter(([, value]) => typeof value !== 'number' || !(value >= 0 && value <= 1));
  if (bad.length) throw new Error(`fitted thresholds: not a probability: ${bad.map(([name]) => name).join(', ')}`);
  const thresholds = { ...HAND_SET_THRESHOLDS, ...(stored as Record<ThresholdName, number>) };
  const unordered = THRESHOLD_ORDER.filter(([lower, higher]) => thresholds[lower] > thresholds[higher]);
  if (unordered.length) throw new Error(`fitted thresholds: out of order: ${unordered.map(([lower, higher]) => `${lower} > ${higher}`).join(', ')}`);
  return stored as Record<ThresholdName, number>;
}

/** The thresholds the runtime decides with: the fitted ones over the hand-set ones. */
export const SKILL_THRESHOLDS: SkillThresholds = { ...HAND_SET_THRESHOLDS, ...parseFittedThresholds(readFileSync(FITTED_THRESHOLDS_FILE, 'utf8')) };
