// What the built-in skills' lines say, as word sets, once per language and process: every bot's detector in
// that language reads the same lines, so normalising and stemming them once serves them all.
import { stem } from '../nlu/features.ts';
import { normalize } from '../nlu/normalize.ts';
import type { Language } from '../nlu/types.ts';
import { SKILL_CLASSES, skillLines } from './data.ts';

export interface SkillVocabulary {
  /** Stems of every line (each skill's, the short answers, the everyday words). */
  generic: Set<string>;
  /** The units (see `units`) of the same lines. */
  genericUnits: Set<string>;
  /** Stems of every line but the background's: words any business's customers say. */
  everyday: Set<string>;
  /** Stems of the background's (out of scope) lines. */
  background: Set<string>;
  /**
   * Units (see `units`) of the names of other topics' things (`topic_words`): in Vietnamese their pairs of syllables
   * ("tu lanh", "bong da"), elsewhere their stems.
   */
  topicUnits: Set<string>;
  /** Letter trigrams of the lines the detector trains on (each skill's and the short answers). */
  trigrams: Set<string>;
}

const cache = new Map<Language, SkillVocabulary>();

/** `heldOut`: lines of the data left out (cross-validation), so a held-out line reads as a new message does; not cached. */
export function skillVocabulary(lang: Language, heldOut?: ReadonlySet<string>): SkillVocabulary {
  if (heldOut) return build(lang, heldOut);
  let vocabulary = cache.get(lang);
  if (!vocabulary) cache.set(lang, (vocabulary = build(lang)));
  return vocabulary;
}

function build(lang: Language, heldOut?: ReadonlySet<string>): SkillVocabulary {
  const all = skillLines(lang);
  const kept = (texts: string[]) => (heldOut ? texts.filter((t) => !heldOut.has(t)) : texts);
  const lines = { ...all, ...Object.fromEntries([...SKILL_CLASSES, 'answer' as const].map((c) => [c, kept(all[c])])) } as typeof all;
  const v: SkillVocabulary = { generic: new Set(), genericUnits: new Set(), everyday: new Set(), background: new Set(), topicUnits: new Set(), trigrams: new Set() };
  const read = (texts: string[], background: boolean, trained: boolean) => {
    for (const text of texts) {
      const normalized = normalize(text, lang);
      const words = stems(normalized, lang);
      for (const w of words) {
        v.generic.add(w);
        (background ? v.background : v.everyday).add(w);
      }
      for (const u of unitsOf(words, lang)) v.genericUnits.add(u);
      if (trained) addTrigrams(normalized, v.trigrams);
    }
  };
  for (const c of SKILL_CLASSES) read(lines[c], c === 'out_of_scope', true);
  read(lines.answer, false, true);
  read(lines.common, false, false);
  // Names of other topics' things: topic words of the background only (not generic: a bot that names one keeps it
  // as its own distinctive word).
  for (const t of lines.topic) {
    const normalized = normalize(t, lang);
    // In Vietnamese a name of one syllable (a loanword: "iphone", "pizza") is its own unit.
    const one = lang === 'vi' && !normalized.includes(' ');
    for (const u of lang === 'vi' && !one ? units(normalized, lang) : stems(normalized, lang)) v.topicUnits.add(u);
  }
  return v;
}

/** Stems of a normalised text's words (numbers left out). */
export function stems(normalized: string, lang: Language): string[] {
  return normalized.split(' ').filter((w) => w && !/\d/.test(w)).map((w) => stem(w, lang));
}

/**
 * The units that can mark a message as the bot's: stems, or in Vietnamese (one syllable a word, most of them
 * everyday) pairs of adjacent syllables ("giao hang", "tong thong").
 */
export function units(normalized: string, lang: Language): string[] {
  return unitsOf(stems(normalized, lang), lang);
}

function unitsOf(w: string[], lang: Language): string[] {
  if (lang !== 'vi') return w.filter((x) => x.length >= 4);
  return w.slice(1).map((x, i) => `${w[i]} ${x}`);
}

export function wordTrigrams(w: string): string[] {
  const p = ` ${w} `;
  const out: string[] = [];
  for (let i = 0; i + 3 <= p.length; i++) out.push(p.slice(i, i + 3));
  return out;
}

export function addTrigrams(normalized: string, into: Set<string>): void {
  for (const w of normalized.split(' ')) if (w) for (const g of wordTrigrams(w)) into.add(g);
}
