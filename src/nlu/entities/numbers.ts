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
    quarenta: 40, cinquenta: 50, sessenta: 60, setenta: 70, oitenta: 80, noventa: 90, cem: 100, cento: 100,
    duzentos: 200, duzentas: 200, trezentos: 300, trezentas: 300, quatrocentos: 400, quatrocentas: 400, quinhentos: 500, quinhentas: 500,
    seiscentos: 600, seiscentas: 600, setecentos: 700, setecentas: 700, oitocentos: 800, oitocentas: 800, novecentos: 900, novecentas: 900,
  },
  es: {
    cero: 0, uno: 1, una: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10, once: 11, doce: 12,
    trece: 13, catorce: 14, quince: 15, dieciseis: 16, diecisiete: 17, dieciocho: 18, diecinueve: 19, veinte: 20, treinta: 30,
    cuarenta: 40, cincuenta: 50, sesenta: 60, setenta: 70, ochenta: 80, noventa: 90, cien: 100, ciento: 100,
    doscientos: 200, doscientas: 200, trescientos: 300, trescientas: 300, cuatrocientos: 400, cuatrocientas: 400, quinientos: 500, quinientas: 500,
    seiscientos: 600, seiscientas: 600, setecientos: 700, setecientas: 700, ochocientos: 800, ochocientas: 800, novecientos: 900, novecientas: 900,
  },
  vi: { mot: 1, hai: 2, ba: 3, bon: 4, tu: 4, nam: 5, lam: 5, sau: 6, bay: 7, tam: 8, chin: 9, muoi: 10 },
  en: { zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, fifteen: 15, twenty: 20, thirty: 30, hundred: 100 },
};

/** The word joining tens and units ("vinte e cinco", "treinta y dos"), where the language says numbers so. */
const TENS_AND: Partial<Record<Language, string>> = { pt: 'e', es: 'y' };

/**
 * A regular-expression source (no groups) for a number said in words in folded text: a word of NUMBER_WORDS, tens
 * and a unit ("vinte e cinco"), or hundreds and what follows them ("seiscentos e oitenta", "ciento veinte y dos").
 * Callers add their own word boundaries.
 */
export function numberWordsSource(lang: Language): string {
  const table = NUMBER_WORDS[lang];
  const byLength = (list: string[]) => list.sort((a, b) => b.length - a.length).join('|');
  const all = byLength(Object.keys(table));
  const and = TENS_AND[lang];
  if (!and) return `(?:${all})`;
  const between = (lo: number, hi: number) => byLength(Object.keys(table).filter((w) => table[w] >= lo && table[w] < hi));
  const tens = byLength(Object.keys(table).filter((w) => table[w] >= 20 && table[w] < 100 && table[w] % 10 === 0));
  const units = between(1, 10);
  const belowHundred = `(?:(?:${tens})\\s+${and}\\s+(?:${units})|${between(1, 100)})`;
  // Spanish joins hundreds and tens without "y" ("ciento veinte"), Portuguese with "e" ("cento e vinte").
  const hundredsJoin = lang === 'es' ? '\\s+' : `\\s+${and}\\s+`;
  return `(?:(?:${between(100, 1000)})${hundredsJoin}${belowHundred}|(?:${tens})\\s+${and}\\s+(?:${units})|${all})`;
}

/**
 * The value of a number said in words (folded): "dezessete" → 17, "vinte e cinco" → 25, "seiscentos e oitenta" →
 * 680; undefined otherwise.
 */
export function parseNumberWords(raw: string, lang: Language): number | undefined {
  const and = TENS_AND[lang];
  const parts = and ? raw.trim().split(new RegExp(`\\s+(?:${and}\\s+)?`)) : [raw.trim()];
  let total = 0;
  let last = Infinity;
  for (const part of parts) {
    const v = NUMBER_WORDS[lang][part];
    // Each part smaller than the one before, and only a hundred takes what follows it ("cem e dez" is no number).
    if (v === undefined || v >= last || (last < 100 && v >= 10) || (last === 100 && parts[0] === (lang === 'es' ? 'cien' : 'cem'))) return undefined;
    total += v;
    last = v;
  }
  return total;
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
  pt: 'tirei|tirou|fiz|minha nota foi|minha nota e|minha nota|nota de|nota|notas|media de|media|pontuacao de|pontuacao|pontos no enem|score|fiquei com',
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
  const out: NumberSpan[] = [];
  const { amount, score, word, mags } = patterns(lang);
  for (const m of folded.matchAll(score)) {
    const start = m.index!;
    const end = start + m[0].length;
    if (taken(start, end)) continue;
    const v = parseNumeral(m[1], lang);
    // Vietnamese "được" is too common to cue a score unless followed by "điểm".
    if (lang === 'vi' && /^(?:duoc|dat)/.test(m[0]) && !/diem/.test(m[0])) continue;
    if (v !== undefined) out.push({ type: 'score', value: v, text: text.slice(start, end), start, end });
  }
  const free = (s: number, e: number) => !taken(s, e) && !out.some((o) => s < o.end && o.start < e);
  for (const m of folded.matchAll(amount)) {
    const start = m.index!;
    let end = start + m[0].length;
    const [, curBefore, numeral, mag, tail, curAfter] = m;
    if (!free(start, end)) continue;
    let value = parseNumeral(numeral, lang);
    if (value === undefined) continue;
    let isMoney = Boolean(curBefore || curAfter);
    if (mag) {
      const k = mags.get(mag.replace(/\s+/g, ' '))!;
      // "1tr5" = 1.5 million.
      value = tail ? (value + Number(tail) / 10) * k : value * k;
      value = Math.round(value * 100) / 100;
      // Magnitudes make an amount of money, except English "m" (meters/minutes are likelier).
      if (!(lang === 'en' && mag === 'm')) isMoney = true;
    }
    if (lang === 'vi' && curAfter === 'd' && !mag && value < 1000) isMoney = false;
    if (lang === 'vi' && !isMoney && /\b(?:gia|tam|khoang|duoi|tren|tu)\s*$/.test(folded.slice(Math.max(0, start - 8), start)) && value >= 1000) isMoney = true;
    // Trim a trailing space swallowed before an absent currency.
    while (end > start && /\s/.test(text[end - 1])) end--;
    out.push({ type: isMoney ? 'money' : 'number', value, text: text.slice(start, end), start, end });
  }
  for (const m of folded.matchAll(word)) {
    const start = m.index!;
    const end = start + m[0].length;
    if (!free(start, end)) continue;
    // Vietnamese number words collide with common words ("ba", "nam", "sau", "bay"): only before a classifier noun.
    if (lang === 'vi') continue;
    if (lang === 'pt' && (m[1] === 'um' || m[1] === 'uma')) continue; // articles
    if (lang === 'es' && (m[1] === 'una' || m[1] === 'uno')) continue;
    if (lang === 'en' && m[1] === 'one') continue;
    out.push({ type: 'number', value: NUMBER_WORDS[lang][m[1]], text: text.slice(start, end), start, end });
  }
  return out;
}
