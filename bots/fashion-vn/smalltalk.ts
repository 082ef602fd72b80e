// Messages that are only courtesy — "chào shop", "shop ơi", "cảm ơn shop nha", "ok", "bye nha" — and
// not a question: they get a short polite reply instead of a product list or a knowledge passage.
// A greeting followed by a question ("chào shop, có áo hoodie không?") is not small talk.
import { isGreeting } from 'switchboard';
import { fold } from './entities.ts';

export type SmallTalk = 'greeting' | 'thanks' | 'acknowledge' | 'goodbye';

// Words (folded) by what they say; a message made only of these and PARTICLES is small talk.
const WORDS: Record<SmallTalk, string[]> = {
  greeting: ['xin', 'chao', 'hello', 'helo', 'hellu', 'hi', 'hii', 'hey', 'alo', 'lo', 'good', 'morning', 'buoi', 'sang', 'trua', 'chieu', 'toi'],
  thanks: ['cam', 'on', 'cm', 'camon', 'cmon', 'thanks', 'thank', 'thankyou', 'thanh', 'kiu', 'tks', 'thks', 'thx', 'ty', 'you', 'u', 'nhieu', 'lam'],
  acknowledge: ['ok', 'oke', 'okie', 'okay', 'oki', 'okela', 'okeee', 'ukm', 'uk', 'um', 'uhm', 'uh', 'u', 'o', 'vang', 'da', 'duoc', 'dc', 'roi', 'hieu', 'biet', 'oh', 'a', 'the', 'vay', 'thoi', 'xong', 'tot', 'hay', 'qua', 'de', 'minh', 'xem', 'da', 'ghe'],
  goodbye: ['tam', 'biet', 'bye', 'bai', 'bb', 'pp', 'goodbye', 'hen', 'gap', 'lai', 'sau', 'nhe', 'di'],
};

/** Words that only soften or address ("shop ơi", "ạ", "nha", "hihi"), folded. */
const PARTICLES = new Set(['shop', 'sop', 'ad', 'admin', 'oi', 'a', 'ah', 'ak', 'nha', 'nhe', 'ne', 'nhen', 'em', 'anh', 'chi', 'ban', 'b', 'minh', 'mn', 'moi', 'nguoi', 'hihi', 'hehe', 'haha', 'hic', 'nhaa', 'nhoa', 'ha', 'he', 'rat', 'nhiu', 'nhìu', 'ca', 'nha']);

const CONTENT_WORDS = new Set(Object.values(WORDS).flat());

/** The kind of small talk when the message is nothing else; undefined when it asks or says something. */
export function smallTalk(text: string, greetingPatterns: string[] = []): SmallTalk | undefined {
  const folded = fold(text);
  const tokens = folded.match(/[\p{L}\p{N}]+/gu) ?? [];
  if (!tokens.length || tokens.length > 8) return undefined;
  if (!tokens.every((t) => PARTICLES.has(t) || CONTENT_WORDS.has(t))) return undefined;
  const has = (...phrases: string[]) => phrases.some((p) => new RegExp(`(?<![\\p{L}])${p}(?![\\p{L}])`, 'u').test(folded));
  if (has('cam on', 'cm on', 'camon', 'cmon', 'thanks?', 'thank you', 'thankyou', 'thanh kiu', 'tks', 'thks', 'thx', 'ty')) return 'thanks';
  if (has('tam biet', 'bye', 'bai bai', 'bb', 'pp', 'goodbye', 'hen gap lai')) return 'goodbye';
  if (isGreeting(text, 'vi', greetingPatterns) || has('xin chao', 'chao', 'hello', 'helo', 'hellu', 'hi+', 'hey', 'alo')) return 'greeting';
  if (tokens.every((t) => PARTICLES.has(t))) return tokens.some((t) => ['shop', 'sop', 'ad', 'admin'].includes(t)) ? 'greeting' : undefined; // "shop ơi"
  if (has('ok\\w*', 'oki\\w*', 'uk', 'ukm', 'um', 'uhm', 'uh', 'vang', 'da', 'duoc roi', 'dc roi', 'hieu roi', 'biet roi', 'the a', 'vay a', 'xong roi')) return 'acknowledge';
  return undefined;
}
