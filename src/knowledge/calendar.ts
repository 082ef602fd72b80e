// The calendar of the tool cascade: dated events (bot.yaml `answers.calendar`, rows of a CSV file or inline) and
// the words that make a message a question about dates and pick its events, all data in the bot's language.
// Kept in memory rather than in a table: a calendar is a few dozen rows read once with the bot, owned by its
// bot.yaml, and a table would need a migration and a load step per bot for no query it could not answer here.
import { foldDiacritics } from '../text/index.ts';
import type { CalendarConfig } from './cascade-schema.ts';

export interface CalendarEvent {
  subject: string;
  event: string;
  /** YYYY-MM-DD, or null. */
  start: string | null;
  end: string | null;
  note: string | null;
}

export interface Calendar {
  /** Every event, by date (start, else end; undated last), ties in the order given. */
  readonly events: CalendarEvent[];
  /** The message asks when something happens (one of `questions`). */
  isDateQuestion(text: string): boolean;
  /** The events of `subject` (all without one): a subject's name is one of the words of an event's subject cell. */
  ofSubject(subject?: string): CalendarEvent[];
  /**
   * The events among `events` that answer a date question: those its topic words pick; with no topic, all of them
   * when the question names nothing else (`contentWords` finds no word outside the calendar's own), else none.
   */
  answering(text: string, events: CalendarEvent[], contentWords: (text: string) => string[]): CalendarEvent[];
}

const tokens = (text: string): string[] => foldDiacritics(text.normalize('NFC').toLowerCase()).match(/[\p{L}\p{N}]+/gu) ?? [];

/** A word or phrase of bot.yaml as folded tokens; a final `*` makes its last word a prefix ("inscri*"). */
function pattern(phrase: string): { words: string[]; prefix: boolean } {
  const prefix = phrase.trim().endsWith('*');
  return { words: tokens(phrase.replace(/\*$/, '')), prefix };
}

/** The positions of `text`'s tokens that one of `patterns` covers ([] when none matches). */
function covered(said: string[], patterns: { words: string[]; prefix: boolean }[]): Set<number> {
  const out = new Set<number>();
  for (const p of patterns) {
    if (!p.words.length) continue;
    for (let i = 0; i + p.words.length <= said.length; i++) {
      const last = p.words.length - 1;
      const hit = p.words.every((w, k) => (k === last && p.prefix ? said[i + k].startsWith(w) : said[i + k] === w));
      if (hit) p.words.forEach((_, k) => out.add(i + k));
    }
  }
  return out;
}

/** The text holds one of the words or phrases (accents and case aside; a final `*` makes a prefix). */
export function mentions(text: string, phrases: string[]): boolean {
  return covered(tokens(text), phrases.map(pattern)).size > 0;
}

/** The text's words (folded) without those the words or phrases cover. */
export function withoutPhrases(text: string, phrases: string[]): string {
  const said = tokens(text);
  const own = covered(said, phrases.map(pattern));
  return said.filter((_, i) => !own.has(i)).join(' ');
}

const cell = (row: Record<string, unknown>, column: string): string | null => {
  const v = row[column];
  return v === undefined || v === null || String(v).trim() === '' ? null : String(v).trim();
};

export function createCalendar(config: CalendarConfig): Calendar {
  const c = config.columns;
  const events = config.rows
    .map((row) => ({ subject: cell(row, c.subject) ?? '', event: cell(row, c.event) ?? '', start: cell(row, c.start), end: cell(row, c.end), note: cell(row, c.note) }))
    .filter((e) => e.event)
    .map((e, i) => ({ e, i, at: e.start ?? e.end ?? '\uffff' }))
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.i - b.i))
    .map((x) => x.e);
  const questions = config.questions.map(pattern);
  const topics = config.topics.map((t) => ({ words: t.words.map(pattern), events: t.events.map(pattern) }));
  const allTopicWords = topics.flatMap((t) => t.words);

  return {
    events,
    isDateQuestion: (text) => covered(tokens(text), questions).size > 0,
    ofSubject(subject) {
      if (!subject) return events;
      const wanted = tokens(subject).join('');
      return events.filter((e) => tokens(e.subject).includes(wanted));
    },
    answering(text, candidates, contentWords) {
      const said = tokens(text);
      const picked = topics.filter((t) => covered(said, t.words).size > 0);
      if (picked.length) return candidates.filter((e) => picked.some((t) => covered(tokens(e.event), t.events).size > 0));
      // "what are the dates?" asks for the whole calendar; "when do classes start?" for something it does not hold.
      const own = new Set([...covered(said, questions), ...covered(said, allTopicWords)]);
      return contentWords(said.filter((_, i) => !own.has(i)).join(' ')).length ? [] : candidates;
    },
  };
}

/** Which period words a date takes: from start to end, from start on, until end, or none. */
export type DatePeriod = { kind: 'range'; start: string; end: string } | { kind: 'from'; start: string } | { kind: 'until'; end: string } | { kind: 'undated' };

function periodOf(e: CalendarEvent, language: string): DatePeriod {
  const day = (iso: string) => formatDay(iso, language);
  if (e.start && e.end) return { kind: 'range', start: day(e.start), end: day(e.end) };
  if (e.start) return { kind: 'from', start: day(e.start) };
  if (e.end) return { kind: 'until', end: day(e.end) };
  return { kind: 'undated' };
}

/** A YYYY-MM-DD day as the language writes it (pt-BR 31/01/2019); anything else as written. */
export function formatDay(iso: string, language: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return new Intl.DateTimeFormat(language, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** One line per event: "• Subject — Event: <period>" and its note in parentheses. */
export function formatEvents(events: CalendarEvent[], language: string, period: (p: DatePeriod) => string): string {
  return events
    .map((e) => {
      const head = e.subject ? `• ${e.subject} — ${e.event}` : `• ${e.event}`;
      const line = `${head}: ${period(periodOf(e, language))}`;
      return e.note ? `${line} (${e.note})` : line;
    })
    .join('\n');
}
