// A business of someone else's: a word for a kind of business tied to a person of the customer's own life ("a
// academia do meu primo", "la tienda de mi vecina", "shop của bạn mình"). The message is about that business, not the bot's, whatever words of the bot's it shares: read as a
// qualifier of the business word (src/skills/reading.ts `elsewhere`). Data in data/someone-elses/<lang>.yaml.
import { normalize } from '../nlu/normalize.ts';
import type { Language } from '../nlu/types.ts';
import { readWordLists, skillLines } from './data.ts';

const KEYS = ['businesses', 'links', 'possessives', 'people', 'mine', 'parties', 'brands', 'openers', 'addressees'] as const;
type Lists = Record<(typeof KEYS)[number], string[][]>;

function lists(lang: Language): Lists {
  const read = readWordLists('someone-elses', lang, KEYS);
  const fold = (s: string) => normalize(s, lang).split(' ').filter(Boolean);
  return Object.fromEntries(KEYS.map((k) => [k, read[k].map(fold).filter((p) => p.length > 0).sort((a, b) => b.length - a.length)])) as Lists;
}

/** The phrase of `list` that starts at word `i`, if any. */
const at = (tokens: string[], i: number, list: string[][]) => list.find((p) => p.every((w, k) => tokens[i + k] === w));

/** Whether a message's words address the bot's business anywhere ("vocês", "ustedes", "shop"). */
const addresses = (tokens: string[], l: Lists) => tokens.some((_, k) => at(tokens, k, l.addressees));

/** For `lang`, a reader of a normalised message's business words that are someone else's ("academia", "shop"). */
export function someoneElsesReader(lang: Language): (normalized: string) => string[] {
  const l = lists(lang);
  /** Where a person of the customer's own life tied to the business ending at `j` ends, or -1. */
  const ownedAt = (tokens: string[], j: number): number => {
    const link = at(tokens, j, l.links);
    if (!link) return -1;
    let k = j + link.length;
    const possessive = at(tokens, k, l.possessives);
    if (possessive) k += possessive.length;
    const person = at(tokens, k, l.people);
    if (!person) return -1;
    k += person.length;
    // Without a possessive the person must be the customer's by a pronoun after it ("bạn mình").
    if (possessive) return k;
    const mine = at(tokens, k, l.mine);
    return mine ? k + mine.length : -1;
  };
  return (normalized) => {
    const tokens = normalized.split(' ').filter(Boolean);
    const out: string[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const b = at(tokens, i, l.businesses);
      if (!b) continue;
      if (ownedAt(tokens, i + b.length) >= 0) out.push(b.join(' '));
    }
    return out;
  };
}

/**
 * For `lang`, whether a normalised message opens with a person of the customer's own life ("meu irmão quebrou o
 * braço", "mi vecino me debe plata", "chồng mình mua…"): a story about them, not a request to the bot, unless it also
 * says what the bot's examples keep saying (read in src/skills/decide.ts). Children are not among the people: "meu
 * filho pode treinar?" asks the bot for the child.
 */
export function acquaintanceFirstReader(lang: Language): (normalized: string) => boolean {
  const l = lists(lang);
  return (normalized) => {
    const tokens = normalized.split(' ').filter(Boolean);
    const possessive = at(tokens, 0, l.possessives);
    const from = possessive?.length ?? 0;
    const person = at(tokens, from, l.people);
    if (!person) return false;
    return Boolean(possessive ?? at(tokens, from + person.length, l.mine));
  };
}

/** Words read past before a third party: an opener, an article, a possessive. */
const MAX_LEADS = 3;

/**
 * For `lang`, the third party a normalised message opens with, past an opener ("che"), articles and possessives
 * ("o banco me cobrou duas vezes", "el remisero me dejó lejos", "bên Tiki giao thiếu hàng"): a story of what that
 * party did. Null when the message opens otherwise, or addresses the bot's business anywhere ("…o que comprei com
 * vocês").
 */
export function partyFirstReader(lang: Language): (normalized: string) => string | null {
  const l = lists(lang);
  const leads = [...l.openers, ...skillLines(lang).determiners.map((d) => normalize(d, lang).split(' ')), ...l.possessives, ...(lang === 'vi' ? l.links : [])];
  const parties = [...l.parties, ...l.brands].sort((a, b) => b.length - a.length);
  return (normalized) => {
    const tokens = normalized.split(' ').filter(Boolean);
    let i = 0;
    for (let lead = at(tokens, i, leads); lead && i < MAX_LEADS; lead = at(tokens, i, leads)) i += lead.length;
    const party = at(tokens, i, parties);
    if (!party) return null;
    return addresses(tokens, l) ? null : party.join(' ');
  };
}

/**
 * For `lang`, the businesses a normalised message names by their own names, anywhere ("el pedido de Rappi nunca
 * llegó", "bảo hành ở thế giới di động"); none when it addresses the bot's business ("bên Shopee bán rẻ hơn, shop có bớt
 * không?").
 */
export function brandsReader(lang: Language): (normalized: string) => string[] {
  const l = lists(lang);
  return (normalized) => {
    const tokens = normalized.split(' ').filter(Boolean);
    if (addresses(tokens, l)) return [];
    const out: string[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const brand = at(tokens, i, l.brands);
      if (brand) out.push(brand.join(' '));
    }
    return out;
  };
}
