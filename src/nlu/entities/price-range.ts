// A budget as a shop customer writes it: "dưới 500k", "tầm 300 nghìn" (±tolerance), "từ 200k đến 500k",
// "800-1tr2", "2 triệu đổ lại", "trên 200k dưới 500k", "under $40". Vietnamese today (amounts in đồng with
// k / nghìn / tr / triệu / củ, and in dollars with đô / usd / $); other languages read `money` entities only.
// The range keeps the currency the customer used; converting it is the bot's business.
import type { Language } from '../types.ts';
import { foldPreservingOffsets } from '../../text/index.ts';

export interface PriceRange {
  gte?: number;
  lte?: number;
  /** ISO code: the language's own currency (VND) unless the customer named another (USD). */
  currency: string;
  /** Character spans of the amounts and their cue words (for a caller that reads other entities around them). */
  spans: { start: number; end: number }[];
}

export interface PriceRangeOptions {
  /** "tầm X" → X·(1 ± tolerance); default 0.2. */
  tolerance?: number;
}

interface PriceWords {
  /** Currency of amounts with a local unit or none. */
  local: string;
  /** dollarPrefix, number, million unit, its tail digit ("1tr2"), other unit, "and a half". */
  amount: RegExp;
  /** Units (folded) → [multiplier, currency]; a unit whose typed form must be one of `typed` to count. */
  units: Record<string, [number, string]>;
  typed: Record<string, string[]>;
  million: string;
  lteBefore: RegExp;
  gteBefore: RegExp;
  approxBefore: RegExp;
  lteAfter: RegExp;
  gteAfter: RegExp;
  rangeJoin: RegExp;
  /** Words that open a range before its first bare number ("từ 200 đến 500k"). */
  rangeOpen: RegExp;
  /** A bare number after these is a size, not a price ("size 40", "cỡ 42"). */
  sizeBefore: RegExp;
  /** An approximate cue that is a size word before a bare number ("cỡ 42"). */
  approxIsSize: RegExp;
}

const WORDS: Partial<Record<Language, PriceWords>> = {
  vi: {
    local: 'VND',
    amount: /(\$\s*)?(\d+(?:[.,]\d+)*)(?:\s*(trieu|tr|cu)(?![a-z])(?:\s*(\d)(?!\d))?|\s*(k|ka|nghin|ngan|ngin|ng|d|dong|vnd|usd|do la|dola|dollars?|do|\$)(?![\p{L}\d]))?(\s*ruoi(?![a-z]))?/dgu,
    units: {
      k: [1e3, 'VND'], ka: [1e3, 'VND'], nghin: [1e3, 'VND'], ngan: [1e3, 'VND'], ngin: [1e3, 'VND'], ng: [1e3, 'VND'],
      d: [1, 'VND'], dong: [1, 'VND'], vnd: [1, 'VND'],
      usd: [1, 'USD'], 'do la': [1, 'USD'], dola: [1, 'USD'], dollar: [1, 'USD'], dollars: [1, 'USD'], do: [1, 'USD'], $: [1, 'USD'],
    },
    // "42 đỏ" is a colour and "2 đồ" clothes: đô and đ count only as typed
    typed: { do: ['do', 'đô'], d: ['d', 'đ'] },
    million: 'VND',
    lteBefore: /(duoi|toi da|khong qua|ko qua|k qua|kh qua|hok qua|khong vuot qua|khong hon|max|it hon|nho hon|re hon|<=?|ngan sach|budget|chi co|under|below|less than|cheaper than)\s*(?:la\s*)?(?:gia\s*)?(?:tam\s*|khoang\s*)?$/,
    gteBefore: /(tren|hon|tu|>=?|it nhat|toi thieu|min|lon hon|cao hon|over|above|more than|from)\s*(?:gia\s*)?$/,
    approxBefore: /(tam|khoang|co|tam tam|xap xi|quanh|quanh quan|around|about|gia|gia tien|muc gia|~|tam gia|khoang gia)\s*$/,
    lteAfter: /^\s*(do lai|do xuong|tro xuong|tro lai|doi lai|max|or less|thoi)/,
    gteAfter: /^\s*(tro len|do len|or more|\+)/,
    rangeJoin: /^\s*(-|–|~|den|toi|to|and)\s*$/,
    rangeOpen: /(tu|khoang|tam)\s*$/,
    sizeBefore: /(size|sz|siz|sai|so|co|giay|chan)\s*$/,
    approxIsSize: /co\s*$/,
  },
};

interface Amount { value: number; currency?: string; explicit: boolean; start: number; end: number }

function parseNumber(s: string): number {
  if (/^\d{1,3}([.,]\d{3})+$/.test(s)) return Number(s.replace(/[.,]/g, ''));
  return Number(s.replace(',', '.'));
}

function findAmounts(raw: string, folded: string, w: PriceWords): Amount[] {
  const out: Amount[] = [];
  w.amount.lastIndex = 0;
  for (const m of folded.matchAll(w.amount)) {
    const amount = amountOf(m, raw, folded, w);
    if (amount) out.push(amount);
  }
  return out;
}

function amountOf(m: RegExpExecArray, raw: string, folded: string, w: PriceWords): Amount | undefined {
  const [all, dollarPrefix, num] = m;
  const start = m.index;
  // a digit glued to letters before it ("m55", "1m70") is not an amount
  if (start > 0 && /[\p{L}]/u.test(folded[start - 1]) && !dollarPrefix) return undefined;
  const value = parseNumber(num);
  if (Number.isNaN(value)) return undefined;
  const inUnit = withUnit(value, m, raw, w);
  return inUnit && { ...inUnit, start, end: start + all.trimEnd().length };
}

/** The number in its unit: millions, another unit, dollars, or none (a bare number); undefined for a unit typed otherwise. */
function withUnit(value: number, m: RegExpExecArray, raw: string, w: PriceWords): Omit<Amount, 'start' | 'end'> | undefined {
  const [, dollarPrefix, , million, millionTail, unit, half] = m;
  if (million) {
    const millions = value * 1e6 + (millionTail ? Number(millionTail) * 1e5 : 0);
    return { value: half ? millions + 5e5 : millions, currency: w.million, explicit: true }; // "1 triệu rưỡi"
  }
  if (unit) {
    const at = m.indices?.[5];
    const typed = at ? raw.slice(at[0], at[1]) : '';
    if (w.typed[unit] && !w.typed[unit].includes(typed)) return undefined;
    const [times, currency] = w.units[unit] ?? [1, w.local];
    return { value: value * times, currency, explicit: true };
  }
  if (dollarPrefix) return { value, currency: 'USD', explicit: true };
  return { value, currency: undefined, explicit: false };
}

/** A bare number in a budget is thousands ("dưới 300") unless it is already a thousand or more. */
const bareThousands = (value: number) => (value < 1000 ? value * 1000 : value);

/**
 * In "200-500k" or "800-1tr2" a bare number borrows the other bound's unit: the largest of
 * million/thousand/one that keeps it below that bound. Two bare numbers are thousands.
 */
function borrowUnit(value: number, other: Amount, local: string): number {
  if (!other.explicit) return bareThousands(value);
  if (other.currency !== local) return value;
  return ([1e6, 1e3, 1].find((m) => value * m <= other.value) ?? 1) * value;
}

type Bounds = { gte?: number; lte?: number; currency?: string };
type Span = PriceRange['spans'][number];
type BoundKind = 'lte' | 'gte' | 'approx';

/** The budget a message states, or undefined. A bare number after a price word is thousands ("dưới 300"). */
export function readPriceRange(text: string, lang: Language, options: PriceRangeOptions = {}): PriceRange | undefined {
  const w = WORDS[lang];
  if (!w) return undefined;
  const tolerance = options.tolerance ?? 0.2;
  const raw = text.normalize('NFC').toLowerCase();
  const folded = foldPreservingOffsets(raw);
  const amounts = findAmounts(raw, folded, w);
  const spans: Span[] = [];
  let result: Bounds | undefined;
  for (let i = 0; i < amounts.length; i++) {
    const a = amounts[i];
    const before = folded.slice(Math.max(0, a.start - 24), a.start);
    const range = rangeFrom(a, amounts[i + 1], before, folded, w);
    if (range) {
      result = range.bounds;
      spans.push(range.span);
      i++;
      continue;
    }
    const bound = boundAt(a, before, folded, w);
    if (!bound) continue;
    result = combine(result, bound, tolerance, w.local);
    spans.push(bound.span);
  }
  return result && priceRange(result, spans, w.local);
}

/** A range from `a` to the next amount `b`: "từ 200k đến 500k", "200-500k", "20 đến 50 đô". */
function rangeFrom(a: Amount, b: Amount | undefined, before: string, folded: string, w: PriceWords): { bounds: Bounds; span: Span } | undefined {
  if (!b || !w.rangeJoin.test(folded.slice(a.end, b.start))) return undefined;
  if (!a.explicit && !b.explicit && !w.rangeOpen.test(before)) return undefined;
  const scale = (x: Amount, other: Amount) => (x.explicit ? x.value : borrowUnit(x.value, other, w.local));
  return {
    bounds: { gte: scale(a, b), lte: scale(b, a), currency: b.currency ?? a.currency },
    span: { start: Math.max(0, a.start - (before.match(w.rangeOpen)?.[0].length ?? 0)), end: b.end },
  };
}

interface Bound {
  kind: BoundKind;
  value: number;
  currency: string;
  span: Span;
}

/** One amount as a bound, by the cue before or after it; a bare number needs a cue (else a quantity, a height, a size…). */
function boundAt(a: Amount, before: string, folded: string, w: PriceWords): Bound | undefined {
  if (!a.explicit && w.sizeBefore.test(folded.slice(Math.max(0, a.start - 8), a.start))) return undefined;
  const after = folded.slice(a.end, a.end + 16);
  const cue = cueBefore(before, w);
  const kind = kindAfter(after, w) ?? cue?.kind;
  if (!a.explicit && !cuesBareBudget(kind, before, w)) return undefined;
  return {
    kind: kind ?? 'approx',
    value: a.explicit ? a.value : bareThousands(a.value),
    currency: a.currency ?? w.local,
    span: boundSpan(a, cue?.length ?? 0, after, w),
  };
}

/** Whether a cue makes a bare number a budget: any cue but a size word that is also "about" ("cỡ 42"). */
function cuesBareBudget(kind: BoundKind | undefined, before: string, w: PriceWords): boolean {
  if (!kind) return false;
  return kind !== 'approx' || !w.approxIsSize.test(before);
}

/** The amount with its cue before and its cue after ("2 triệu đổ lại"). */
function boundSpan(a: Amount, cueLength: number, after: string, w: PriceWords): Span {
  const afterCue = (w.lteAfter.exec(after) ?? w.gteAfter.exec(after))?.[0].length ?? 0;
  return { start: a.start - cueLength, end: a.end + afterCue };
}

/** The bound cue that ends `before` as a whole word ("dưới", "trên", "tầm"), tried in that order, and its length. */
function cueBefore(before: string, w: PriceWords): { kind: BoundKind; length: number } | undefined {
  for (const [kind, re] of [['lte', w.lteBefore], ['gte', w.gteBefore], ['approx', w.approxBefore]] as const) {
    const m = re.exec(before);
    // the cue is a whole word: "hon" in "rẻ hơn" is not the "hơn" of "hơn 200k" when "re hon" matched first
    if (m && (!before.slice(0, m.index).length || /[^\p{L}\p{N}]$/u.test(before.slice(0, m.index)))) return { kind, length: m[0].length };
  }
  return undefined;
}

/** A cue after the amount ("đổ lại", "trở lên") decides over one before it. */
function kindAfter(after: string, w: PriceWords): BoundKind | undefined {
  if (w.lteAfter.test(after)) return 'lte';
  if (w.gteAfter.test(after)) return 'gte';
  return undefined;
}

/** The bounds so far with one more: "trên 200k dưới 500k" combines single-sided bounds of one currency. */
function combine(result: Bounds | undefined, { kind, value, currency }: Bound, tolerance: number, local: string): Bounds {
  const range = kind === 'lte' ? { lte: value } : kind === 'gte' ? { gte: value } : { gte: value * (1 - tolerance), lte: value * (1 + tolerance) };
  const merge = result && kind !== 'approx' && (result.currency ?? local) === currency;
  return merge ? { ...result, ...range, currency } : { ...range, currency };
}

function priceRange(result: Bounds, spans: Span[], local: string): PriceRange {
  const cents = (n: number) => Math.round(n * 100) / 100;
  const price: PriceRange = { currency: result.currency ?? local, spans };
  if (result.gte !== undefined) price.gte = cents(result.gte);
  if (result.lte !== undefined) price.lte = cents(result.lte);
  return price;
}
