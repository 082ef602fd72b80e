// A message of commands ("cadastre o Lennon, anote que … e crie uma tarefa …") read without a model as a list
// of requests, one per clause, each with its intent. What a command looks like is learnt from the bot's intent
// examples: the word an example opens with (after fillers such as "me", "pode", "o") is a cue word. A comma or a
// conjunction cuts only where a cue word follows, so a name or a note's text stays whole; a misspelt cue word
// in a command's place is put right first; after an intent that carries free text (a note, a title), a clause
// no intent claims, or one of the same intent with no cue word, is the rest of that text; a request said again
// with nothing of its own ("…, pode dar baixa") is the same request.
import type { Entity, Language } from './types.ts';
import { understandingBudget, understoodText } from './bounds.ts';
import { clauseSpans } from './clauses.ts';
import { foldPreservingOffsets } from '../text/index.ts';
import { correctCommandWords, type CommandWords } from './typos.ts';
import type { ReferenceReader } from './references.ts';

// Words that stand before the command itself (fillers, politeness, articles, possessives), folded.
const LEAD_INS: Record<Language, string[]> = {
  pt: ['e', 'depois', 'tambem', 'entao', 'ai', 'pode', 'poderia', 'consegue', 'favor', 'por', 'pfv', 'pf', 'me', 'vc', 'voce', 'quero', 'queria',
    'gostaria', 'de', 'preciso', 'bora', 'agora', 'ok', 'oi', 'ola', 'o', 'a', 'os', 'as', 'um', 'uma', 'meu', 'minha', 'meus', 'minhas', 'eu',
    'ja', 'seguida', 'em', 'fim', 'ultimo', 'alem', 'disso', 'bom', 'boa', 'ai', 'la', 'aqui'],
  es: ['y', 'despues', 'tambien', 'entonces', 'puedes', 'podes', 'podrias', 'por', 'favor', 'me', 'quiero', 'queria', 'quisiera', 'de', 'necesito',
    'ahora', 'ok', 'hola', 'el', 'la', 'los', 'las', 'un', 'una', 'mi', 'mis', 'yo', 'ya', 'luego', 'buen', 'buenas', 'buenos', 'dia', 'tardes', 'noches'],
  vi: ['va', 'roi', 'sau', 'do', 'cho', 'minh', 'em', 'toi', 'anh', 'chi', 'oi', 'a', 'nhe', 'giup', 'ban', 'lam', 'on', 'hay'],
  en: ['and', 'then', 'also', 'please', 'can', 'could', 'you', 'would', 'i', 'want', 'to', 'need', 'now', 'ok', 'hi', 'hello', 'the', 'a', 'an', 'my', 'me', 'just'],
};

// Question words: an example that opens with one is a question, not a command, and gives no cue word (so
// "…, quais são?" continues a request instead of opening one).
const QUESTION_WORDS: Record<Language, string[]> = {
  pt: ['qual', 'quais', 'quem', 'que', 'quanto', 'quantos', 'quantas', 'onde', 'como', 'quando', 'cade', 'porque'],
  es: ['cual', 'cuales', 'quien', 'que', 'cuanto', 'cuantos', 'cuantas', 'donde', 'como', 'cuando', 'porque'],
  vi: ['gi', 'nao', 'dau', 'sao', 'bao'],
  en: ['what', 'which', 'who', 'how', 'where', 'when', 'why'],
};

// Words that join a command to its free text ("me lembra de ligar", "anota que ele…"), folded: one is skipped,
// and after a saying word ("dizendo") its "que" too.
const CONNECTORS: Record<Language, { words: string[]; saying: string[]; that: string }> = {
  pt: { words: ['de', 'que', 'q', 'para', 'pra', 'assim'], saying: ['dizendo', 'falando', 'informando'], that: 'que' },
  es: { words: ['de', 'que', 'q', 'para', 'asi'], saying: ['diciendo', 'avisando'], that: 'que' },
  vi: { words: ['la', 'rang'], saying: ['noi'], that: 'rang' },
  en: { words: ['to', 'that'], saying: ['saying', 'telling'], that: 'that' },
};

// Joining words that open a clause besides the language's own ("e depois", "em seguida").
const EXTRA_CONJUNCTIONS: Record<Language, string[]> = {
  pt: ['depois', 'e depois', 'em seguida'],
  es: ['despues', 'después', 'y después', 'luego'],
  vi: ['sau do', 'sau đó'],
  en: ['after that'],
};

export interface CommandExample {
  intent: string;
  text: string;
}

export interface CommandClause {
  intent: string;
  confidence: number;
  /** The clause, with the clauses no intent claimed that continue its free text. */
  text: string;
  /** What separated it from the request before ('' for the first). */
  sep: string;
  /** The free text: what follows the command's opening (see CommandReader.rest). */
  rest: string;
  /** The entities of this clause's text only (read once over the message, each clause given those inside it). */
  entities: Entity[];
  /** Its intent's slots as bot.yaml says to read them without a model (src/nlu/command-slots), when a bot runs it. */
  slots?: Record<string, string | number | boolean>;
}

export interface CommandReaderOptions {
  lang: Language;
  /** The classifier's scores for a clause, best first. */
  classify: (text: string) => { id: string; confidence: number }[];
  /** Below this a clause has no intent of its own. */
  threshold: number;
  /** The intent of everything else (greetings, thanks): its examples give no cue words. */
  fallback?: string;
  /** Intents whose request carries free text: a following clause no intent claims is part of it. */
  freeText?: Iterable<string>;
  /** Per intent, the words that may follow its cue word before the free text starts (its object: "nota", "tarefa"). */
  opening?: Record<string, string[]>;
  /** Phrases pointing at an earlier entity ("nela", "nesse lead"): one opening the free text is skipped. */
  references?: ReferenceReader[];
  /** Milliseconds one `read` may take (src/nlu/bounds.ts); past them it reads no request. Default: unbounded. */
  budgetMs?: number;
  clock?: () => number;
}

export interface CommandReader {
  /**
   * The message's requests in order (of its first MAX_UNDERSTOOD_CHARS characters), each with the entities
   * `entities` reads in the message (called once) that lie inside it, their offsets the clause's own; [] when no
   * clause reaches the threshold, or when reading spent the budget.
   */
  read(text: string, entities?: (text: string) => Entity[]): CommandClause[];
  /** The message with misspelt cue words put right. */
  correct(text: string): string;
  /**
   * `text` without the opening of a request of `intent`: fillers and articles, a cue word, the intent's opening
   * words, a phrase pointing at an earlier entity, then one connector ("de", "que") and separators.
   */
  rest(intent: string, text: string): string;
  /** Does this (folded) text open with a cue word, after connectors and fillers? */
  opensCommand(folded: string): boolean;
  /** The cue words learnt from the examples (folded). */
  readonly cues: ReadonlySet<string>;
}

function wordsOf(text: string): string[] {
  return foldPreservingOffsets(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The first word of `words` that is not a lead-in. */
function firstContentWord(words: string[], leadIns: Set<string>): string | undefined {
  return words.find((w) => !leadIns.has(w) && !/^\d/.test(w));
}

/**
 * The entities lying inside each of `ranges` (in order, not overlapping) of the text they were read in, with
 * offsets from the range's start; one pass over both.
 */
function entitiesWithin(all: Entity[], ranges: { start: number; end: number }[]): Entity[][] {
  const placed = all.filter((e) => e.start !== undefined && e.end !== undefined).sort((a, b) => a.start! - b.start!);
  let i = 0;
  return ranges.map(({ start, end }) => {
    while (i < placed.length && placed[i].start! < start) i++;
    const inside: Entity[] = [];
    for (let j = i; j < placed.length && placed[j].start! < end; j++) if (placed[j].end! <= end) inside.push({ ...placed[j], start: placed[j].start! - start, end: placed[j].end! - start });
    return inside;
  });
}

export function commandReader(examples: CommandExample[], options: CommandReaderOptions): CommandReader {
  const leadIns = new Set(LEAD_INS[options.lang]);
  const questions = new Set(QUESTION_WORDS[options.lang]);
  const cues = new Set<string>();
  const uses = new Map<string, number>();
  for (const e of examples) {
    const words = wordsOf(e.text);
    for (const w of words) uses.set(w, (uses.get(w) ?? 0) + 1);
    const cue = firstContentWord(words, leadIns);
    if (cue && cue.length > 2 && !questions.has(cue) && e.intent !== options.fallback) cues.add(cue);
  }
  const known = new Set(uses.keys());
  // A word that only changes the ending of a word the examples use ("cadastrei" beside "cadastre", "Marco"
  // beside "marca") is an inflection or another word, not a typo: its stem (all but the last letter) is known.
  // A word used once may itself be a misspelling written on purpose: its stem does not count.
  const stemUses = new Map<string, number>();
  for (const [w, n] of uses) if (w.length >= 5) stemUses.set(w.slice(0, -1), (stemUses.get(w.slice(0, -1)) ?? 0) + n);
  const stems = new Set([...stemUses].filter(([, n]) => n > 1).map(([stem]) => stem));
  // A cue word with more letters after it ("falar" beside "fala") is an inflection too.
  // (Prefixes longer than the longest stem or cue cannot be one: a long run of letters is not read letter by letter.)
  const longest = Math.max(0, ...[...stems, ...cues].map((w) => w.length));
  const inflected = (word: string) =>
    [...Array(Math.max(0, Math.min(word.length, longest) - 3)).keys()].some((i) => stems.has(word.slice(0, i + 4)) || cues.has(word.slice(0, i + 4)));
  const vocabulary: CommandWords = { words: [...cues], keep: known, known: inflected, leadIns };
  const freeText = new Set(options.freeText ?? []);
  const clauseOptions = {
    opensClause: (following: string) => opensCommand(following),
    conjunctions: EXTRA_CONJUNCTIONS[options.lang],
  };

  function opensCommand(folded: string): boolean {
    const cue = firstContentWord(wordsOf(folded), leadIns);
    return cue !== undefined && cues.has(cue);
  }

  const joiners = CONNECTORS[options.lang];
  const connectors = new Set([...joiners.words, ...joiners.saying]);
  const openings = new Map(Object.entries(options.opening ?? {}).map(([intent, words]) => [intent, new Set(words.flatMap(wordsOf))]));

  function rest(intent: string, text: string): string {
    const opening = openings.get(intent) ?? new Set<string>();
    const f = foldPreservingOffsets(text);
    const separator = (w: string) => /^[:\-–—,]$/.test(w);
    let pos = 0;
    let cueSeen = false;
    let connectorSeen = false;
    let saying = false;
    const token = /[\p{L}\p{N}]+|[^\p{L}\p{N}\s]/gu;
    for (let m = token.exec(f); m; m = token.exec(f)) {
      const w = m[0];
      if (connectorSeen) {
        if (saying && w === joiners.that) saying = false;
        else if (!separator(w)) break;
      } else {
        const at = m.index;
        const reference = options.references?.map((r) => r.at(text, f, at)).find(Boolean);
        if (reference) token.lastIndex = reference.end;
        else if (connectors.has(w)) {
          connectorSeen = true;
          saying = joiners.saying.includes(w);
        }
        else if (!cueSeen && cues.has(w)) cueSeen = true;
        else if (!(separator(w) || leadIns.has(w) || opening.has(w))) break;
      }
      pos = token.lastIndex;
    }
    return text.slice(pos).trim();
  }

  function correct(text: string): string {
    return correctCommandWords(text, vocabulary);
  }

  function intentOf(clause: string): { intent: string; confidence: number } | null {
    const [top] = options.classify(clause);
    return top && top.confidence >= options.threshold ? { intent: top.id, confidence: top.confidence } : null;
  }

  function read(message: string, entities?: (text: string) => Entity[]): CommandClause[] {
    const budget = options.budgetMs === undefined ? undefined : understandingBudget(options.budgetMs, options.clock);
    const fixed = correct(understoodText(message));
    const spans = clauseSpans(fixed, options.lang, clauseOptions);
    const out: (Omit<CommandClause, 'entities'> & { start: number; end: number })[] = [];
    let spent = false;
    spans.forEach((span, i) => {
      // Past the budget no request is read: half a message's commands are not run.
      if (spent || (spent = Boolean(budget?.spent))) return;
      const sep = i ? fixed.slice(spans[i - 1].end, span.start) : '';
      const found = intentOf(span.text);
      const prev = out[out.length - 1];
      const same = prev && found?.intent === prev.intent;
      // After a free-text request, a clause no intent claims, or one of the same intent that opens with no cue
      // word ("anote: …. Quer fechar …"), is more of its text.
      if (prev && freeText.has(prev.intent) && (!found || (same && !opensCommand(foldPreservingOffsets(span.text))))) {
        prev.text += sep + span.text;
        prev.rest += sep + span.text;
        prev.end = span.end;
        return;
      }
      if (!found) return;
      const own = rest(found.intent, span.text);
      // The same request said again with nothing of its own ("…, pode dar baixa", "… e recalcula") adds nothing.
      if (same && !own) return;
      out.push({ ...found, text: span.text, rest: own, sep, start: span.start, end: span.end });
    });
    if (spent || budget?.spent || !out.length) return [];
    // The message's entities are read once, not once per clause: each clause gets those inside it.
    const within = entitiesWithin(entities?.(fixed) ?? [], out);
    return out.map(({ start: _start, end: _end, ...c }, i) => ({ ...c, entities: within[i] }));
  }

  return { read, correct, rest, opensCommand, cues };
}
