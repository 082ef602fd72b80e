// A date or time found in a message (by the own grammar or chrono), and how overlapping finds are resolved.
import type { LocalDate } from './clock.ts';

export interface Found {
  start: number;
  end: number;
  date?: LocalDate;
  /** `twelveHour`: said on the 12-hour clock without am/pm or a period ("a las 9"): it may be twelve hours later. */
  time?: { hour: number; minute: number; twelveHour?: boolean };
  /** A span of days rather than a day ("next week", "next month"): `date` is its first day. */
  vague?: boolean;
  /** A weekday naming today ("sexta" on a Friday): its other reading, the same weekday a week later. */
  weekLater?: LocalDate;
}

/** Keep the longest non-overlapping spans; an overlapping span that adds a missing date or time is merged in. */
export function resolveOverlaps(found: Found[]): Found[] {
  const sorted = [...found].sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  const kept: Found[] = [];
  for (const f of sorted) {
    const k = kept.find((x) => f.start < x.end && x.start < f.end);
    if (!k) {
      kept.push({ ...f });
      continue;
    }
    if (f.date && !k.date) {
      k.date = f.date;
      if (f.vague) k.vague = true;
      if (f.weekLater) k.weekLater = f.weekLater;
    } else if (f.time && !k.time) k.time = f.time;
    else continue;
    k.start = Math.min(k.start, f.start);
    k.end = Math.max(k.end, f.end);
  }
  return kept.sort((a, b) => a.start - b.start);
}

/** A find spanning a whole match. */
export function foundAt(m: RegExpExecArray, f: Omit<Found, 'start' | 'end'>): Found {
  return { start: m.index, end: m.index + m[0].length, ...f };
}
