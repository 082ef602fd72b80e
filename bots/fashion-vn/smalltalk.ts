// Messages that are only courtesy — "chào shop", "shop ơi", "cảm ơn shop nha", "ok", "bye nha" — and not a
// question: they get a short polite reply (replies.<kind>) instead of a product list or a knowledge passage.
// The words are bot.yaml settings.small_talk; a greeting followed by a question is not small talk.
import { isGreeting } from 'switchboard';
import { fashionConfig, fold } from './entities.ts';

export type SmallTalk = 'greeting' | 'thanks' | 'acknowledge' | 'goodbye';
const KINDS: SmallTalk[] = ['thanks', 'goodbye', 'greeting', 'acknowledge']; // the order they are told apart

type Words = { particles: string[]; shop_words: string[] } & Partial<Record<SmallTalk, { words: string[]; phrases: string[] }>>;

/** The kind of small talk when the message is nothing else; undefined when it asks or says something. */
export function smallTalk(text: string, greetingPatterns: string[] = []): SmallTalk | undefined {
  const w = fashionConfig().settings.small_talk as Words;
  const folded = fold(text);
  const tokens = folded.match(/[\p{L}\p{N}]+/gu) ?? [];
  const particles = new Set(w.particles);
  if (!tokens.length || tokens.length > 8) return undefined;
  if (!tokens.every((t) => particles.has(t) || KINDS.some((k) => w[k]?.words.includes(t)))) return undefined;
  const says = (k: SmallTalk) => (w[k]?.phrases ?? []).some((p) => new RegExp(`(?<![\\p{L}])${p}(?![\\p{L}])`, 'u').test(folded));
  if (says('thanks')) return 'thanks';
  if (says('goodbye')) return 'goodbye';
  if (isGreeting(text, 'vi', greetingPatterns) || says('greeting')) return 'greeting';
  if (tokens.every((t) => particles.has(t))) return tokens.some((t) => w.shop_words.includes(t)) ? 'greeting' : undefined; // "shop ơi"
  return says('acknowledge') ? 'acknowledge' : undefined;
}
