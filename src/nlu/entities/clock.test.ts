import { describe, expect, it } from 'vitest';
import { parseIsoDate, wallClock, wallTimeToUtc } from './clock.ts';

// Intl's own reading of an instant in a zone, as [year, month, day, hour, minute, second, weekday].
const formatters = new Map<string, Intl.DateTimeFormat>();
function intlReading(now: Date, timeZone: string): number[] {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', weekday: 'short' });
    formatters.set(timeZone, f);
  }
  const p: Record<string, string> = {};
  for (const x of f.formatToParts(now)) p[x.type] = x.value;
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(p.weekday);
  return [Number(p.year), Number(p.month), Number(p.day), Number(p.hour) % 24, Number(p.minute), Number(p.second), weekday];
}
const reading = (now: Date, timeZone?: string) => {
  const w = wallClock(now, timeZone);
  return [w.year, w.month, w.day, w.hour, w.minute, w.second, w.weekday];
};

describe('wallClock', () => {
  // Zones with and without daylight saving, a half-hour shift (Lord Howe) and a UTC+7 one.
  const zones = ['America/Sao_Paulo', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Ho_Chi_Minh', 'America/Argentina/Buenos_Aires'];

  it('reads every instant of a year as Intl does, in every zone', () => {
    for (const zone of zones) {
      for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2025, 0, 1); t += 7 * 3_600_000 + 61_123) {
        for (const ms of [0, 999, 59_999]) expect(reading(new Date(t + ms), zone), `${zone} ${new Date(t + ms).toISOString()}`).toEqual(intlReading(new Date(t + ms), zone));
      }
    }
  });

  it('is right second by second across a daylight-saving change (the zone offset is reused within a minute)', () => {
    for (const [zone, change] of [
      ['America/New_York', '2024-03-10T07:00:00Z'],
      ['America/New_York', '2024-11-03T06:00:00Z'],
      ['Australia/Lord_Howe', '2024-04-06T15:00:00Z'],
    ]) {
      const start = new Date(change).getTime() - 90_000;
      for (let s = 0; s < 180; s++) expect(reading(new Date(start + s * 1000), zone)).toEqual(intlReading(new Date(start + s * 1000), zone));
    }
  });

  it('falls back to the machine zone for an unknown zone', () => {
    const now = new Date('2024-05-01T12:34:56Z');
    expect(reading(now, 'Not/A_Zone')).toEqual(reading(now));
  });
});

describe('wallTimeToUtc', () => {
  it('is the instant the zone shows that wall time, in and out of summer time', () => {
    expect(wallTimeToUtc(2025, 5, 16, 10, 0, 'America/Sao_Paulo').toISOString()).toBe('2025-05-16T13:00:00.000Z');
    expect(wallTimeToUtc(2025, 7, 1, 10, 0, 'Europe/Lisbon').toISOString()).toBe('2025-07-01T09:00:00.000Z');
    expect(wallTimeToUtc(2025, 1, 15, 10, 0, 'Europe/Lisbon').toISOString()).toBe('2025-01-15T10:00:00.000Z');
    // The day New York moves its clocks forward (2025-03-09, 02:00 → 03:00): 10:00 is already summer time.
    expect(wallTimeToUtc(2025, 3, 9, 10, 0, 'America/New_York').toISOString()).toBe('2025-03-09T14:00:00.000Z');
    for (const zone of ['America/Sao_Paulo', 'Asia/Ho_Chi_Minh', 'America/Argentina/Buenos_Aires']) {
      const at = wallTimeToUtc(2026, 3, 9, 19, 30, zone);
      expect(reading(at, zone).slice(0, 5)).toEqual([2026, 3, 9, 19, 30]);
    }
  });
});

describe('parseIsoDate', () => {
  it('reads a YYYY-MM-DD date and refuses other formats or days the calendar lacks', () => {
    expect(parseIsoDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(() => parseIsoDate('29/02/2028')).toThrow(/YYYY-MM-DD/);
    expect(() => parseIsoDate('2027-02-29')).toThrow(/calendar/);
  });
});
