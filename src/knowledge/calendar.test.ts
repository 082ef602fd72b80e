import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBotConfig } from '../bot/loader.ts';
import { createCalendar, formatDay, formatEvents, mentions, type DatePeriod } from './calendar.ts';
import { calendarSchema } from './cascade-schema.ts';
import { createTopicRouter } from './topics.ts';

// A swimming club's season, in English; the columns named as the club's spreadsheet names them.
const calendar = createCalendar(
  calendarSchema.parse({
    columns: { subject: 'club', event: 'what', start: 'from', end: 'to', note: 'remarks' },
    rows: [
      { club: 'Tennis', what: 'Registration', from: '2026-02-01', to: '2026-02-10' },
      { club: 'Swimming', what: 'Results of the trials', from: '2026-03-01', to: '' },
      { club: 'Swimming', what: 'Registration', from: '2026-01-10', to: '2026-01-20', remarks: 'online only' },
      { club: 'Swimming/Diving', what: 'Waiting list', from: '', to: '2026-03-15' },
      { club: 'Swimming', what: 'Season party', from: '', to: '' },
    ],
    questions: ['when', 'what day', 'until when', 'deadline', 'opens'],
    topics: [
      { words: ['regist*', 'sign up', 'opens'], events: ['regist*'] },
      { words: ['result*', 'selected'], events: ['result*'] },
      { words: ['waiting list'], events: ['waiting list'] },
    ],
  }),
);
const router = createTopicRouter({ topics: [], stopwords: 'the a of do does is are for what when day until how i my dates' });
const swimming = calendar.ofSubject('swimming');
const pick = (text: string) => calendar.answering(text, swimming, router.contentWords).map((e) => e.event);

describe('calendar', () => {
  it('reads rows through the mapped columns, by date, the undated last', () => {
    expect(calendar.events.map((e) => `${e.subject}: ${e.event}`)).toEqual([
      'Swimming: Registration',
      'Tennis: Registration',
      'Swimming: Results of the trials',
      'Swimming/Diving: Waiting list',
      'Swimming: Season party',
    ]);
    expect(calendar.events[0]).toEqual({ subject: 'Swimming', event: 'Registration', start: '2026-01-10', end: '2026-01-20', note: 'online only' });
  });

  it('tells date questions by their words and phrases, case and accents aside', () => {
    expect(calendar.isDateQuestion('WHEN does registration close?')).toBe(true);
    expect(calendar.isDateQuestion('until when can I sign up')).toBe(true);
    expect(calendar.isDateQuestion('how does the waiting list work?')).toBe(false);
    expect(calendar.isDateQuestion('whenever you like')).toBe(false); // a word, not a prefix
  });

  it("picks a subject's events: one of the words of the subject cell", () => {
    expect(swimming.map((e) => e.event)).toEqual(['Registration', 'Results of the trials', 'Waiting list', 'Season party']);
    expect(calendar.ofSubject('Diving').map((e) => e.event)).toEqual(['Waiting list']);
    expect(calendar.ofSubject('tennis')).toHaveLength(1);
    expect(calendar.ofSubject()).toHaveLength(5);
  });

  it("answers a date question with the events its topic picks; prefixes end with '*'", () => {
    expect(pick('when does registration open?')).toEqual(['Registration']);
    expect(pick('until when can I sign up?')).toEqual(['Registration']);
    expect(pick('when are the results out?')).toEqual(['Results of the trials']);
    expect(pick('when is the waiting list?')).toEqual(['Waiting list']);
    // a topic with no event of this subject: nothing, so the next source answers
    expect(calendar.answering('when does registration open?', calendar.ofSubject('Diving'), router.contentWords)).toEqual([]);
  });

  it('a date question on nothing else gets the whole calendar; one on something it does not hold gets nothing', () => {
    expect(pick('what are the dates? when?')).toEqual(swimming.map((e) => e.event));
    expect(pick('when do the lessons start?')).toEqual([]);
  });

  it('formats days in the language and periods with the bot’s words', () => {
    expect(formatDay('2026-01-10', 'pt-BR')).toBe('10/01/2026');
    expect(formatDay('2026-01-10', 'en-US')).toBe('01/10/2026');
    expect(formatDay('soon', 'en-US')).toBe('soon');
    const words = (p: DatePeriod) =>
      p.kind === 'range' ? `${p.start} to ${p.end}` : p.kind === 'from' ? `from ${p.start}` : p.kind === 'until' ? `until ${p.end}` : 'no date';
    expect(formatEvents(swimming, 'en-GB', words).split('\n')).toEqual([
      '• Swimming — Registration: 10/01/2026 to 20/01/2026 (online only)',
      '• Swimming — Results of the trials: from 01/03/2026',
      '• Swimming/Diving — Waiting list: until 15/03/2026',
      '• Swimming — Season party: no date',
    ]);
  });

  it('mentions: words and phrases as whole words, a final * as a prefix', () => {
    expect(mentions('Can you help me?', ['help'])).toBe(true);
    expect(mentions('helpful', ['help'])).toBe(false);
    expect(mentions('helpful', ['help*'])).toBe(true);
    expect(mentions('sign me up', ['sign up'])).toBe(false);
  });
});

describe('a calendar file in bot.yaml', () => {
  const bot = (answers: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'calendar-bot-'));
    writeFileSync(join(dir, 'season.csv'), 'club,what,from,to\nSwimming,Registration,2026-01-10,2026-01-20\n"Swimming","Gala, final",2026-04-01,\n');
    writeFileSync(
      join(dir, 'bot.yaml'),
      `id: club\nlanguage: en\nunderstanding: { fallback: chat }\nintents:\n  chat: { label: Chat, examples: [hi] }\n  dates: { label: Dates, examples: [when], answer: [calendar] }\n${answers}`,
    );
    return readBotConfig(dir);
  };
  const columns = '{ subject: club, event: what, start: from, end: to }';

  it('joins its rows (relative to the bot folder) to the inline ones', () => {
    const config = bot(`answers:\n  calendar:\n    file: season.csv\n    columns: ${columns}\n    questions: [when]\n    rows: [{ club: Swimming, what: Party }]\n`);
    expect(createCalendar(config.answers!.calendar!).events.map((e) => e.event)).toEqual(['Registration', 'Gala, final', 'Party']);
  });

  it('a missing file leaves the inline rows alone', () => {
    const config = bot(`answers:\n  calendar:\n    file: ../nowhere/season.csv\n    columns: ${columns}\n    questions: [when]\n    rows: [{ club: Swimming, what: Party }]\n`);
    expect(createCalendar(config.answers!.calendar!).events.map((e) => e.event)).toEqual(['Party']);
  });

  it('an intent answering from the calendar needs one; unknown keys are errors', () => {
    expect(() => bot('')).toThrow(/intents\.dates\.answer\.from: 'calendar' needs answers\.calendar/);
    expect(() => bot(`answers:\n  calendar:\n    questions: [when]\n    colums: {}\n`)).toThrow(/colums/);
  });
});
