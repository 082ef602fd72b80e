// Which item of a list the bot just showed a message points at by position: "cái thứ 2", "mẫu cuối", "o segundo",
// "la última", "the third one", "número 3". The words are the language's (ordinals, and in Vietnamese the
// classifiers before them: cái, chiếc, đôi, mẫu, sản phẩm…), so a bot that lists things needs no list of its own.
import type { Language } from './types.ts';
import { foldPreservingOffsets } from '../text/index.ts';

interface PositionWords {
  /** The phrase, over the folded message; group 1 is the ordinal word or digit. */
  pattern: RegExp;
  /** Folded ordinal words (or their stems) → 0-based index; -1 is the last item. */
  ordinals: Record<string, number>;
}

const END = '(?![\\p{L}\\d])';
const START = '(?<![\\p{L}\\d])';

const WORDS: Record<Language, PositionWords> = {
  vi: {
    pattern: new RegExp(`${START}(?:cai|mau|chiec|doi|san pham|sp|so|con|mon|bo)\\s+(?:thu\\s+|so\\s+)?(\\d+|nhat|dau tien|dau|hai|ba|bon|tu|nam|sau|bay|tam|chin|muoi|cuoi cung|cuoi)${END}`, 'u'),
    ordinals: { nhat: 0, 'dau tien': 0, dau: 0, hai: 1, ba: 2, bon: 3, tu: 3, nam: 4, sau: 5, bay: 6, tam: 7, chin: 8, muoi: 9, 'cuoi cung': -1, cuoi: -1 },
  },
  pt: {
    pattern: new RegExp(`${START}(?:(?:[oa]s?|d[oa]s?|n[oa]s?)\\s+(primeir|segund|terceir|quart|quint|sext|penultim|ultim)[oa]s?|(?:numero|opcao|item)\\s+(\\d+))${END}`, 'u'),
    ordinals: { primeir: 0, segund: 1, terceir: 2, quart: 3, quint: 4, sext: 5, penultim: -2, ultim: -1 },
  },
  es: {
    pattern: new RegExp(`${START}(?:(?:el|la|los|las|del|al)\\s+(primer|segund|tercer|cuart|quint|sext|penultim|ultim)[oa]?s?|(?:numero|opcion|item)\\s+(\\d+))${END}`, 'u'),
    ordinals: { primer: 0, segund: 1, tercer: 2, cuart: 3, quint: 4, sext: 5, penultim: -2, ultim: -1 },
  },
  en: {
    pattern: new RegExp(`${START}(?:the\\s+(first|second|third|fourth|fifth|sixth|second to last|last)|(?:number|option|item|no\\.?)\\s*#?(\\d+))${END}`, 'u'),
    ordinals: { first: 0, second: 1, third: 2, fourth: 3, fifth: 4, sixth: 5, 'second to last': -2, last: -1 },
  },
};

/** The 0-based index of the item of a `count`-long list the message points at by position; undefined when none or out of range. */
export function readListPosition(text: string, lang: Language, count: number): number | undefined {
  const words = WORDS[lang];
  const m = words.pattern.exec(foldPreservingOffsets(text.normalize('NFC').toLowerCase()).replace(/\s+/g, ' '));
  const said = m?.[1] ?? m?.[2];
  if (!said) return undefined;
  const n = /^\d+$/.test(said) ? Number(said) - 1 : words.ordinals[said];
  if (n === undefined) return undefined;
  const i = n < 0 ? count + n : n;
  return i >= 0 && i < count ? i : undefined;
}
