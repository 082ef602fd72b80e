// Numbers, money and scores. Thousands and decimal separators follow the language
// (pt/es/vi: "1.500,50"; en: "1,500.50"); magnitude suffixes ("500k", "1tr", "2 triệu", "5 mil").
import type { Entity, Language } from '../types.ts';

const B = '(?<![\\p{L}\\p{N}])';
const E = '(?![\\p{L}\\p{N}])';

/** Parse a numeral written with the language's separators. */
export function parseNumeral(raw: string, lang: Language): number | undefined {
  let s = raw.replace(/\s/g, '');
  const thousands = lang === 'en' ? ',' : '.';
  const decimal = lang === 'en' ? '.' : ',';
  // "1.5" in pt (no group of exactly three digits) reads as a decimal; so does "1,5" in en when not a group of 3.
  const groupRe = new RegExp(`^\\d{1,3}(?:\\${thousands}\\d{3})+(?:\\${decimal}\\d+)?$`);
  if (groupRe.test(s)) {
    s = s.split(thousands).join('').replace(decimal, '.');
  } else if (s.includes(decimal) && !s.includes(thousands)) {
    s = s.replace(decimal, '.');
  } else if (s.includes(thousands) && !s.includes(decimal)) {
    s = s.replace(thousands, '.');
  }
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

export const MAGNITUDES: Record<Language, [string, number][]> = {
  pt: [['milhoes', 1e6], ['milhao', 1e6], ['mi', 1e6], ['mil', 1e3], ['k', 1e3], ['bi', 1e9]],
  es: [['millones', 1e6], ['millon', 1e6], ['palos', 1e6], ['palo', 1e6], ['mil', 1e3], ['lucas', 1e3], ['luca', 1e3], ['k', 1e3]],
  vi: [['trieu', 1e6], ['tr', 1e6], ['ty', 1e9], ['nghin', 1e3], ['ngan', 1e3], ['k', 1e3], ['cu', 1e6], ['lit', 1e5], ['loet', 1e5]],
  en: [['million', 1e6], ['billion', 1e9], ['thousand', 1e3], ['grand', 1e3], ['k', 1e3], ['m', 1e6], ['bn', 1e9]],
};

export const CURRENCY_BEFORE = 'r\\$|us\\$|u\\$s|usd|ars|\\$|€|£|eur|brl|vnd';
export const CURRENCY_AFTER: Record<Language, string> = {
  pt: 'reais|real|conto|contos|pila|pilas|dolares|dolar|euros|r\\$',
  es: 'pesos|peso|dolares|dolar|usd|ars|mangos|euros',
  vi: 'dong|vnd|d|usd|do',
  en: 'dollars|dollar|bucks|usd|euros|reais|pesos',
};

/** Small number words, folded. */
export const NUMBER_WORDS: Record<Language, Record<string, number>> = {
  pt: {
    zero: 0, um: 1, uma: 1, dois: 2, duas: 2, tres: 3, quatro: 4, cinco: 5, seis: 6, sete: 7, oito: 8, nove: 9, dez: 10, onze: 11, doze: 12,
    treze: 13, quatorze: 14, catorze: 14, quinze: 15, dezesseis: 16, dezessete: 17, dezoito: 18, dezenove: 19, vinte: 20, trinta: 30,
    quarenta: 40, cinquenta: 50, sessenta: 60, setenta: 70, oitenta: 80, noventa: 90, cem: 100,
  },
  es: {
    cero: 0, uno: 1, una: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10, once: 11, doce: 12,
    trece: 13, catorce: 14, quince: 15, dieciseis: 16, diecisiete: 17, dieciocho: 18, diecinueve: 19, veinte: 20, treinta: 30,
    cuarenta: 40, cincuenta: 50, sesenta: 60, setenta: 70, ochenta: 80, noventa: 90, cien: 100,
  },
  vi: { mot: 1, hai: 2, ba: 3, bon: 4, tu: 4, nam: 5, lam: 5, sau: 6, bay: 7, tam: 8, chin: 9, muoi: 10 },
  en: { zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, fifteen: 15, twenty: 20, thirty: 30, hundred: 100 },
};

/** The word joining tens and units ("vinte e cinco", "treinta y dos"), where the language says numbers so. */
const TENS_AND: Partial<Record<Language, string>> = { pt: 'e', es: 'y' };

/**
 * The hundreds and the word for a thousand, where the language composes larger numbers in words ("cento e
 * cinquenta", "duzentos", "mil e quinhentos", "ciento cincuenta", "dos mil"); folded. Kept apart from NUMBER_WORDS,
 * whose small words other readers use on their own (hours, counts of people).
 */
const HUNDREDS: Partial<Record<Language, { words: Record<string, number>; and: string; thousand: string }>> = {
  pt: {
    words: {
      cento: 100, duzentos: 200, duzentas: 200, trezentos: 300, trezentas: 300, quatrocentos: 400, quatrocentas: 400, quinhentos: 500,
      quinhentas: 500, seiscentos: 600, seiscentas: 600, setecentos: 700, setecentas: 700, oitocentos: 800, oitocentas: 800,
      novecentos: 900, novecentas: 900,
    },
    and: 'e',
    thousand: 'mil',
  },
  es: {
    words: {
      ciento: 100, doscientos: 200, doscientas: 200, trescientos: 300, trescientas: 300, cuatrocientos: 400, cuatrocientas: 400,
      quinientos: 500, quinientas: 500, seiscientos: 600, seiscientas: 600, setecientos: 700, setecientas: 700, ochocientos: 800,
      ochocientas: 800, novecientos: 900, novecientas: 900,
    },
    and: '',
    thousand: 'mil',
  },
};

const wordSourceCache = new Map<Language, string>();

/**
 * A regular-expression source (no groups) for a number said in words in folded text: a word of NUMBER_WORDS, tens
 * and a unit ("vinte e cinco"), and in Portuguese and Spanish hundreds and thousands built from them ("cento e
 * cinquenta", "mil e quinhentos", "doscientos treinta y dos"). Callers add their own word boundaries.
 */
export function numberWordsSource(lang: Language): string {
  const cached = wordSourceCache.get(lang);
  if (cached) return cached;
  const table = NUMBER_WORDS[lang];
  const byLength = (list: string[]) => list.sort((a, b) => b.length - a.length).join('|');
  const all = byLength(Object.keys(table));
  const and = TENS_AND[lang];
  let source: string;
  if (!and) source = `(?:${all})`;
  else {
    const tens = byLength(Object.keys(table).filter((w) => table[w] >= 20 && table[w] < 100 && table[w] % 10 === 0));
    const units = byLength(Object.keys(table).filter((w) => table[w] >= 1 && table[w] <= 9));
    const below100 = `(?:(?:${tens})\\s+${and}\\s+(?:${units})|${all})`;
    const big = HUNDREDS[lang];
    if (!big) source = below100;
    else {
      const join = big.and ? `\\s+${big.and}\\s+` : '\\s+';
      const below1000 = `(?:(?:${byLength(Object.keys(big.words))})(?:${join}${below100})?|${below100})`;
      const thousands = `(?:${below1000}\\s+)?${big.thousand}(?:(?:${join}|\\s+)${below1000})?`;
      source = `(?:${thousands}|${below1000})`;
    }
  }
  wordSourceCache.set(lang, source);
  return source;
}

/**
 * The value of a number said in words (folded): "dezessete" → 17, "vinte e cinco" → 25, "cento e cinquenta" → 150,
 * "mil e duzentos" → 1200, "doscientos treinta y dos" → 232; undefined otherwise.
 */
export function parseNumberWords(raw: string, lang: Language): number | undefined {
  const big = HUNDREDS[lang];
  const joiners = new Set([TENS_AND[lang], big?.and].filter(Boolean));
  const words = raw.trim().split(/\s+/).filter((w) => w && !joiners.has(w));
  const at = big ? words.indexOf(big.thousand) : -1;
  if (at < 0) return belowThousand(words, lang);
  if (words.indexOf(big!.thousand, at + 1) >= 0) return undefined;
  const thousands = at === 0 ? 1 : belowThousand(words.slice(0, at), lang);
  const rest = at === words.length - 1 ? 0 : belowThousand(words.slice(at + 1), lang);
  return thousands === undefined || rest === undefined ? undefined : thousands * 1000 + rest;
}

/**
 * The value of up to three words below a thousand, each smaller than the one before: a hundred first, then tens,
 * then a unit after tens ("cento e vinte e cinco"); "cem"/"cien", a teen or a unit ends it ("cem e dez",
 * "vinte e quinze", "dois e tres" are no numbers).
 */
function belowThousand(words: string[], lang: Language): number | undefined {
  if (!words.length) return undefined;
  let total = 0;
  let last = Infinity;
  let closed = false;
  for (const w of words) {
    const v = NUMBER_WORDS[lang][w] ?? HUNDREDS[lang]?.words[w];
    if (v === undefined || closed || !mayFollow(v, last)) return undefined;
    closed = closesNumber(w, v);
    total += v;
    last = v;
  }
  return total;
}

const isTens = (v: number) => v >= 20 && v < 100 && v % 10 === 0;

/** Whether a word worth `v` may follow one worth `last` (Infinity: none before) below a thousand. */
function mayFollow(v: number, last: number): boolean {
  // A hundred comes first; tens only after a hundred; a unit or a teen after a hundred, or a unit after tens.
  if (v >= 100) return last === Infinity;
  if (isTens(v)) return last >= 100;
  return last >= 100 || (last >= 20 && v < 10);
}

/** A unit, a teen, "cem"/"cien": nothing may follow. */
function closesNumber(w: string, v: number): boolean {
  return (!isTens(v) && v < 100) || w === 'cem' || w === 'cien';
}

const ORDINAL_WORDS: Record<Language, string[]> = {
  pt: ['primeir', 'segund', 'terceir', 'quart', 'quint', 'sext', 'setim', 'oitav', 'non', 'decim'],
  es: ['primer', 'segund', 'tercer', 'cuart', 'quint', 'sext', 'septim', 'octav', 'noven', 'decim'],
  en: ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'],
  vi: ['nhat', 'hai', 'ba', 'tu', 'nam', 'sau', 'bay', 'tam', 'chin', 'muoi'],
};

/**
 * The value of an ordinal (folded): digits with or without their mark ("3", "3o", "3a", "3rd"), or a word from
 * first to tenth in either gender ("terceira" → 3, "segundo" → 2, "tercer" → 3, "thu ba" → 3); undefined otherwise.
 */
export function parseOrdinal(raw: string, lang: Language): number | undefined {
  const s = raw.trim().toLowerCase();
  const digits = /^(\d{1,2})(?:o|a|os|as|st|nd|rd|th|er|ro|do|to)?$/.exec(s);
  if (digits) return Number(digits[1]);
  const word = lang === 'vi' ? s.replace(/^thu\s+/, '') : s;
  const stem = lang === 'en' || lang === 'vi' ? word : word.replace(/(?:o|a|os|as)$/, '');
  const at = ORDINAL_WORDS[lang].indexOf(stem);
  return at < 0 ? undefined : at + 1;
}

const SCORE_CUES: Record<Language, string> = {
  pt: 'tirei|tirou|fiz|minha nota foi|minha nota e|minha nota|nota de|nota|notas|media de|media|pontuacao de|pontuacao|pontos no [a-z]+|score|fiquei com',
  es: 'saque|me saque|mi nota fue|mi nota es|mi nota|nota de|nota|puntaje de|puntaje|puntuacion|promedio de|promedio|score',
  vi: 'duoc|dat|diem thi|diem so|so diem|diem|thi duoc',
  en: 'scored|i got|my score is|my score was|my score|score of|score|grade of|grade|gpa of|gpa|points',
};

export interface NumberSpan extends Entity {
  start: number;
  end: number;
}

function alt(list: string[]): string {
  return [...list].sort((a, b) => b.length - a.length).map((s) => s.replace(/ /g, '\\s+')).join('|');
}

const cache = new Map<Language, { amount: RegExp; score: RegExp; word: RegExp; mags: Map<string, number> }>();

function patterns(lang: Language) {
  let p = cache.get(lang);
  if (!p) {
    const mags = MAGNITUDES[lang];
    const magAlt = alt(mags.map((m) => m[0]));
    const numeral = '\\d[\\d.,]*\\d|\\d';
    // currency? numeral magnitude? (tail digits for "1tr5") currency?
    const amount = new RegExp(
      `${B}(?:(${CURRENCY_BEFORE})\\s*)?(${numeral})(?:\\s*(${magAlt})(\\d)?${E})?(?:\\s*(${CURRENCY_AFTER[lang]})${E})?`,
      'gu',
    );
    const score = new RegExp(`${B}(?:${SCORE_CUES[lang]})\\s*(?:(?:de|of|la|es|fue|foi|e|era|is|was|of|:)\\s*)?(\\d{1,4}(?:[.,]\\d{1,2})?)(?:\\s*(?:pontos|pts|puntos|points|diem))?${E}`, 'gu');
    const word = new RegExp(`${B}(${Object.keys(NUMBER_WORDS[lang]).join('|')})${E}`, 'gu');
    p = { amount, score, word, mags: new Map(mags) };
    cache.set(lang, p);
  }
  for (const re of [p.amount, p.score, p.word]) re.lastIndex = 0;
  return p;
}

/**
 * Money ('money', value in currency units), scores ('score') and plain numbers ('number').
 * `folded` is the lowercase diacritic-folded text with the same offsets as the original.
 */
export function extractNumbers(text: string, folded: string, lang: Language, taken: (s: number, e: number) => boolean): NumberSpan[] {
  const { amount, score, word, mags } = patterns(lang);
  const out = readScores(text, folded, lang, score, taken);
  const free = (s: number, e: number) => !taken(s, e) && !out.some((o) => s < o.end && o.start < e);
  out.push(...readAmounts(text, folded, lang, { amount, mags }, free));
  out.push(...readNumberWords(text, folded, lang, word, free));
  return out;
}

type Free = (start: number, end: number) => boolean;

function readScores(text: string, folded: string, lang: Language, score: RegExp, taken: Free): NumberSpan[] {
  const out: NumberSpan[] = [];
  for (const m of folded.matchAll(score)) {
    const start = m.index;
    const end = start + m[0].length;
    if (taken(start, end)) continue;
    const v = parseNumeral(m[1], lang);
    // Vietnamese "được" is too common to cue a score unless followed by "điểm".
    if (lang === 'vi' && /^(?:duoc|dat)/.test(m[0]) && !/diem/.test(m[0])) continue;
    if (v !== undefined) out.push({ type: 'score', value: v, text: text.slice(start, end), start, end });
  }
  return out;
}

function readAmounts(text: string, folded: string, lang: Language, p: { amount: RegExp; mags: Map<string, number> }, free: Free): NumberSpan[] {
  const out: NumberSpan[] = [];
  for (const m of folded.matchAll(p.amount)) {
    if (!free(m.index, m.index + m[0].length)) continue;
    const found = readAmount(m, text, folded, lang, p.mags);
    if (found) out.push(found);
  }
  return out;
}

/** An amount match as money or a plain number: currency? numeral magnitude? (tail digit) currency? */
function readAmount(m: RegExpExecArray, text: string, folded: string, lang: Language, mags: Map<string, number>): NumberSpan | undefined {
  const [, curBefore, numeral, mag, tail, curAfter] = m;
  const parsed = parseNumeral(numeral, lang);
  if (parsed === undefined) return undefined;
  const value = mag ? magnified(parsed, mags.get(mag.replace(/\s+/g, ' '))!, tail) : parsed;
  const start = m.index;
  // Magnitudes make an amount of money, except English "m" (meters/minutes are likelier).
  let isMoney = Boolean(curBefore || curAfter || (mag && !(lang === 'en' && mag === 'm')));
  if (lang === 'vi') isMoney = vietnameseMoney(isMoney, { value, mag, curAfter }, folded.slice(Math.max(0, start - 8), start));
  // Trim a trailing space swallowed before an absent currency.
  let end = start + m[0].length;
  while (end > start && /\s/.test(text[end - 1])) end--;
  return { type: isMoney ? 'money' : 'number', value, text: text.slice(start, end), start, end };
}

/** The value times its magnitude, to the cent; a tail digit is tenths ("1tr5" = 1.5 million). */
function magnified(value: number, magnitude: number, tail: string | undefined): number {
  const v = tail ? (value + Number(tail) / 10) * magnitude : value * magnitude;
  return Math.round(v * 100) / 100;
}

/**
 * Vietnamese: under a thousand "đ" without a magnitude is no money ("size 42 đ…"); a bare amount of a thousand or
 * more after a price word ("giá 150000", "tầm 200000") is.
 */
function vietnameseMoney(isMoney: boolean, a: { value: number; mag?: string; curAfter?: string }, before: string): boolean {
  if (a.curAfter === 'd' && !a.mag && a.value < 1000) return false;
  return isMoney || (/\b(?:gia|tam|khoang|duoi|tren|tu)\s*$/.test(before) && a.value >= 1000);
}

/** Number words that are articles too ("um", "una", "one"): no numbers on their own. */
const ARTICLES: Partial<Record<Language, string[]>> = { pt: ['um', 'uma'], es: ['una', 'uno'], en: ['one'] };

function readNumberWords(text: string, folded: string, lang: Language, word: RegExp, free: Free): NumberSpan[] {
  // Vietnamese number words collide with common words ("ba", "nam", "sau", "bay"): only before a classifier noun.
  if (lang === 'vi') return [];
  const out: NumberSpan[] = [];
  for (const m of folded.matchAll(word)) {
    const start = m.index;
    const end = start + m[0].length;
    if (!free(start, end) || ARTICLES[lang]?.includes(m[1])) continue;
    out.push({ type: 'number', value: NUMBER_WORDS[lang][m[1]], text: text.slice(start, end), start, end });
  }
  return out;
}
