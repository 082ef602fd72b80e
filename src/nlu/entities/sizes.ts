// A clothing or shoe size: a letter size ('XS'…'XXXL', "2xl" → 'XXL') after a size word or written in capitals,
// or a numeric size 30–48 after a size word ("size 42", "cỡ 40", "talle 38") or a shoe word ("giày 41").
import type { Language } from '../types.ts';
import { foldPreservingOffsets } from '../../text/index.ts';

export interface SizeReading {
  /** 'S'…'XXXL' or a number as a string ('42'). */
  value: string;
  start: number;
  end: number;
}

/** Folded words that announce a size, and words for shoes (a number right after them is a shoe size). */
const CUES: Record<Language, { size: string; shoe: string }> = {
  vi: { size: 'size|sz|siz|sai|saiz|co|so', shoe: 'giay|chan|sneakers?|plimsolls?|dep' },
  pt: { size: 'tamanho|tam|numero|num|n', shoe: 'tenis|sapatos?|calcados?|chinelos?|botas?' },
  es: { size: 'talle|talla|numero|nro|n', shoe: 'zapatillas?|zapatos?|botas?|ojotas?' },
  en: { size: 'size|sz', shoe: 'shoes?|sneakers?|trainers?|boots?' },
};

const LETTERS = 'xxxl|xxl|xl|3xl|2xl|xs|s|m|l';

function normalise(s: string): string | undefined {
  const up = s.toUpperCase();
  if (up === '2XL') return 'XXL';
  if (up === '3XL') return 'XXXL';
  if (['XXXL', 'XXL', 'XL', 'XS', 'S', 'M', 'L'].includes(up)) return up;
  const n = Number(s);
  return Number.isInteger(n) && n >= 30 && n <= 48 ? String(n) : undefined;
}

/**
 * The first size the message states. `taken(start, end)` says a span already belongs to another reading
 * (a price: "dưới 40 đô"); offsets are those of the NFC text.
 */
export function readSize(text: string, lang: Language, taken: (start: number, end: number) => boolean = () => false): SizeReading | undefined {
  const cased = text.normalize('NFC');
  const folded = foldPreservingOffsets(cased.toLowerCase());
  const cues = CUES[lang];
  const take = (raw: string, start: number, end: number) => {
    const value = normalise(raw);
    return value && !taken(start, end) ? { value, start, end } : undefined;
  };
  const readings = [
    // "size m", "sz L", "cỡ 42", "số 40", "talle 38"
    ...[...folded.matchAll(new RegExp(`(?<![\\p{L}\\d])(?:${cues.size})\\s*[:.]?\\s*(${LETTERS}|\\d{2})(?![\\p{L}\\d])`, 'gu'))].map((m) => [m[1], m.index!, m.index! + m[0].length] as const),
    // a size in capitals standing alone: "áo thun M", "còn XL không"
    ...[...cased.matchAll(/(?<![\p{L}\d])(XXXL|XXL|XL|XS|2XL|3XL|S|M|L)(?![\p{L}\d])/gu)].map((m) => [m[1], m.index!, m.index! + m[0].length] as const),
    // multi-letter sizes in lower case are unambiguous: "xl", "2xl"
    ...[...folded.matchAll(/(?<![\p{L}\d])(xxxl|xxl|xl|2xl|3xl)(?![\p{L}\d])/gu)].map((m) => [m[1], m.index!, m.index! + m[0].length] as const),
    // a shoe size after a shoe word: "giày 42", "chân mình 41"
    ...[...folded.matchAll(new RegExp(`(?:${cues.shoe})(?![\\p{L}])[^\\d]{0,16}?(?<![\\d.,])(3[5-9]|4[0-8])(?![\\p{L}\\d.,])`, 'gu'))].map((m) => {
      const at = m.index! + m[0].length - m[1].length;
      return [m[1], at, at + m[1].length] as const;
    }),
  ];
  for (const [raw, start, end] of readings) {
    const found = take(raw, start, end);
    if (found) return found;
  }
  return undefined;
}
