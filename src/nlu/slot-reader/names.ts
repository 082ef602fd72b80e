// A person's name after its cue words ("me chamo …", "sou a …"), read out of a message being read for several
// slots: the runtime's name reader, its span masked.
import type { Language } from '../types.ts';
import { extractNames } from '../entities/names.ts';
import { foldPreservingOffsets } from '../../text/index.ts';
import type { SlotText } from './slot-text.ts';

export interface NameRead {
  /** As typed, each word capitalised ("ana souza" → "Ana Souza"; particles stay lowercase). */
  value: string;
  start: number;
  end: number;
}

const NAME_JOINERS = new Set(['da', 'de', 'do', 'dos', 'das', 'del', 'la', 'van', 'von', 'e', 'y']);

/** "joão pedro da silva" → "João Pedro da Silva". */
export function properName(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((w, i) => (i > 0 && NAME_JOINERS.has(w.toLowerCase()) ? w.toLowerCase() : w[0].toUpperCase() + w.slice(1)))
    .join(' ');
}

/** bot.yaml `entities:` with `name:`: how a bot's person names are read. */
export interface NameSpec {
  /** Words that are never a name by themselves ("oi", "estudante"), after a cue or as a bare answer. */
  not?: string[];
}

const notWords = new WeakMap<NameSpec, Set<string>>();
function notNames(spec: NameSpec): Set<string> {
  let set = notWords.get(spec);
  if (!set) notWords.set(spec, (set = new Set((spec.not ?? []).map((w) => foldPreservingOffsets(w.trim().toLowerCase())))));
  return set;
}

/** A name after its cue words ("me chamo …"); a single word of the spec's `not` is none ("sou estudante"). */
export function readPersonName(text: SlotText, lang: Language, spec: NameSpec = {}): NameRead | undefined {
  // A masked span is blank in the folded copy: a name overlapping one was read as something else already.
  const free = (start: number, end: number) => text.folded.slice(start, end) === foldPreservingOffsets(text.original.slice(start, end));
  const found = extractNames(text.original, text.folded, lang).find(
    (s) => s.type === 'person' && free(s.start, s.end) && !(!/\s/.test(s.text.trim()) && notNames(spec).has(text.folded.slice(s.start, s.end).trim())),
  );
  if (!found) return undefined;
  text.mask(found.start, found.end);
  return { value: properName(found.text), start: found.start, end: found.end };
}

export interface OpeningNameRead {
  person: NameRead;
  /** "Ana Souza da Orbe": what a linking word joins to the name, or a Capitalized fragment after its comma. */
  company?: NameRead;
}

interface OpeningCues {
  /** Words that join a name to its surname ("da Silva") or to the person's company ("da Orbe"). */
  links: Set<string>;
  /** Surnames a link word keeps in the name even in lowercase ("maria da silva"). */
  surnames: Set<string>;
  /** Words that end a name (a field's label, a preposition, a connector). */
  stop: Set<string>;
}

const OPENING: Partial<Record<Language, OpeningCues>> = {
  pt: {
    links: new Set(['da', 'de', 'do', 'das', 'dos']),
    surnames: new Set(('silva santos souza sousa oliveira costa pereira almeida lima carvalho rocha ferreira rodrigues gomes martins ' +
      'araujo ribeiro barbosa melo nascimento cruz moura paula conceicao jesus freitas andrade cardoso teixeira mendes castro campos ' +
      'vieira monteiro moraes morais azevedo assis').split(' ')),
    stop: new Set(('que com para pra pro sobre dizendo falando informando e amanha hoje as no na em ate dia pelo pela por como telefone ' +
      'tel fone celular cel email e-mail whatsapp zap origem empresa depois veio via cujo cuja numero').split(' ')),
  },
};

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;

/**
 * The person a command's free text opens with, after its cue word ("cadastra a Ana Souza da Orbe, …" → its rest
 * "Ana Souza da Orbe, …"): the first word, then words up to punctuation, a digit or a stop word; a link word
 * followed by a known surname stays in the name, otherwise what it joins is the company. Both are masked.
 */
export function readOpeningName(text: SlotText, lang: Language): OpeningNameRead | undefined {
  const cues = OPENING[lang];
  if (!cues) return undefined;
  const words = [...text.folded.matchAll(WORD)];
  const first = words[0];
  if (!first || !opensName(text, first, cues)) return undefined;
  const { last, company: linked } = nameExtent(text, words, cues);
  const start = first.index;
  const end = words[last].index + words[last][0].length;
  const person = { value: properName(text.original.slice(start, end)), start, end };
  text.mask(start, end);
  const company = linked ?? readFragment(text, unlabelledFragmentStart(text, end), cues, true);
  if (company) text.mask(company.start, company.end);
  return { person, company };
}

/** Whether the text opens with a word a name may open with (not a digit, a stop word or a link word). */
function opensName(text: SlotText, first: RegExpExecArray, cues: OpeningCues): boolean {
  return !text.folded.slice(0, first.index).trim() && !/\d/.test(first[0]) && !cues.stop.has(first[0]) && !cues.links.has(first[0]);
}

/**
 * The index of the name's last word, up to the sixth: words joined to the first up to a digit or a stop word, a link
 * word with a known surname after it kept; what another link word joins is the company.
 */
function nameExtent(text: SlotText, words: RegExpExecArray[], cues: OpeningCues): { last: number; company?: NameRead } {
  const joined = (a: number, b: number) => !text.folded.slice(words[a].index + words[a][0].length, words[b].index).trim();
  let last = 0;
  for (let i = 1; i < words.length && i < 6; i++) {
    const w = words[i][0];
    if (!joined(i - 1, i) || /\d/.test(w)) break;
    if (cues.links.has(w)) {
      if (words[i + 1] && cues.surnames.has(words[i + 1][0]) && joined(i, i + 1)) {
        last = ++i;
        continue;
      }
      return { last, company: readFragment(text, words[i].index + w.length, cues) };
    }
    if (cues.stop.has(w)) break;
    last = i;
  }
  return { last };
}

/** After the name, the start of the next comma-separated fragment (an unlabelled company), or -1. */
function unlabelledFragmentStart(text: SlotText, from: number): number {
  const comma = /^[\s,;]*?[,;]\s*/.exec(text.folded.slice(from));
  return comma ? from + comma[0].length : -1;
}

/** Most words of a company's name read after a person's. */
const MAX_FRAGMENT_WORDS = 4;

/**
 * A company's name from `from` up to punctuation, a digit or a stop word; with `capital`, only a Capitalized one.
 * None when it runs past `MAX_FRAGMENT_WORDS` words.
 */
function readFragment(text: SlotText, from: number, cues: OpeningCues, capital = false): NameRead | undefined {
  if (from < 0) return undefined;
  const words = [...text.folded.slice(from).matchAll(WORD)];
  if (!words.length || text.folded.slice(from, from + words[0].index).trim()) return undefined;
  const count = fragmentLength(text, from, words, cues);
  if (count === 0 || count > MAX_FRAGMENT_WORDS) return undefined;
  const start = from + words[0].index;
  if (capital && !/^\p{Lu}/u.test(text.original[start])) return undefined;
  const lastWord = words[count - 1];
  const end = from + lastWord.index + lastWord[0].length;
  return { value: text.original.slice(start, end), start, end };
}

/** How many of `words` (found from `from`) run on as one fragment, counting one past `MAX_FRAGMENT_WORDS` at most. */
function fragmentLength(text: SlotText, from: number, words: RegExpExecArray[], cues: OpeningCues): number {
  let end = from + words[0].index;
  let k = 0;
  for (; k < words.length && k <= MAX_FRAGMENT_WORDS; k++) {
    const at = from + words[k].index;
    const w = words[k][0];
    if (k > 0 && text.folded.slice(end, at).trim()) break;
    if (/\d/.test(w) || cues.stop.has(w) || text.original.slice(at, at + w.length).includes('@')) break;
    end = at + w.length;
  }
  return k;
}

/**
 * A clause that is a bare name, for when the name was asked ("maria eduarda"): up to four words of letters, none
 * of them a `not` word (a joiner such as "da" may be). Masked.
 */
export function readBareName(text: SlotText, spec: NameSpec = {}): NameRead | undefined {
  const not = notNames(spec);
  const clauses = text.clauses();
  for (const clause of clauses) {
    const words = clause.text.split(/\s+/);
    if (words.length > 4 || !words.every((w) => /^[a-z'-]+$/.test(w))) continue;
    // Among other words left unread ("pera, na vdd quero…", "ok, tirei"), only a clause typed as a name is one.
    if (clauses.length > 1 && !/^\p{Lu}/u.test(text.originalOf(clause.start, clause.end))) continue;
    if (words.some((w) => not.has(w) && !NAME_JOINERS.has(w)) || words.every((w) => NAME_JOINERS.has(w) || w.length < 2)) continue;
    text.mask(clause.start, clause.end);
    return { value: properName(text.originalOf(clause.start, clause.end)), start: clause.start, end: clause.end };
  }
  return undefined;
}

/** Whether a word is one the spec says is never a name (folded). */
export function isNotName(spec: NameSpec, word: string): boolean {
  return notNames(spec).has(foldPreservingOffsets(word.trim().toLowerCase()));
}
