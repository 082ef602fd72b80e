// Calendar arithmetic on wall-clock dates in a time zone, without a date library.

export interface LocalDate {
  year: number;
  month: number; // 1..12
  day: number;
}

export interface WallClock extends LocalDate {
  hour: number;
  minute: number;
  second: number;
  weekday: number; // 0 = Sunday
}

const formatterCache = new Map<string, Intl.DateTimeFormat>();
/** The last reading per zone: a turn reads the same instant several times, and formatToParts is costly. */
const lastReading = new Map<string, { at: number; clock: WallClock }>();

/** The wall-clock reading of `now` in `timeZone` (machine zone when absent or invalid). */
export function wallClock(now: Date, timeZone?: string): WallClock {
  if (timeZone) {
    try {
      let fmt = formatterCache.get(timeZone);
      if (!fmt) {
        fmt = new Intl.DateTimeFormat('en-US', {
          timeZone,
          hourCycle: 'h23',
          year: 'numeric',
          month: 'numeric',
          day: 'numeric',
          hour: 'numeric',
          minute: 'numeric',
          second: 'numeric',
        });
        formatterCache.set(timeZone, fmt);
      }
      const last = lastReading.get(timeZone);
      if (last && last.at === now.getTime()) return { ...last.clock };
      const parts: Record<string, number> = {};
      for (const p of fmt.formatToParts(now)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
      const d = { year: parts.year, month: parts.month, day: parts.day };
      const clock = { ...d, hour: parts.hour % 24, minute: parts.minute, second: parts.second, weekday: weekdayOf(d) };
      lastReading.set(timeZone, { at: now.getTime(), clock });
      return { ...clock };
    } catch {
      // unknown zone: fall through to the machine zone
    }
  }
  const d = { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
  return { ...d, hour: now.getHours(), minute: now.getMinutes(), second: now.getSeconds(), weekday: now.getDay() };
}

export function weekdayOf(d: LocalDate): number {
  return new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
}

export function addDays(d: LocalDate, n: number): LocalDate {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + n));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function isoDate(d: LocalDate): string {
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

/** A calendar date written YYYY-MM-DD (a slot's value); throws on another format or a day the calendar lacks. */
export function parseIsoDate(iso: string): LocalDate {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new Error(`expected a date as YYYY-MM-DD, got "${iso}"`);
  const d = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  if (isoDate(addDays(d, 0)) !== iso) throw new Error(`not a calendar date: "${iso}"`);
  return d;
}

export function hhmm(hour: number, minute: number): string {
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

function compareDates(a: LocalDate, b: LocalDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** The next date (today included) whose weekday is `weekday`; `skipWeek` adds 7 days ("next friday"). */
export function nextWeekday(today: LocalDate, weekday: number, skipWeek = false): LocalDate {
  const delta = (weekday - weekdayOf(today) + 7) % 7;
  return addDays(today, delta + (skipWeek ? 7 : 0));
}

/** The next date (today included) with this day of month; skips months that lack it. */
export function nextDayOfMonth(today: LocalDate, day: number): LocalDate | undefined {
  if (day < 1 || day > 31) return undefined;
  let { year, month } = today;
  if (day < today.day) month++;
  for (let i = 0; i < 13; i++) {
    if (month > 12) {
      month = 1;
      year++;
    }
    if (day <= daysInMonth(year, month)) return { year, month, day };
    month++;
  }
  return undefined;
}

/** A day and month without a year: this year, or next year when already past. */
export function nextDayMonth(today: LocalDate, day: number, month: number, year?: number): LocalDate | undefined {
  if (month < 1 || month > 12 || day < 1) return undefined;
  if (year !== undefined) {
    if (year < 100) year += 2000;
    return day <= daysInMonth(year, month) ? { year, month, day } : undefined;
  }
  let y = today.year;
  if (compareDates({ year: y, month, day }, today) < 0) y++;
  return day <= daysInMonth(y, month) ? { year: y, month, day } : undefined;
}

/** The instant at which the wall clock in `timeZone` shows this date and time (DST changes included). */
export function wallTimeToUtc(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): Date {
  const offset = (at: Date) => {
    const p = wallClock(at, timeZone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - (at.getTime() - at.getUTCMilliseconds());
  };
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const first = offset(new Date(guess));
  const t = guess - first;
  const second = offset(new Date(t));
  // Crossing a DST change between the guess and the answer: the second reading is the zone's offset then.
  return new Date(second === first ? t : guess - second);
}
