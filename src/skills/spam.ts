// Spam and chain messages ("GANHE DINHEIRO FÁCIL, link na bio", "reenviá esto a 10 contactos"): out of scope in any
// bot, whatever words of the bot's they borrow. A lure (easy money, a prize, something free) counts beside a call to
// act, a link or a message written in capitals; a chain message counts alone. A link alone is no spam: customers
// paste links to the bot's own products. Data in data/spam/<lang>.yaml.
import { normalize } from '../nlu/normalize.ts';
import type { Language } from '../nlu/types.ts';
import { readWordLists } from './data.ts';

const KEYS = ['lures', 'calls', 'chains'] as const;
/** A link: a scheme, "www." or a domain ending; no open-ended run before the dot, so a long message is read in one pass. */
const LINK = /\bhttps?:\/\/|\bwww\.|\w\.(?:com|net|org|online|site|xyz|info|shop|club|ly|me|br|ar|vn)\b/iu;
/** Letters a message needs for its capitals to count as shouting. */
const SHOUT_LETTERS = 12;
const SHOUT_SHARE = 0.7;

function shouts(text: string): boolean {
  const letters = text.match(/\p{L}/gu) ?? [];
  return letters.length >= SHOUT_LETTERS && letters.filter((c) => c !== c.toLowerCase()).length >= SHOUT_SHARE * letters.length;
}

/** For `lang`, whether a message (as written, and normalised) is spam or a chain message. */
export function spamReader(lang: Language): (text: string, normalized: string) => boolean {
  const lists = readWordLists('spam', lang, KEYS);
  const [lures, calls, chains] = KEYS.map((key) => lists[key].map((p) => ` ${normalize(p, lang)} `).filter((p) => p.trim()));
  const says = (padded: string, list: string[]) => list.some((p) => padded.includes(p));
  return (text, normalized) => {
    const padded = ` ${normalized} `;
    if (says(padded, chains)) return true;
    return says(padded, lures) && (says(padded, calls) || LINK.test(text) || shouts(text));
  };
}
