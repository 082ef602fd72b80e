// A form's calendar (bot.yaml `forms.<id>.calendar`): the opening hours of each weekday, the dates it is closed
// (holidays, from a list or a file), and "from now on" (no date or time already past), checked on the form's date
// and time slots without code. The time is checked against the day the form holds, and again when the day changes.
import { hhmm, isoDate, parseIsoDate, wallClock, weekdayOf } from '../nlu/index.ts';
import type { Language } from '../nlu/types.ts';
import { WEEKDAYS, type CalendarConfig } from './calendar-schema.ts';
import { showList } from './show-list.ts';
import { showTime, type SlotValue } from './slots.ts';

export type CalendarRefusal = 'closed' | 'hours' | 'past';

type Span = [string, string];

/** The spans of each weekday (Sunday first), parsed from `hours`; undefined when the calendar has no hours. */
export function weekHours(hours: CalendarConfig['hours']): Span[][] | undefined {
  if (!hours) return undefined;
  const week: Span[][] = WEEKDAYS.map(() => []);
  for (const [days, spans] of Object.entries(hours)) {
    const parsed: Span[] = spans === 'closed' ? [] : spans.split(',').map((s) => s.trim().split('-') as Span);
    for (const part of days.split(',')) {
      const [from, to = from] = part.trim().split('-') as (typeof WEEKDAYS)[number][];
      const a = WEEKDAYS.indexOf(from);
      const b = WEEKDAYS.indexOf(to);
      for (let i = a; ; i = (i + 1) % 7) {
        week[i] = parsed;
        if (i === b) break;
      }
    }
  }
  return week;
}

/** The closed dates of a file's text: the first word of each line that is a date. */
export function closedDatesOf(text: string): string[] {
  return text.split('\n').flatMap((line) => {
    const m = /^\s*((?:\d{4}-)?\d{2}-\d{2})\b/.exec(line.replace(/#.*/, ''));
    return m ? [m[1]] : [];
  });
}

export interface CalendarCheck {
  /** What the calendar refuses, or undefined when the value passes. */
  refusal?: CalendarRefusal;
  /** The hours of the day in question, as replies show them ("8h às 12h"). */
  hours?: string;
}

/**
 * Whether the calendar takes a value of the form's date or time slot, given the other slots (the date a time is
 * checked against). `now` on the bot's clock (`timeZone`).
 */
export function checkCalendar(calendar: CalendarConfig, slot: string, value: SlotValue, slots: Record<string, SlotValue>, at: { now: Date; timeZone: string; lang: Language }): CalendarCheck {
  if (typeof value !== 'string') return {};
  const clock = wallClock(at.now, at.timeZone);
  const today = isoDate(clock);
  const week = weekHours(calendar.hours);
  let date: string | undefined;
  let time: string | undefined;
  if (slot === calendar.date) {
    date = value.slice(0, 10);
    if (value.length > 10) time = value.slice(11, 16);
  } else if (slot === calendar.time) {
    time = value;
    const held = slots[calendar.date];
    date = typeof held === 'string' ? held.slice(0, 10) : undefined;
  } else return {};
  if (date && !/^\d{4}-\d{2}-\d{2}$/.test(date)) return {};
  const spans = date && week ? week[weekdayOf(parseIsoDate(date))] : undefined;
  const hours = spans?.length ? showHours(spans, at.lang) : undefined;
  if (calendar.fromNow && date && date < today) return { refusal: 'past', hours };
  if (date && slot === calendar.date && (isClosedDate(calendar.closed, date) || (spans && !spans.length))) return { refusal: 'closed', hours };
  if (time && calendar.fromNow && date === today && time <= hhmm(clock.hour, clock.minute)) return { refusal: 'past', hours };
  if (time && spans && !spans.some(([from, to]) => from <= time && time < to)) return { refusal: spans.length ? 'hours' : 'closed', hours };
  return { hours };
}

/** The hours of a date's weekday as replies show them ("8h às 12h"), or undefined (no hours, or closed). */
export function hoursOn(calendar: CalendarConfig, date: SlotValue | undefined, lang: Language): string | undefined {
  const week = weekHours(calendar.hours);
  if (!week || typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(date)) return undefined;
  const spans = week[weekdayOf(parseIsoDate(date.slice(0, 10)))];
  return spans.length ? showHours(spans, lang) : undefined;
}

function isClosedDate(closed: string[], date: string): boolean {
  return closed.some((d) => d === date || (d.length === 5 && d === date.slice(5)));
}

const UNTIL: Record<Language, string> = { pt: 'às', es: 'a', vi: 'đến', en: 'to' };

/** A day's spans as a reply shows them: "8h às 12h e 13h às 18h". */
function showHours(spans: Span[], lang: Language): string {
  return showList(
    spans.map(([from, to]) => `${showTime(from, lang)} ${UNTIL[lang]} ${showTime(to, lang)}`),
    lang,
  );
}
