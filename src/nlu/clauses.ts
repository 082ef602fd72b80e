// Splitting a message into clauses at punctuation and conjunctions, per language,
// so "sim, e qual o preço?" becomes ["sim", "qual o preço?"]. Fragments too short to mean
// anything on their own are glued back to their neighbour.
import type { Language } from './types.ts';
import { foldDiacritics } from './normalize.ts';

// Conjunctions that start a new clause (matched on lowercase text, whole words).
const CONJUNCTIONS: Record<Language, string[]> = {
  pt: ['e também', 'e tambem', 'e tb', 'e tbm', 'e', 'também', 'tambem', 'tb', 'tbm', 'mas', 'além disso', 'alem disso', 'e aí', 'aí', 'ah e', 'outra coisa'],
  es: ['y también', 'y tambien', 'y', 'e', 'también', 'tambien', 'tmb', 'pero', 'además', 'ademas', 'otra cosa'],
  vi: ['và', 'va', 'với lại', 'voi lai', 'còn', 'con', 'nhưng', 'nhung', 'thêm nữa', 'them nua', 'ngoài ra', 'ngoai ra', 'mà', 'cho mình hỏi', 'cho minh hoi'],
  en: ['and also', 'and', 'also', 'but', 'plus', 'then', 'as well as'],
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

const splitterCache = new Map<Language, RegExp>();

function splitter(lang: Language): RegExp {
  let re = splitterCache.get(lang);
  if (!re) {
    const conj = [...CONJUNCTIONS[lang]].sort((a, b) => b.length - a.length).map(escapeRe).join('|');
    // Punctuation (not inside numbers like 19:00 or 1.500,00), or a conjunction as a whole word.
    re = new RegExp(`(?<!\\d)[,;.!?]+|[,;.!?]+(?!\\d)|[\\n\\u2026]+|(?<![\\p{L}\\p{N}])(?:${conj})(?![\\p{L}\\p{N}])`, 'giu');
    splitterCache.set(lang, re);
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
}

/** Split text into clauses. Returns trimmed substrings of the original text (question marks kept). */
export function splitClauses(text: string, lang: Language): string[] {
  const re = splitter(lang);
  const spans: Span[] = [];
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const isQuestion = m[0].includes('?');
    spans.push({ start: last, end: isQuestion ? m.index + m[0].length : m.index });
    last = m.index + m[0].length;
    if (m[0].length === 0) re.lastIndex++;
  }
  spans.push({ start: last, end: text.length });

  const clean = (s: Span) => text.slice(s.start, s.end).trim();
  const kept = spans.filter((s) => words(clean(s)).length > 0);
  // Glue fragments that cannot stand alone to the previous clause (or the next one when first).
  const merged: Span[] = [];
  for (const s of kept) {
    const prev = merged[merged.length - 1];
    if (prev && (!canStandAlone(clean(s), lang) || !canStandAlone(clean(prev), lang))) {
      prev.end = s.end;
    } else {
      merged.push({ ...s });
    }
  }
  const out = merged.map((s) => stripEdges(clean(s))).filter((s) => s.length > 0);
  return out.length > 0 ? out : text.trim() ? [text.trim()] : [];
}

function stripEdges(s: string): string {
  return s.replace(/^[\s,;.!]+/u, '').replace(/[\s,;.!]+$/u, '');
}
