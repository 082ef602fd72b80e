// From the detector's reading to a built-in skill: a request for a person, out of scope, or small talk.
import type { SkillReading } from './detector.ts';

export type SkillKind = 'human' | 'out_of_scope' | 'greeting' | 'thanks' | 'acknowledge' | 'goodbye' | 'bot_question';
export const SMALL_TALK: readonly SkillKind[] = ['greeting', 'thanks', 'acknowledge', 'goodbye', 'bot_question'];

export interface SkillVerdict {
  kind: SkillKind;
  confidence: number;
  /** A request for a person that shares words with the bot's own text ("quiero hablar con el gerente por la cuenta"). */
  mentionsBot?: boolean;
}

/** Minimum probabilities (measured on the reference bots' conversations and held-out edge messages). */
export const SKILL_THRESHOLDS = {
  human: 0.45,
  /** A request for a person that also names the bot's own things ("falar com alguém sobre minha entrega"), or carries a number or a name. */
  humanWithDomainWords: 0.8,
  /** The same with a number or a capitalised name in it as well. */
  humanWithDomainWordsAndValue: 0.9,
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
  /** The same for a message with a number or a capitalised name in it ("a locksmith open 24h?"). */
  outOfScopeOffTopicWithValue: 0.5,
  /** Out of scope for a message sharing only weak words with the bot (its knowledge's, or one example's). */
  outOfScopeWithWeakDomainWord: 0.93,
  /** Out of scope for a message using a word the bot's examples keep using: only when the detector is all but sure. */
  outOfScopeWithStrongDomainWord: 0.95,
  /** Out of scope for a message with a number or a capitalised name in it (an answer a bot may be collecting). */
  outOfScopeWithValue: 0.85,
  /** The same with one of the bot's words as well ("22 anos, terminei o ensino médio em 2020"): an answer, all but surely. */
  outOfScopeWithValueAndDomainWord: 0.95,
  smallTalk: 0.6,
  /** Out of scope for a message whose bot words only pass by, read without them (measured on the bots' examples, cross-validated: 0.5 lost some). */
  outOfScopePasserBy: 0.7,
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

/**
 * The skill a message calls for, or null when it is the bot's business. A message that shares a distinctive word
 * with the bot's examples or knowledge is never small talk, and out of scope only on a surer reading (all but sure
 * for a word the bot's examples keep using); one that carries a value a bot may be collecting (a number, a
 * capitalised name) needs a surer reading too.
 */
export function decideSkill(r: SkillReading, t = SKILL_THRESHOLDS): SkillVerdict | null {
  // The bot's words only pass by (a question about some other thing that uses one): read without them. Not with a
  // number or a name in it: that is more likely an answer the bot is collecting, in words it has not seen.
  if (r.passerBy && !r.hasValue) {
    const oos = r.passerBy.find((s) => s.id === 'out_of_scope')?.confidence ?? 0;
    if (oos >= t.outOfScopePasserBy) return { kind: 'out_of_scope', confidence: oos };
  }
  const { id, confidence } = r.best;
  // A number or a name next to "pessoa" ("renda de R$ 1.200 por pessoa") is more likely an answer than a request.
  const humanBar = r.domainWords.length && r.hasValue ? t.humanWithDomainWordsAndValue : r.domainWords.length || r.hasValue ? t.humanWithDomainWords : t.human;
  if (id === 'human' && confidence >= humanBar) return { kind: 'human', confidence, ...(r.domainWords.length ? { mentionsBot: true } : {}) };
  // "Is this a bot? Put me through to a person": asking about the bot and for a person is a request for a person, and
  // so is small talk with a part that asks for one ("hi, a person please").
  const human = r.scores.find((s) => s.id === 'human')?.confidence ?? 0;
  // Only when a part of its own leans that way: "a person or a bot?" in one breath asks about the bot.
  if (id === 'bot_question' && human >= t.humanAfterBotQuestion && r.partHuman >= t.humanAfterBotQuestion && !r.domainWords.length) return { kind: 'human', confidence: human };
  if ((SMALL_TALK as readonly string[]).includes(id) && r.partHuman >= t.human && !r.domainWords.length) return { kind: 'human', confidence: r.partHuman };
  const shared = r.domainWords.length > 0;
  if (r.gibberish && !r.hasValue && !shared) return { kind: 'out_of_scope', confidence: 1 };
  const domainBar = r.strongDomainWord ? t.outOfScopeWithStrongDomainWord : shared ? (r.hasValue ? t.outOfScopeWithValueAndDomainWord : t.outOfScopeWithWeakDomainWord) : 0;
  const oosBar = Math.max(r.hasValue ? t.outOfScopeWithValue : t.outOfScope, domainBar);
  if (id === 'out_of_scope' && confidence >= oosBar) return { kind: 'out_of_scope', confidence };
  const oos = r.scores.find((s) => s.id === 'out_of_scope')?.confidence ?? 0;
  if (!shared && !r.hasValue && r.offTopicWords.length > 0 && id !== 'human' && oos >= t.outOfScopeOffTopic) return { kind: 'out_of_scope', confidence: oos };
  // A request in the bot's own frame and verbs about another kind of thing ("can you fix my …" naming a thing of
  // another topic to a bicycle shop): no word of the bot's and a listed thing of another topic's is enough.
  if (!shared && !r.hasValue && r.thingWords.length > 0 && id !== 'human' && !(SMALL_TALK as readonly string[]).includes(id)) return { kind: 'out_of_scope', confidence: oos };
  // The same with a number or a name in it: a surer reading, and a topic word that is not itself the name.
  const unnamedOffTopic = r.offTopicWords.some((w) => r.foreignWords.includes(w));
  if (!shared && r.hasValue && unnamedOffTopic && id !== 'human' && oos >= t.outOfScopeOffTopicWithValue) return { kind: 'out_of_scope', confidence: oos };
  if (shared) return null;
  if ((SMALL_TALK as readonly string[]).includes(id) && confidence >= t.smallTalk) return { kind: id as SkillKind, confidence };
  return null;
}
