// A message without a word or a number, only emoji (and punctuation): the bot's own classifier reads nothing in it
// (emoji are dropped when text is normalised), so it would take whatever its bias says ("🙃" read as a greeting
// intent). Read here instead: a bot's own example of the same emoji is the bot's; emoji that say something on their
// own in any language (data/emoji.yaml: "👍", "🙏", "👋") are that kind of small talk; any other is out of scope.
import { join } from 'node:path';
import { projectRoot } from '../paths.ts';
import { readYamlFile } from '../yaml-file.ts';
import type { SkillKind, SkillVerdict } from './decide.ts';

type WordlessKind = Extract<SkillKind, 'acknowledge' | 'thanks' | 'greeting'>;
const KINDS: readonly WordlessKind[] = ['acknowledge', 'thanks', 'greeting'];

const PICTOGRAPH = /\p{Extended_Pictographic}/u;
/** Skin tones, variation selectors, joiners and keycaps: the same emoji however it is written. */
const MODIFIERS = /[\u{1F3FB}-\u{1F3FF}\u{FE0E}\u{FE0F}\u{200D}\u{20E3}]/gu;

let meanings: Map<string, WordlessKind> | undefined;

/** Each emoji of data/emoji.yaml, without its modifiers, and the kind of small talk it is. */
function emojiMeanings(): Map<string, WordlessKind> {
  if (meanings) return meanings;
  const doc = (readYamlFile(join(projectRoot, 'src', 'skills', 'data', 'emoji.yaml')) ?? {}) as Partial<Record<WordlessKind, string[]>>;
  meanings = new Map(KINDS.flatMap((kind) => (doc[kind] ?? []).map((e): [string, WordlessKind] => [e.replace(MODIFIERS, ''), kind])));
  return meanings;
}

/** The emoji of a message without words, modifiers dropped; null when it has a letter or a digit, or no emoji. */
export function emojiOnly(text: string): string[] | null {
  if (/[\p{L}\p{N}]/u.test(text.replace(MODIFIERS, '')) || !PICTOGRAPH.test(text)) return null;
  const emoji = [...text.replace(MODIFIERS, '')].filter((c) => PICTOGRAPH.test(c));
  return emoji.length ? emoji : null;
}

/**
 * A reader of messages without words for a bot whose own examples are `examples`: null for a message with a word or
 * a number, or that is one of the bot's examples made of the same emoji; else the small talk its emoji all say, or
 * out of scope.
 */
export function wordlessReader(examples: string[]): (text: string) => SkillVerdict | null {
  const own = new Set(examples.map(emojiOnly).filter((e): e is string[] => e !== null).map((e) => [...new Set(e)].sort().join('')));
  return (text) => {
    const emoji = emojiOnly(text);
    if (!emoji) return null;
    if (own.has([...new Set(emoji)].sort().join(''))) return null;
    const kinds = new Set(emoji.map((e) => emojiMeanings().get(e)));
    const [kind] = kinds;
    if (kinds.size === 1 && kind) return { kind, confidence: 1, byWords: true };
    return { kind: 'out_of_scope', confidence: 1 };
  };
}
