// Entity extraction: dates and times, money, scores, numbers, phones, e-mails, yes/no,
// person and company names, per-bot gazetteers and regex entities. Spans never overlap (earlier extractors win), but
// for words several gazetteers list: an entity of each type.
import type { Entity, Gazetteer, Language, PatternEntity } from '../types.ts';
import { foldPreservingOffsets } from '../../text/index.ts';
import { extractDateTimes } from './datetime.ts';
import { extractEmails, extractPhones, type Span } from './contacts.ts';
import { extractNumbers } from './numbers.ts';
import { extractYesNo } from './yesno.ts';
import { extractNames } from './names.ts';
import { extractGazetteers } from './gazetteer.ts';
import { extractCuedNumbers, extractPatterns } from './patterns.ts';

export interface ExtractOptions {
  lang: Language;
  now: Date;
  timeZone?: string;
  /** The bot's language tag (bot.yaml `language`, "en-GB"): whether "3/10" reads day first (src/nlu/entities/date-order.ts); default `lang`. */
  locale?: string;
  gazetteers?: Gazetteer[];
  /** Regex entities (bot.yaml `entities:`), matched before every built-in kind. */
  patterns?: PatternEntity[];
}

export function extractEntities(input: string, opts: ExtractOptions): Entity[] {
  const text = input.normalize('NFC');
  const folded = foldPreservingOffsets(text);
  const spans: Span[] = [];
  const taken = (s: number, e: number) => spans.some((o) => s < o.end && o.start < e);
  const addAll = (list: Span[]) => {
    for (const x of list) if (!taken(x.start, x.end)) spans.push(x);
  };
  addAll(extractPatterns(text, opts.patterns ?? []));
  addAll(extractEmails(text));
  addAll(extractPhones(text));
  const dates = extractDateTimes(text, opts) as Span[];
  const combined = dates.filter((d) => d.type === 'datetime');
  // A date and a time may share one span ("tonight at 8"): check them against earlier kinds only.
  const cued = extractCuedNumbers(text, opts.patterns ?? [], opts.lang);
  // A time whose number a bot's unit word follows is that number ("de 2 ambientes" is no 02:00).
  const unitAfter = (d: Span) => d.type === 'time' && cued.some((c) => c.start < d.end && d.start < c.end && c.end > d.end);
  const timeFree = dates.filter((d) => d.type !== 'datetime' && !taken(d.start, d.end) && !unitAfter(d));
  spans.push(...timeFree);
  // After dates ("em 3 dias" stays a date), before the built-in numbers they refine.
  addAll(cued);
  // One span may be tagged by several gazetteers (a word two of them list): each is an entity of its own type.
  const gazetteerSpans = extractGazetteers(text, folded, opts.gazetteers ?? []).filter((x) => !taken(x.start, x.end));
  spans.push(...gazetteerSpans);
  addAll(extractNumbers(text, folded, opts.lang, taken));
  addAll(extractYesNo(text, folded, opts.lang));
  addAll(extractNames(text, folded, opts.lang));
  // A combined datetime is added only when both its date and its time were found.
  const hasDateAndTime = spans.some((s) => s.type === 'date') && spans.some((s) => s.type === 'time');
  const out: Entity[] = hasDateAndTime ? [...spans, ...combined] : [...spans];
  return out.sort((a, b) => (a.start ?? 0) - (b.start ?? 0) || (a.type === 'datetime' ? 1 : -1));
}

export { parseOrdinal } from './numbers.ts';
export { readBotQuery, type QueryValue } from './query-reader.ts';
export { continueBotQuery, type ContinuedQuery } from './query-follow-up.ts';
export { botQueryTerms } from './query-terms.ts';
export { gazetteerValue } from './gazetteer.ts';
