// From the detector's reading to a built-in skill: a request for a person, out of scope, or small talk.
import type { SkillReading } from './detector.ts';
import { SKILL_THRESHOLDS, type SkillThresholds } from './thresholds.ts';

export type SkillKind = 'human' | 'out_of_scope' | 'greeting' | 'thanks' | 'acknowledge' | 'goodbye' | 'bot_question';
export const SMALL_TALK: readonly SkillKind[] = ['greeting', 'thanks', 'acknowledge', 'goodbye', 'bot_question'];

export interface SkillVerdict {
  kind: SkillKind;
  confidence: number;
  /** A request for a person that shares words with the bot's own text ("quiero hablar con el gerente por la cuenta"). */
  mentionsBot?: boolean;
  /** A short acknowledgement read by its words alone: sure, unless the intent the bot chose has examples of its kind. */
  byWords?: boolean;
}


/** What the rules read besides the reading: its scores by class, and whether the message shares the bot's words. */
interface Facts {
  shared: boolean;
  oos: number;
  human: number;
  smallTalk: boolean;
}

/** A rule's verdict, null to stop (the bot's business), or undefined to ask the next rule. */
type Rule = (r: SkillReading, t: SkillThresholds, f: Facts) => SkillVerdict | null | undefined;

const outOfScope = (confidence: number): SkillVerdict => ({ kind: 'out_of_scope', confidence });

/**
 * The bot's words only pass by (a question about some other thing that uses one): read without them. With a
 * number or a name in it only when it names a listed thing of another topic ("um pix de 50 reais"), on a surer
 * reading: otherwise that is more likely an answer the bot is collecting, in words it has not seen.
 */
const passerBy: Rule = (r, t) => {
  if (!r.passerBy || (r.hasValue && !r.thingWords.length)) return undefined;
  const oos = r.passerBy.find((s) => s.id === 'out_of_scope')?.confidence ?? 0;
  return oos >= (r.hasValue ? t.outOfScopePasserByWithValue : t.outOfScopePasserBy) ? outOfScope(oos) : undefined;
};

/** A request for a person; a number or a name next to "pessoa" ("renda de R$ 1.200 por pessoa") is more likely an answer. */
const person: Rule = (r, t, f) => {
  const { id, confidence } = r.best;
  const bar = f.shared && r.hasValue ? t.humanWithDomainWordsAndValue : f.shared || r.hasValue ? t.humanWithDomainWords : t.human;
  if (id !== 'human' || confidence < bar) return undefined;
  return { kind: 'human', confidence, ...(f.shared ? { mentionsBot: true } : {}) };
};

/**
 * A request naming a role of the staff: a lower bar when a person is the detector's best reading ("como falo com a
 * recepção?" that the bot's examples answer with a phone number stays the bot's); not with a value in it, nor
 * naming a thing of another topic ("a gerente do banco me ofereceu…" speaks of someone else's staff).
 */
const personByRole: Rule = (r, t, f) => (r.role && !r.hasValue && r.thingWords.length === 0 && r.best.id === 'human' && f.human >= t.humanByRole ? { kind: 'human', confidence: f.human, ...(f.shared ? { mentionsBot: true } : {}) } : undefined);

/**
 * A request for a person read in a request frame ("quero falar com o professor de jiu-jitsu", "cho mình gặp nhân viên
 * tư vấn"), whatever the classifier makes of it; not when it names a thing of another topic ("falar com o gerente do
 * banco" speaks of someone else's staff).
 */
const personInFrame: Rule = (r, t, f) => (r.personRequest && r.thingWords.length === 0 ? { kind: 'human', confidence: Math.max(f.human, t.human), ...(f.shared ? { mentionsBot: true } : {}) } : undefined);

/** A rewording of one of the bot's own requests for a person (accepted edge probes). */
const ownPerson: Rule = (r, t, f) => (r.ownPerson >= t.ownPersonLine && r.ownPerson > r.ownOutOfScope ? { kind: 'human', confidence: f.human, ...(f.shared ? { mentionsBot: true } : {}) } : undefined);

/** A rewording of one of the bot's own out-of-scope lines: the author said the bot's words there are about something else. */
const ownOutOfScope: Rule = (r, t, f) => (r.ownOutOfScope >= t.ownOutOfScopeLine && r.ownOutOfScope > r.ownPerson ? outOfScope(Math.max(f.oos, r.ownOutOfScope)) : undefined);

/**
 * "Is this a bot? Put me through to a person": asking about the bot and for a person is a request for a person, but
 * only when a part of its own leans that way ("a person or a bot?" in one breath asks about the bot).
 */
const personAfterBotQuestion: Rule = (r, t, f) =>
  r.best.id === 'bot_question' && f.human >= t.humanAfterBotQuestion && r.partHuman >= t.humanAfterBotQuestion && !f.shared ? { kind: 'human', confidence: f.human } : undefined;

/** Small talk with a part that asks for a person ("hi, a person please"). */
const personAfterSmallTalk: Rule = (r, t, f) => (f.smallTalk && r.partHuman >= t.human && !f.shared ? { kind: 'human', confidence: r.partHuman } : undefined);

/** Keyboard mashes: out of scope in any bot. */
const gibberish: Rule = (r, _t, f) => (r.gibberish && !r.hasValue && !f.shared ? outOfScope(1) : undefined);

/** Spam and chain messages: out of scope in any bot, whatever words of the bot's they borrow. */
const spam: Rule = (r) => (r.spam && !r.personRequest ? outOfScope(1) : undefined);

/**
 * Out of scope read as such, surer the more the message looks like the bot's: a word of the bot's (all but sure for
 * one its examples keep using), a value a bot may be collecting.
 */
const outOfScopeRead: Rule = (r, t, f) => {
  const weakBar = r.offTopicWords.length > 0 ? t.outOfScopeOffTopicWithWeakDomainWord : t.outOfScopeWithWeakDomainWord;
  const domainBar = r.strongDomainWord ? t.outOfScopeWithStrongDomainWord : f.shared ? (r.hasValue ? t.outOfScopeWithValueAndDomainWord : weakBar) : 0;
  const bar = Math.max(r.hasValue ? t.outOfScopeWithValue : t.outOfScope, domainBar);
  return r.best.id === 'out_of_scope' && r.best.confidence >= bar ? outOfScope(r.best.confidence) : undefined;
};

/**
 * One of the bot's words qualified by another topic's thing ("a mensalidade da escola", "la cuota del club"): the
 * message is about that other thing, whatever the bot's words in it; a request for someone so qualified too ("falar
 * com o professor de matemática do meu filho" to a gym).
 */
const elsewhere: Rule = (r) => (r.elsewhere.length > 0 && (r.best.id !== 'human' || r.personRequest) ? outOfScope(r.scores.find((s) => s.id === 'out_of_scope')?.confidence ?? 0) : undefined);

/**
 * A message whose head is another topic's listed thing ("até que horas a farmácia…", "a aula de piano é às terças?",
 * "preciso de um eletricista"): about that thing, whatever words of the bot's or numbers come after it; not a
 * request for a person, nor small talk.
 */
const otherHead: Rule = (r, _t, f) => (r.head === 'other' && r.best.id !== 'human' && !r.personRequest && !f.smallTalk ? outOfScope(f.oos) : undefined);

/**
 * A story about a person of the customer's own life ("meu irmão quebrou o braço no skate", "mi vecino me debe
 * plata") or about what a third party did ("el banco me cobró dos veces", "tài xế grab hủy chuyến"): out of scope
 * unless it asks for a person, or says what the bot's examples keep saying ("meu marido quer treinar muay thai", "el
 * médico me dijo que tome creatina"); of a person of the customer's life, unless it carries a value a bot may be
 * collecting too. A party no text of the bot's names tells its own story whatever the bot's words in it ("el banco
 * me bloqueó la tarjeta" to a shop that takes cards), and so does a business named by its own name anywhere in the
 * message ("el pedido de Rappi nunca llegó").
 */
const someoneElsesStory: Rule = (r, _t, f) => {
  const story = (r.acquaintanceFirst && !r.hasValue) || r.partyFirst !== null || r.otherBrand;
  const ownWords = r.strongDomainWord && r.partyFirst !== 'unknown' && !r.otherBrand;
  return story && !ownWords && !r.personRequest && r.best.id !== 'human' && !f.smallTalk ? outOfScope(f.oos) : undefined;
};

/** Strangers (words that never keep the bot's words company) enough to read another sense, and enough when the detector leans out of scope already. */
const STRANGERS = 3;
const STRANGERS_LEANING_OUT = 2;
/** Beside a word the bot's examples keep using, the strangers must count this many of another topic's words, the detector leaning out of scope. */
const OFF_TOPIC_STRANGERS_BESIDE_KEPT_WORD = 2;

/**
 * Whether the bot's words in a message are used in another sense, by the words beside them that never share a
 * sentence of the bot's text with them (`strangers`): three strangers, or two when the detector leans out of scope
 * already; beside a word the bot's examples keep using, only when it leans out of scope and two of them are another
 * topic's words ("depois do plantão no hospital tem aula de boxe?" stays a gym's). Cross-validated on the reference
 * bots' examples: lower counts lost some.
 */
function anotherSenseRead(r: SkillReading): boolean {
  const n = r.strangers.length;
  const leaningOut = r.best.id === 'out_of_scope';
  if (r.strongDomainWord) return leaningOut && n >= STRANGERS_LEANING_OUT && r.strangers.filter((w) => r.offTopicWords.includes(w)).length >= OFF_TOPIC_STRANGERS_BESIDE_KEPT_WORD;
  return n >= STRANGERS || (n >= STRANGERS_LEANING_OUT && leaningOut);
}

/**
 * The bot's words used in another sense ("a turma de química do cursinho" to a gym whose "turma" sits beside
 * training words): out of scope. Not a request for a person, nor small talk.
 */
const anotherSense: Rule = (r, _t, f) => (anotherSenseRead(r) && !r.personRequest && r.best.id !== 'human' && !f.smallTalk ? outOfScope(f.oos) : undefined);

/** Foreign words a message with no word of the bot's needs to be read by `foreignOnly`. */
const FOREIGN_WORDS_ALONE = 2;

/**
 * No word of the bot's and two or more words of other topics or that nothing the detector read says ("a lotofácil
 * acumulou?"), the detector leaning out of scope: out of scope, below the bar for a message it merely does not know.
 */
const foreignOnly: Rule = (r, t, f) => (!f.shared && !r.hasValue && r.foreignWords.length >= FOREIGN_WORDS_ALONE && r.best.id === 'out_of_scope' && f.oos >= t.outOfScopeForeignOnly && !r.personRequest && !f.smallTalk ? outOfScope(f.oos) : undefined);

/** A word of a topic the bot never speaks of, and none of the bot's: a lower bar. */
const offTopic: Rule = (r, t, f) => (!f.shared && !r.hasValue && r.offTopicWords.length > 0 && r.best.id !== 'human' && f.oos >= t.outOfScopeOffTopic ? outOfScope(f.oos) : undefined);

/**
 * A request in the bot's own frame and verbs about another kind of thing ("can you fix my …" naming a thing of
 * another topic to a bicycle shop): no word of the bot's and a listed thing of another topic's is enough; with a number
 * only when the number counts that thing ("3 cajas de cerveza").
 */
const otherThing: Rule = (r, _t, f) => (!f.shared && (!r.hasValue || r.quantityOfThing) && r.thingWords.length > 0 && r.best.id !== 'human' && !f.smallTalk ? outOfScope(f.oos) : undefined);

/** The same with a number or a name in it: a surer reading, and a topic word that is not itself the name. */
const offTopicWithValue: Rule = (r, t, f) => {
  const unnamedOffTopic = r.offTopicWords.some((w) => r.foreignWords.includes(w));
  return !f.shared && r.hasValue && unnamedOffTopic && r.best.id !== 'human' && f.oos >= t.outOfScopeOffTopicWithValue ? outOfScope(f.oos) : undefined;
};

/** A message sharing a distinctive word with the bot is never small talk. */
const botsWords: Rule = (_r, _t, f) => (f.shared ? null : undefined);

const smallTalk: Rule = (r, t, f) => (f.smallTalk && r.best.confidence >= t.smallTalk ? { kind: r.best.id as SkillKind, confidence: r.best.confidence } : undefined);

/**
 * A message made only of acknowledgement words (and thanks beside them): small talk, whatever the model reads,
 * unless one of its words is one the bot's examples keep using ("show" to a bot that sells show tickets).
 */
const shortReply: Rule = (r) => (r.shortReply && !r.strongDomainWord ? { kind: r.shortReply, confidence: 1, byWords: true } : undefined);

/** The rules in the order they are asked; the first verdict (or stop) is taken. */
const RULES: readonly Rule[] = [shortReply, personInFrame, spam, passerBy, ownPerson, ownOutOfScope, person, personByRole, personAfterBotQuestion, personAfterSmallTalk, gibberish, elsewhere, otherHead, someoneElsesStory, anotherSense, outOfScopeRead, foreignOnly, offTopic, otherThing, offTopicWithValue, botsWords, smallTalk];

/**
 * The skill a message calls for, or null when it is the bot's business. A message that shares a distinctive word
 * with the bot's examples or knowledge is never small talk, and out of scope only on a surer reading (all but sure
 * for a word the bot's examples keep using); one that carries a value a bot may be collecting (a number, a
 * capitalised name) needs a surer reading too.
 */
export function decideSkill(r: SkillReading, t: SkillThresholds = SKILL_THRESHOLDS): SkillVerdict | null {
  const score = (id: string) => r.scores.find((s) => s.id === id)?.confidence ?? 0;
  const facts: Facts = { shared: r.domainWords.length > 0, oos: score('out_of_scope'), human: score('human'), smallTalk: (SMALL_TALK as readonly string[]).includes(r.best.id) };
  for (const rule of RULES) {
    const verdict = rule(r, t, facts);
    if (verdict !== undefined) return verdict;
  }
  return null;
}
