// A message that says no word: only emoji, laughter ("kkkk", "jajaja", "hihi") and punctuation. The bot's own
// classifier reads nothing in it (emoji are dropped when text is normalised) or leans on one stray example, so it
// would take whatever its bias says ("🙃" or "jajaja" read as a greeting intent). Read here instead: a bot's own
// example of the same kind (the same emoji; laughter) is the bot's; emoji alone that say something in any language
// (data/emoji.yaml: "👍", "🙏", "👋") are that kind of small talk; anything else is out of scope.
import { join } from 'node:path';
import { normalize } from '../nlu/normalize.ts';
import type { Language } from '../nlu/types.ts';
import { projectRoot } from '../paths.ts';
import { foldDiacritics } from '../text/index.ts';
import { readYamlFile } from '../yaml-file.ts';
import type { SkillKind, SkillVerdict } from './decide.ts';

type WordlessKind = Extract<SkillKind, 'acknowledge' | 'thanks' | 'greeting'>;
const KINDS: readonly WordlessKind[] = ['acknowledge', 'thanks', 'greeting'];

const PICTOGRAPH = /\p{Extended_Pictographic}/u;
/** Skin tones, variation selectors, joiners and keycaps: the same emoji however it is written. */
const MODIFIERS = /[\u{1F3FB}-\u{1F3FF}\u{FE0E}\u{FE0F}\u{200D}\u{20E3}]/gu;
/** Laughter as typed in pt, es, vi and en (folded): "kkkk", "rsrs", "jajaja", "jsjs", "haha", "hehe", "hihi", "lol". */
const LAUGH = /^(?:(?:(?:[jh]a){2,}|(?:[jh]e){2,}|(?:[jh]i){2,}|(?:ah){2,})[jh]?|k{2,}|(?:rs){2,}r?|(?:js){2,}j?|lol|lmao)$/;

let meanings: Map<string, WordlessKind> | undefined;

/** Each emoji of data/emoji.yaml, without its modifiers, and the kind of small talk it is. */
function emojiMeanings(): Map<string, WordlessKind> {
  if (meanings) return meanings;
  const doc = (readYamlFile(join(projectRoot, 'src', 'skills', 'data', 'emoji.yaml')) ?? {}) as Partial<Record<WordlessKind, string[]>>;
  meanings = new Map(KINDS.flatMap((kind) => (doc[kind] ?? []).map((e): [string, WordlessKind] => [e.replace(MODIFIERS, ''), kind])));
  return meanings;
}

/** What a message without words says: its emoji (modifiers dropped) and whether it laughs; null when it has a word, a number, or nothing. */
export function wordlessOf(text: string, lang: Language): { emoji: string[]; laughs: boolean } | null {
  // The normaliser drops most laughter itself ("jajaja" → ""); what it keeps must be laughter too ("jsjsjs").
  const words = foldDiacritics(text.toLowerCase()).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (!words.every((w) => LAUGH.test(w) || !normalize(w, lang).trim())) return null;
  const emoji = [...text.replace(MODIFIERS, '')].filter((c) => PICTOGRAPH.test(c));
  if (!words.length && !emoji.length) return null;
  return { emoji, laughs: words.length > 0 };
}

/** One key for messages that say the same without words: laughter, or the same emoji in any order and number. */
const keyOf = (w: { emoji: string[]; laughs: boolean }) => (w.laughs ? 'laughs' : [...new Set(w.emoji)].sort().join(''));

/**
 * A reader of messages without words for a bot whose own examples are `examples`: null for a message with a word or
 * a number, or that says what one of the bot's examples says without words; else the small talk its emoji all say,
 * or out of scope.
 */
export function wordlessReader(lang: Language, examples: string[]): (text: string) => SkillVerdict | null {
  const own = new Set(examples.map((e) => wordlessOf(e, lang)).filter((w) => w !== null).map(keyOf));
  return (text) => {
    const w = wordlessOf(text, lang);
    if (!w || own.has(keyOf(w))) return null;
    const kinds = new Set(w.emoji.map((e) => emojiMeanings().get(e)));
    const [kind] = kinds;
    if (!w.laughs && kinds.size === 1 && kind) return { kind, confidence: 1, byWords: true };
    return { kind: 'out_of_scope', confidence: 1 };
  };
}
