// The local understander: classifier + clause splitting + entities + flow context + exclusivity.
import type {
  ActiveFlowContext,
  Entity,
  Example,
  IntentScore,
  Language,
  SlotKind,
  UnderstandInput,
  Understander,
  Understanding,
  UnderstandingOptions,
} from './types.ts';
import { TextClassifier } from './classifier.ts';
import { normalize } from './normalize.ts';
import { splitClauses } from './clauses.ts';
import { extractEntities } from './entities/index.ts';
import { ChosenIntents } from './chosen-intents.ts';

export interface LocalUnderstander extends Understander {
  /** Replace the training examples (an admin added or edited an intent). Fast for bot-sized data. */
  retrain(examples: Example[]): void;
  /** Raw classifier scores of a text, best first (diagnostics, evaluation). */
  classify(text: string): IntentScore[];
  /** The trained classifier as bytes: pass them back to createLocalUnderstander to skip training. */
  snapshot(): Uint8Array;
  /** Whether the classifier came from a snapshot rather than from training. */
  readonly restored: boolean;
  readonly options: UnderstandingOptions;
}

// Question openers per language (folded): a clause starting with one is a new question, not an answer.
const QUESTION_WORDS: Record<Language, RegExp> = {
  // A bare "saber …" is the second half of "quero marcar e saber o preço": the subject stays with the first clause.
  pt: /^(?:onde|qual|quais|quanto|quantos|quantas|como|quando|que|o que|por que|porque|voces|tem|vcs|e o|e a|cade|(?:(?:eu )?(?:quero|queria|gostaria de) )?saber|me (?:fala|diz|explica))\b/,
  es: /^(?:donde|cual|cuales|cuanto|cuantos|cuanta|como|cuando|que|por que|porque|tienen|hay|y el|y la|(?:(?:quiero|queria|quisiera) )?saber|decime|me (?:decis|dices|explicas))\b/,
  vi: /^(?:o dau|dau|bao nhieu|the nao|khi nao|lam sao|sao|gi|co ban|shop co|ben minh co|cho (?:minh|em|toi) hoi)\b|(?:khong|ko|chua|the nao|o dau|bao nhieu|gi)\s*$/,
  en: /^(?:where|what|which|how|when|why|who|do you|does|is there|are there|can you|could you|i (?:want|would like|d like) to know|tell me)\b/,
};

// Yes/no openers among the question words: "tem horário amanhã?" next to a request is usually about
// that request, while a wh-question ("onde fica?") asks something of its own.
const YES_NO_OPENERS: Record<Language, RegExp> = {
  pt: /^(?:tem|voces|vcs)\b/,
  es: /^(?:tienen|hay)\b/,
  vi: /^(?:co ban|shop co|ben minh co)\b|(?:khong|ko|chua)\s*$/,
  en: /^(?:do you|does|is there|are there|can you|could you)\b/,
};

// A clause intent the whole message does not rank first needs more evidence than the threshold:
// context ("vi o insta de vcs", "sou iniciante") and follow-ups ("tem horário amanhã?") next to a
// request otherwise add a spurious second intent. A wh-question ("onde fica?") asks something of
// its own and only needs the threshold; a yes/no question needs this much, a statement even more.
const SECONDARY_QUESTION_CONFIDENCE = 0.85;
const SECONDARY_STATEMENT_CONFIDENCE = 0.95;
/** The confidence of an intent chosen because the message answers its flow. */
const FLOW_CONFIDENCE = 0.9;
/** What a flow's pending stage waits for when it does not say. */
const DEFAULT_EXPECTS: SlotKind[] = ['yesno', 'date', 'time', 'number'];

// Connecting words that don't count as content in a short answer.
const FILLER: Record<Language, Set<string>> = {
  pt: new Set(['e', 'a', 'o', 'as', 'os', 'às', 'no', 'na', 'de', 'da', 'do', 'dia', 'pode', 'ser', 'entao', 'por', 'favor', 'pra', 'para', 'mim', 'ok', 'certo', 'fechado', 'beleza', 'bom', 'boa', 'pode ser', 'horas', 'hora', 'h', 'acho', 'que', 'melhor', 'seria', 'prefiro', 'quero', 'sim', 'nao', 'isso', 'mesmo', 'umas', 'la', 'pelas', 'perto', 'das', 'tipo', 'claro', 'manha', 'tarde', 'noite', 'eu', 'meu', 'nome', 'e', 'me', 'chamo', 'sou', 'aqui']),
  es: new Set(['y', 'a', 'el', 'la', 'las', 'los', 'de', 'del', 'dia', 'puede', 'ser', 'entonces', 'por', 'favor', 'para', 'mi', 'ok', 'dale', 'bueno', 'listo', 'horas', 'hs', 'creo', 'que', 'mejor', 'prefiero', 'quiero', 'si', 'no', 'eso', 'tipo', 'claro', 'manana', 'tarde', 'noche', 'yo', 'me', 'llamo', 'soy', 'nombre', 'es']),
  vi: new Set(['va', 'luc', 'vao', 'ngay', 'gio', 'h', 'nhe', 'nha', 'a', 'da', 'ok', 'duoc', 'co', 'khong', 'u', 'vang', 'em', 'minh', 'toi', 'anh', 'chi', 'muon', 'la', 'ten', 'toi', 'sang', 'chieu', 'trua', 'thi', 'di', 'roi', 'khoang', 'tam']),
  en: new Set(['and', 'at', 'on', 'the', 'a', 'of', 'in', 'ok', 'okay', 'sure', 'yes', 'no', 'please', 'then', 'maybe', 'how', 'about', 'works', 'for', 'me', 'i', 'think', 'would', 'prefer', 'be', 'fine', 'great', 'my', 'name', 'is', 'am', 'morning', 'afternoon', 'evening', 'night', 'pm', 'am', 'o', 'clock', 'let', 'us', 'say', 'around']),
};

const SLOT_ENTITY_TYPES: Record<string, string[]> = {
  yesno: ['yesno'],
  money: ['money', 'number'],
  email: ['email'],
  phone: ['phone'],
  date: ['date', 'datetime'],
  time: ['time', 'datetime'],
  datetime: ['date', 'time', 'datetime'],
  number: ['number', 'money', 'score'],
  name: ['person', 'company'],
  text: [],
};

function words(s: string): string[] {
  return s.split(' ').filter(Boolean);
}

interface ClauseAnalysis {
  text: string;
  normalized: string;
  scores: IntentScore[];
  readonly entities: Entity[];
}

/**
 * `snapshot`: a classifier trained earlier on these same examples and options (`snapshot()`), restored instead
 * of training again; unreadable bytes are ignored and the classifier trains.
 */
export function createLocalUnderstander(examples: Example[], options: UnderstandingOptions, snapshot?: Uint8Array): LocalUnderstander {
  const lang = options.language;
  let restored = false;
  let classifier = (snapshot && restore(snapshot, examples)) || train(examples);

  function classifierOptions(exs: Example[]) {
    // When the fallback intent has examples it learns what out-of-scope looks like itself;
    // otherwise unseen vocabulary is what pulls confidence below the threshold.
    const fallbackTrained = exs.some((e) => e.intent === options.fallback);
    return { language: lang, mode: 'single' as const, unknownWordDamping: fallbackTrained ? 0 : undefined, wordVectors: options.wordVectors };
  }

  function train(exs: Example[]): TextClassifier {
    const c = new TextClassifier(classifierOptions(exs));
    c.train(exs);
    return c;
  }

  function restore(bytes: Uint8Array, exs: Example[]): TextClassifier | null {
    try {
      const c = TextClassifier.fromSnapshot(classifierOptions(exs), bytes);
      restored = true;
      return c;
    } catch {
      return null;
    }
  }

  const exclusive = new Set(options.exclusive);
  const isSoft = (id: string) => exclusive.has(id) || id === options.fallback;

  /** Does this clause ask something (question mark or question opener)? */
  function isQuestion(c: ClauseAnalysis): boolean {
    return /\?\s*$/.test(c.text) || QUESTION_WORDS[lang].test(c.normalized);
  }

  /** Does the clause carry a word beyond fillers and question words ("tem como?" does not)? */
  function hasContent(c: ClauseAnalysis): boolean {
    return words(c.normalized).some((w) => !FILLER[lang].has(w) && !QUESTION_WORDS[lang].test(w) && !/^\d/.test(w));
  }

  /** Does this clause open with a wh-question word ("onde", "quanto", "queria saber"), not a yes/no one? */
  function asksWhQuestion(c: ClauseAnalysis): boolean {
    return QUESTION_WORDS[lang].test(c.normalized) && !YES_NO_OPENERS[lang].test(c.normalized);
  }

  /** Every word written with a capital ("Ana Paula", "Sr. Lima"), as a name is. */
  function capitalised(text: string): boolean {
    return text.trim().split(/\s+/).every((word) => /^\p{Lu}/u.test(word));
  }

  /** Does this clause read as a short answer to the pending stage? */
  function answersFlow(c: ClauseAnalysis, flow: ActiveFlowContext): boolean {
    const expects = flow.expects && flow.expects.length > 0 ? flow.expects : DEFAULT_EXPECTS;
    const best = c.scores[0];
    const otherIntentSure = best && best.id !== flow.intent && !isSoft(best.id) && best.confidence >= options.threshold;
    const asked = isQuestion(c);
    const byValue = answersWithValue(c, expects, asked, otherIntentSure);
    if (byValue !== undefined) return byValue;
    if (asked && otherIntentSure) return false;
    if (expects.includes('name') && !asked && answersWithName(c, otherIntentSure)) return true;
    return expects.includes('text') && !asked && !otherIntentSure;
  }

  /**
   * With a value of an expected kind in the clause: an answer when nothing else is said (even when asked: "e no
   * sábado?", "19h pode ser?"), or little else, or no other intent is sure; not one when it asks another sure intent
   * something. Undefined without such a value, or when the rest says more than an answer would.
   */
  function answersWithValue(c: ClauseAnalysis, expects: SlotKind[], asked: boolean, otherIntentSure: boolean): boolean | undefined {
    const types = new Set(expects.flatMap((k) => SLOT_ENTITY_TYPES[k] ?? [k]));
    if (!c.entities.some((e) => types.has(e.type))) return undefined;
    const content = contentBesideEntities(c);
    if (content.length === 0) return true;
    if (asked && otherIntentSure) return false;
    if (content.length <= 2 || !otherIntentSure) return true;
    return undefined;
  }

  /** Content words left once the clause's entities and fillers are removed. */
  function contentBesideEntities(c: ClauseAnalysis): string[] {
    let rest = c.text;
    for (const e of c.entities) rest = rest.replace(e.text, ' ');
    return words(normalize(rest, lang)).filter((w) => !FILLER[lang].has(w) && !/^\d/.test(w));
  }

  /** A clause shaped like a name (one to four words of letters), when no other intent is sure or the name is unseen. */
  function answersWithName(c: ClauseAnalysis, otherIntentSure: boolean): boolean {
    const w = words(c.normalized);
    const nameShaped = w.length >= 1 && w.length <= 4 && /^[\p{L}\s'.-]+$/u.test(c.text.trim());
    // Capitalised words none of the bot's examples use are a name, whatever their letters resemble: the
    // character n-grams of an unseen name can look like another intent's words.
    return nameShaped && (!otherIntentSure || (capitalised(c.text) && classifier.coverage(c.normalized) === 0));
  }

  function analyse(text: string, input: UnderstandInput): ClauseAnalysis {
    const normalized = normalize(text, lang);
    let entities: Entity[] | undefined;
    return {
      text,
      normalized,
      scores: classifier.predictNormalized(normalized),
      // Extracted when read: a clause's entities matter only while a flow waits for an answer.
      get entities() {
        return (entities ??= extractEntities(text, { lang, locale: options.locale, now: input.now, timeZone: input.timeZone, gazetteers: options.gazetteers, patterns: options.patterns }));
      },
    };
  }

  async function understand(input: UnderstandInput): Promise<Understanding> {
    const whole = analyse(input.text, input);
    const flows = input.flows ?? [];
    const clauseTexts = options.multiIntent || flows.length > 0 ? splitClauses(input.text, lang) : [];
    const clauses: ClauseAnalysis[] = [];
    for (const t of clauseTexts.length > 1 ? clauseTexts : []) {
      // Past the turn's budget nothing more is read: the bot's fallback answers.
      if (input.budget?.spent) return overBudget(whole);
      clauses.push(analyse(t, input));
    }
    if (!options.multiIntent) return understandOne(whole, clauses, flows);
    // One clause left once an opening "e aí," / "y," is cut off: that clause is what the message says.
    const opening = clauseTexts.length === 1 && input.text.trimEnd().endsWith(clauseTexts[0]) && normalize(clauseTexts[0], lang) !== whole.normalized;
    const main = opening ? analyse(clauseTexts[0], input) : whole;
    return understandEach(input, whole, main, clauses.length > 1 ? clauses : [main], flows);
  }

  /** Single label: a flow answer continues the flow, otherwise the best intent of the whole text. */
  function understandOne(whole: ClauseAnalysis, clauses: ClauseAnalysis[], flows: ActiveFlowContext[]): Understanding {
    const flow = flows.find((f) => answersFlow(whole, f) || (clauses.length > 1 && answersFlow(clauses[0], f)));
    if (flow) return result([{ id: flow.intent, confidence: FLOW_CONFIDENCE }], whole, false);
    const best = whole.scores[0];
    if (best && best.confidence >= options.threshold) return result([best], whole, false);
    return fallback(whole);
  }

  /** Multi-intent: each clause (`units`) its intent or its flow answer; `main` is the message's own reading. */
  function understandEach(input: UnderstandInput, whole: ClauseAnalysis, main: ClauseAnalysis, units: ClauseAnalysis[], flows: ActiveFlowContext[]): Understanding {
    const chosen = new ChosenIntents();
    const judge = clauseJudge(main, flows, chosen);
    let anyClause = false;
    const flowClauses = units.filter((u) => flows.some((f) => answersFlow(u, f)));
    if (input.budget?.spent) return overBudget(whole);
    for (const u of units) {
      if (input.budget?.spent) return overBudget(whole);
      // Next to a flow answer, only a question opens another intent: a refusal with an afterthought is one
      // answer, a yes followed by a question is an answer and a question.
      if (flowClauses.length > 0 && !flowClauses.includes(u) && !isQuestion(u)) continue;
      anyClause = judge(u) || anyClause;
    }
    // A split can lose context: when no clause says anything, the whole message decides.
    if (!anyClause && units[0] !== main) judge(main);
    const intents = chosen.ranked(exclusive, options.fallback);
    return intents.length === 0 ? fallback(whole) : result(intents, whole, false);
  }

  /** Whether a clause chose an intent (its flow's when it answers one), added to `chosen`. */
  function clauseJudge(main: ClauseAnalysis, flows: ActiveFlowContext[], chosen: ChosenIntents): (u: ClauseAnalysis) => boolean {
    // The whole message's confident reading: a clause that disagrees with it needs more evidence.
    const wholeBest = main.scores[0] && main.scores[0].confidence >= options.threshold ? main.scores[0].id : undefined;
    return (u) => {
      const flow = flows.find((f) => answersFlow(u, f));
      if (flow) {
        chosen.add(flow.intent, FLOW_CONFIDENCE, true);
        return true;
      }
      const best = u.scores[0];
      if (best && counts(u, best, main, wholeBest)) {
        chosen.add(best.id, best.confidence);
        return true;
      }
      return false;
    };
  }

  /** Whether a clause's best intent counts: over the threshold, and surer still when the whole message reads otherwise. */
  function counts(u: ClauseAnalysis, best: IntentScore, main: ClauseAnalysis, wholeBest: string | undefined): boolean {
    if (best.confidence < options.threshold) return false;
    if (u === main || !wholeBest || best.id === wholeBest) return true;
    if (!hasContent(u)) return false;
    if (asksWhQuestion(u)) return true;
    return best.confidence >= (isQuestion(u) ? SECONDARY_QUESTION_CONFIDENCE : SECONDARY_STATEMENT_CONFIDENCE);
  }

  function overBudget(whole: ClauseAnalysis): Understanding {
    return { intents: [{ id: options.fallback, confidence: 0 }], entities: [], language: lang, source: 'local', unsure: true, bounded: 'budget', scores: whole.scores.slice(0, 5) };
  }

  function fallback(whole: ClauseAnalysis): Understanding {
    const best = whole.scores[0]?.confidence ?? 0;
    return result([{ id: options.fallback, confidence: Math.max(0, 1 - best) }], whole, true);
  }

  function result(intents: IntentScore[], whole: ClauseAnalysis, unsure: boolean): Understanding {
    const u: Understanding = {
      intents,
      entities: whole.entities,
      language: lang,
      source: 'local',
      scores: whole.scores.slice(0, 5),
    };
    if (unsure) u.unsure = true;
    return u;
  }

  return {
    options,
    understand,
    classify: (text: string) => classifier.predict(text),
    retrain(next: Example[]) {
      classifier = train(next);
      restored = false;
    },
    snapshot: () => classifier.toSnapshot(),
    get restored() {
      return restored;
    },
  };
}
