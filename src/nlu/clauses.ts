// Splitting a message into clauses at punctuation and conjunctions, per language,
// so "sim, e qual o preço?" becomes ["sim", "qual o preço?"]. Fragments too short to mean
// anything on their own are glued back to their neighbour. A bot whose clauses start with a command
// ("cadastre o Lennon e Maria, e crie uma tarefa…") can ask for commas and conjunctions to cut only
// where its commands start (`opensClause`), so a name or a note's text is never cut in two.
import type { Language } from './types.ts';
import { foldDiacritics } from '../text/index.ts';

// Conjunctions that start a new clause (matched on lowercase text, whole words).
const CONJUNCTIONS: Record<Language, string[]> = {
  pt: ['e também', 'e tambem', 'e tb', 'e tbm', 'e', 'também', 'tambem', 'tb', 'tbm', 'mas', 'além disso', 'alem disso', 'e aí', 'aí', 'ah e', 'outra coisa'],
  es: ['y también', 'y tambien', 'y', 'e', 'también', 'tambien', 'tmb', 'pero', 'además', 'ademas', 'otra cosa'],
  vi: ['và', 'va', 'với lại', 'voi lai', 'còn', 'con', 'nhưng', 'nhung', 'thêm nữa', 'them nua', 'ngoài ra', 'ngoai ra', 'mà', 'cho mình hỏi', 'cho minh hoi'],
  en: ['and also', 'and', 'also', 'but', 'plus', 'then', 'as well as'],
};

// Conjunctions that are another word before these (lowercase, with and without diacritics): Vietnamese "còn" is
// "and as for" ("còn giày thì sao") but "still have" before what is in stock ("áo polo còn hàng không", "còn size L ko").
const NOT_CONJUNCTION_BEFORE: Partial<Record<Language, Record<string, string[]>>> = {
  vi: Object.fromEntries(['còn', 'con'].map((w) => [w, ['hàng', 'hang', 'size', 'sz', 'size', 'màu', 'mau', 'mẫu', 'không', 'khong', 'ko', 'k', 'hok', 'hông', 'hong', 'khum', 'nữa', 'nua', 'bao', 'mấy', 'may', 'số', 'so', 'cỡ', 'co', 'đôi', 'doi', 'cái', 'cai']])),
};

// One-word clauses that stand on their own (answers, greetings, thanks), folded.
const STANDALONE: Record<Language, string[]> = {
  pt: ['sim', 'nao', 'claro', 'isso', 'ok', 'oi', 'ola', 'obrigado', 'obrigada', 'valeu', 'beleza', 'blz', 'certo', 'perfeito', 'otimo', 'combinado', 'fechado', 'pode', 'bom', 'show', 'top', 'tchau', 'exato', 'aham', 'uhum', 's', 'n'],
  es: ['si', 'no', 'dale', 'claro', 'ok', 'hola', 'gracias', 'bueno', 'perfecto', 'listo', 'genial', 'joya', 'buenisimo', 'chau', 'exacto', 'obvio', 'bien'],
  vi: ['co', 'khong', 'u', 'vang', 'da', 'ok', 'oke', 'chao', 'cam', 'dung', 'roi', 'duoc', 'ko', 'k'],
  en: ['yes', 'no', 'ok', 'okay', 'sure', 'yeah', 'yep', 'nope', 'hi', 'hello', 'thanks', 'fine', 'great', 'perfect', 'bye', 'right', 'correct'],
};

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export interface ClauseOptions {
  /**
   * When given, a comma or a conjunction cuts only if the text after it (lowercase, accents folded) passes
   * this test; semicolons, line breaks and sentence ends always cut.
   */
  opensClause?: (following: string) => boolean;
  /** Conjunctions besides the language's own ("depois", "em seguida"). */
  conjunctions?: string[];
}

export interface ClauseSpan {
  text: string;
  start: number;
  end: number;
}

const splitterCache = new Map<string, RegExp>();

// How much of the text after a soft cut `opensClause` sees: enough for lead-ins and a command's first word.
const OPENING_WINDOW = 160;

// Hard boundaries: ';', '!', '?', line breaks, an ellipsis, and a '.' that is not inside a word or a number
// (so "ana@acme.com.br" and "1.500,00" stay whole). Soft ones: a comma outside numbers, a conjunction.
const HARD = ';+|[!?]+|\\.+(?![\\p{L}\\p{N}])|[\\n\\u2026]+';

function splitter(lang: Language, extra: string[] = []): RegExp {
  const key = `${lang}\u0000${extra.join('|')}`;
  let re = splitterCache.get(key);
  if (!re) {
    const unless = NOT_CONJUNCTION_BEFORE[lang] ?? {};
    const conj = [...CONJUNCTIONS[lang], ...extra]
      .sort((a, b) => b.length - a.length)
      .map((c) => escapeRe(c) + (unless[c] ? `(?!\\s+(?:${unless[c].map(escapeRe).join('|')})(?![\\p{L}\\p{N}]))` : ''))
      .join('|');
    re = new RegExp(`(?<hard>${HARD})|(?<!\\d),+|,+(?!\\d)|(?<![\\p{L}\\p{N}])(?:${conj})(?![\\p{L}\\p{N}])`, 'giu');
    splitterCache.set(key, re);
  }
  re.lastIndex = 0;
  return re;
}

function words(s: string): string[] {
  return s.split(/[^\p{L}\p{N}:]+/u).filter(Boolean);
}

function canStandAlone(fragment: string, lang: Language): boolean {
  const w = words(fragment);
  if (w.length >= 2) return true;
  if (w.length === 0) return false;
  const f = foldDiacritics(w[0].toLowerCase());
  return STANDALONE[lang].includes(f) || /\d/.test(f);
}

interface Span {
  start: number;
  end: number;
  /** Opened by what the bot's `opensClause` accepted: it stands on its own however short. */
  opened?: boolean;
}

/** Split text into clauses. Returns trimmed substrings of the original text (question marks kept). */
export function splitClauses(text: string, lang: Language, options: ClauseOptions = {}): string[] {
  return clauseSpans(text, lang, options).map((c) => c.text);
}

/** The clauses with where each sits in `text` (what lies between two clauses is their separator). */
export function clauseSpans(text: string, lang: Language, options: ClauseOptions = {}): ClauseSpan[] {
  const clean = (s: Span) => text.slice(s.start, s.end).trim();
  const kept = cutSpans(text, lang, options).filter((s) => words(clean(s)).length > 0);
  const out = glueFragments(kept, clean, lang)
    .map((s) => withoutEdges(text, s))
    .filter((s) => s.text.length > 0);
  if (out.length > 0 || !text.trim()) return out;
  const start = text.length - text.trimStart().length;
  return [{ text: text.trim(), start, end: start + text.trim().length }];
}

/** The spans between the splitter's cuts (a question mark stays with its clause); a soft cut only where `opensClause` accepts. */
function cutSpans(text: string, lang: Language, options: ClauseOptions): Span[] {
  const re = splitter(lang, options.conjunctions);
  const spans: Span[] = [];
  let last = 0;
  let opened = false;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[0].length === 0) re.lastIndex++;
    const soft = !m.groups?.hard && options.opensClause;
    if (soft && !options.opensClause!(openingAfter(text, m.index + m[0].length))) continue;
    const isQuestion = m[0].includes('?');
    spans.push({ start: last, end: isQuestion ? m.index + m[0].length : m.index, opened });
    last = m.index + m[0].length;
    opened = Boolean(soft);
  }
  spans.push({ start: last, end: text.length, opened });
  return spans;
}

/** What follows a cut, as far as a clause's opening words reach (not the rest of a long message each time). */
function openingAfter(text: string, from: number): string {
  return foldDiacritics(text.slice(from, from + OPENING_WINDOW).trimStart().toLowerCase());
}

/** Fragments that cannot stand alone glued to the previous clause (or the next one when first). */
function glueFragments(spans: Span[], clean: (s: Span) => string, lang: Language): Span[] {
  const alone = (s: Span) => s.opened || canStandAlone(clean(s), lang);
  const merged: Span[] = [];
  for (const s of spans) {
    const prev = merged[merged.length - 1];
    if (prev && (!alone(s) || !alone(prev))) prev.end = s.end;
    else merged.push({ ...s });
  }
  return merged;
}

/** Leading and trailing spaces and punctuation are not part of a clause ('?' at the end is). */
function withoutEdges(text: string, s: Span): ClauseSpan {
  const raw = text.slice(s.start, s.end);
  const start = s.start + (/^[\s,;.!]*/u.exec(raw)?.[0].length ?? 0);
  const end = Math.max(start, s.end - (/[\s,;.!]*$/u.exec(raw)?.[0].length ?? 0));
  return { text: text.slice(start, end), start, end };
}
