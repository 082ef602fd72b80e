// Feature extraction for the intent classifier: stemmed word unigrams and bigrams plus
// character n-grams inside word boundaries, from normalised text. Numbers become shapes.
import type { Language } from './types.ts';

export interface FeatureConfig {
  charMin: number;
  charMax: number;
  /** Relative weight of word features against char n-grams (both are L2-normalised together). */
  wordWeight: number;
  bigrams: boolean;
}

export const DEFAULT_FEATURES: FeatureConfig = { charMin: 3, charMax: 4, wordWeight: 1.5, bigrams: true };

/** Shape of a token containing digits, so "19:00" and "20:30" look alike. */
function numberShape(tok: string): string {
  if (/^\d{1,2}[:h]\d{2}$/.test(tok)) return '#time';
  if (/^\d{1,2}h$/.test(tok)) return '#time';
  if (/^\d+$/.test(tok)) return tok.length <= 2 ? '#n' : tok.length <= 4 ? '#nn' : '#nnn';
  if (/^\d[\d.,]*$/.test(tok)) return '#num';
  if (/^\d+(?:am|pm)$/.test(tok)) return '#time';
  if (tok.includes('@')) return '#email';
  return '#x' + tok.replace(/\d+/g, '0');
}

const EN_KEEP_S = /(?:ss|us|is|ous|ics|ies)$/;
const ES_SUFFIX = /^(.{3,}?)(?:aciones|acion|iendo|ando|adas|ados|idas|idos|ada|ado|ida|ido|aron|ieron|aba|ia|ar|er|ir|as|os|es|o|a|e|i|s)$/;

/** English: the plural, then an -ing / -ed / -ly ending, then a final e. */
function stemEnglish(tok: string): string {
  let t = tok;
  if (t.endsWith('ies') && t.length > 4) t = t.slice(0, -3) + 'y';
  else if (t.endsWith('sses')) t = t.slice(0, -2);
  else if (t.endsWith('s') && !EN_KEEP_S.test(t)) t = t.slice(0, -1);
  if (t.endsWith('ing') && t.length > 5) t = t.slice(0, -3);
  else if (t.endsWith('ed') && t.length > 4) t = t.slice(0, -2);
  else if (t.endsWith('ly') && t.length > 5) t = t.slice(0, -2);
  if (t.endsWith('e') && t.length > 4) t = t.slice(0, -1);
  return t;
}

/** Portuguese plural: -ões/-ães → -ão, -ais → -al, -res/-zes/-les and a plain -s lose their ending. */
function portuguesePlural(t: string): string {
  if (t.endsWith('oes') || t.endsWith('aes')) return t.slice(0, -3) + 'ao';
  if (t.endsWith('ais') && t.length > 5) return t.slice(0, -3) + 'al';
  if (t.endsWith('res') || t.endsWith('zes') || t.endsWith('les')) return t.slice(0, -2);
  if (t.endsWith('s') && !t.endsWith('ss')) return t.slice(0, -1);
  return t;
}

/** Portuguese: the adverb's -mente, the plural, a diminutive, then a final gender vowel. */
function stemPortuguese(tok: string): string {
  let t = withoutMente(tok);
  t = portuguesePlural(t);
  if (/(?:inho|inha|zinho|zinha)$/.test(t) && t.length > 6) t = t.replace(/z?inh[oa]$/, '');
  if (/[oae]$/.test(t) && t.length > 4) t = t.slice(0, -1);
  return t;
}

/** Spanish plural: -ces → -z, -es after a consonant and a plain -s lose their ending. */
function spanishPlural(t: string): string {
  if (t.endsWith('ces') && t.length > 5) return t.slice(0, -3) + 'z';
  if (t.endsWith('es') && t.length > 5 && /[^aeiou]es$/.test(t)) return t.slice(0, -2);
  if (t.endsWith('s') && !t.endsWith('ss')) return t.slice(0, -1);
  return t;
}

/** Spanish: plural, gender and common verb endings (a light, Snowball-inspired suffix strip). */
function stemSpanish(tok: string): string {
  const t = spanishPlural(withoutMente(tok));
  const m = ES_SUFFIX.exec(t);
  return m ? m[1] : t;
}

/** The adverb ending of Portuguese and Spanish ("rapidamente" → "rapida"), on a long enough word. */
function withoutMente(t: string): string {
  return t.endsWith('mente') && t.length > 7 ? t.slice(0, -5) : t;
}

const STEMMERS: Partial<Record<Language, (tok: string) => string>> = { en: stemEnglish, pt: stemPortuguese, es: stemSpanish };

/** A light per-language stemmer: plurals, a few verb and adverb endings (none for Vietnamese). */
export function stem(tok: string, lang: Language): string {
  if (tok.length <= 3) return tok;
  const stemmer = STEMMERS[lang];
  return stemmer ? stemmer(tok) : tok;
}

/** Feature kinds, kept in the two low bits of a feature id. */
export const FeatureKind = { Word: 0, Bigram: 1, Char: 2, Other: 3 } as const;
export type FeatureKind = (typeof FeatureKind)[keyof typeof FeatureKind];

export function featureKind(id: number): FeatureKind {
  return (id & 3) as FeatureKind;
}

/** FNV-1a over a string range, seeded per feature kind; the kind goes into the two low bits. */
function hashRange(s: string, from: number, to: number, kind: FeatureKind, seed = 0x811c9dc5): number {
  let h = seed ^ kind;
  for (let i = from; i < to; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return ((h & ~3) | kind) >>> 0;
}

function hashString(s: string, kind: FeatureKind): number {
  return hashRange(s, 0, s.length, kind);
}

/**
 * Features of one normalised text with their (weighted) counts, keyed by 32-bit feature ids:
 * stemmed words, word bigrams (plus a sentence-start marker) and char n-grams inside word
 * boundaries. Numbers become shapes ("#time", "#nn").
 */
export function extractFeatures(normalized: string, lang: Language, cfg: FeatureConfig = DEFAULT_FEATURES): Map<number, number> {
  const feats = new Map<number, number>();
  const add = (k: number, v: number) => feats.set(k, (feats.get(k) ?? 0) + v);
  const raw = normalized.split(' ');
  const words: string[] = [];
  for (const tok of raw) {
    if (!tok) continue;
    const isNum = /\d/.test(tok);
    const w = isNum ? numberShape(tok) : stem(tok, lang);
    words.push(w);
    add(hashString(w, FeatureKind.Word), cfg.wordWeight);
    if (isNum) continue;
    const padded = ' ' + tok + ' ';
    for (let n = cfg.charMin; n <= cfg.charMax; n++) {
      if (padded.length < n) break;
      for (let i = 0; i + n <= padded.length; i++) add(hashRange(padded, i, i + n, FeatureKind.Char), 1);
    }
  }
  if (cfg.bigrams) {
    for (let i = 0; i + 1 < words.length; i++) add(hashString(words[i] + ' ' + words[i + 1], FeatureKind.Bigram), cfg.wordWeight);
    if (words.length > 0) add(hashString('^ ' + words[0], FeatureKind.Bigram), cfg.wordWeight * 0.5);
  }
  if (words.length <= 2) add(hashString('len:short', FeatureKind.Other), 1);
  return feats;
}
