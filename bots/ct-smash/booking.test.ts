import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  addDays,
  classesOn,
  formatSlotsPt,
  freeSlots,
  localDateTime,
  matchClassTime,
  nextAvailable,
  parseTimetable,
  slotKey,
  weekdayOf,
  type Timetable,
} from './booking.ts';

const yamlTimetable = parseTimetable(
  parse(readFileSync(new URL('./bot.yaml', import.meta.url), 'utf8')).settings.timetable,
);

const small: Timetable = {
  monday: [
    { time: '19:00', modality: 'Muay Thai', capacity: 2 },
    { time: '07:00', modality: 'Funcional', capacity: 5 },
  ],
  wednesday: [{ time: '20:00', modality: 'Boxe', capacity: 1 }],
};

describe('calendar helpers', () => {
  it('knows the weekday of a date regardless of the machine time zone', () => {
    expect(weekdayOf('2025-12-12')).toBe('friday');
    expect(weekdayOf('2025-12-14')).toBe('sunday');
    expect(weekdayOf('2024-02-29')).toBe('thursday');
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2025-12-30', 3)).toBe('2026-01-02');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  it('rejects malformed and impossible dates', () => {
    expect(() => weekdayOf('12/12/2025')).toThrow(/YYYY-MM-DD/);
    expect(() => weekdayOf('2025-02-30')).toThrow(/calendar/);
  });

  it('reads the local date and time in São Paulo', () => {
    // 2025-12-12 01:30 UTC is still Thursday 22:30 in São Paulo (UTC-3).
    expect(localDateTime(new Date('2025-12-12T01:30:00Z'), 'America/Sao_Paulo')).toEqual({
      date: '2025-12-11',
      time: '22:30',
    });
  });
});

describe('free slots', () => {
  it('lists a day in time order with booked and free places', () => {
    const day = classesOn(small, '2025-12-08', { [slotKey('2025-12-08', '19:00')]: 1 });
    expect(day.map((s) => [s.time, s.booked, s.free])).toEqual([
      ['07:00', 0, 5],
      ['19:00', 1, 1],
    ]);
  });

  it('drops full classes and never reports negative places', () => {
    const counts = { [slotKey('2025-12-08', '19:00')]: 3 };
    expect(freeSlots(small, '2025-12-08', counts).map((s) => s.time)).toEqual(['07:00']);
    expect(classesOn(small, '2025-12-08', counts)[1].free).toBe(0);
  });

  it('counts bookings per date, not per weekday', () => {
    const counts = { [slotKey('2025-12-08', '19:00')]: 2 };
    expect(freeSlots(small, '2025-12-15', counts).map((s) => s.time)).toEqual(['07:00', '19:00']);
  });

  it('returns nothing on days without classes', () => {
    expect(freeSlots(small, '2025-12-14', {})).toEqual([]);
    expect(freeSlots(yamlTimetable, '2025-12-14', {})).toEqual([]); // Sunday: closed
  });
});

describe('nextAvailable', () => {
  // Monday 2025-12-08 18:00 in São Paulo = 21:00 UTC.
  const mondayEvening = new Date('2025-12-08T21:00:00Z');

  it('skips classes that already started today and keeps date order', () => {
    const next = nextAvailable(small, mondayEvening, {}, 3);
    expect(next.map((s) => slotKey(s.date, s.time))).toEqual([
      '2025-12-08T19:00',
      '2025-12-10T20:00',
      '2025-12-15T07:00',
    ]);
  });

  it('offers the next ones when the wanted class is full', () => {
    const counts = { [slotKey('2025-12-08', '19:00')]: 2, [slotKey('2025-12-10', '20:00')]: 1 };
    const next = nextAvailable(small, mondayEvening, counts, 2);
    expect(next.map((s) => slotKey(s.date, s.time))).toEqual(['2025-12-15T07:00', '2025-12-15T19:00']);
  });

  it('filters by modality and excludes a given occurrence', () => {
    const next = nextAvailable(small, mondayEvening, {}, 2, {
      modality: 'muay thai',
      exclude: { date: '2025-12-08', time: '19:00' },
    });
    expect(next.map((s) => slotKey(s.date, s.time))).toEqual(['2025-12-15T19:00', '2025-12-22T19:00']);
  });

  it('stops at the horizon', () => {
    expect(nextAvailable(small, mondayEvening, {}, 50, { horizonDays: 7 })).toHaveLength(4);
  });

  it('fills the small Wednesday lunch Boxe class of the real timetable', () => {
    const wed = '2025-12-10';
    const boxe = classesOn(yamlTimetable, wed).find((s) => s.time === '12:00');
    expect(boxe?.modality).toBe('Boxe');
    const full = { [slotKey(wed, '12:00')]: boxe!.capacity };
    expect(freeSlots(yamlTimetable, wed, full).some((s) => s.time === '12:00')).toBe(false);
    // Wednesday 11:00 in São Paulo: the next Boxe class with room is that evening.
    const next = nextAvailable(yamlTimetable, new Date('2025-12-10T14:00:00Z'), full, 1, { modality: 'Boxe' });
    expect(slotKey(next[0].date, next[0].time)).toBe('2025-12-10T20:00');
  });
});

describe('matching a requested time or modality', () => {
  const day = classesOn(yamlTimetable, '2025-12-08'); // Monday

  it('matches exact times', () => {
    expect(matchClassTime(day, '19:00')?.modality).toBe('Muay Thai');
  });

  it('reads a morning hour as the evening class when only that exists ("às 7" → 19:00)', () => {
    expect(matchClassTime(day, '08:00')?.time).toBe('20:00');
    // 07:00 exists on Monday, so "7" stays morning.
    expect(matchClassTime(day, '07:00')?.time).toBe('07:00');
  });

  it('tolerates a few minutes but not a different class', () => {
    expect(matchClassTime(day, '18:50')?.time).toBe('19:00');
    expect(matchClassTime(day, '15:00')).toBeUndefined();
  });

  it('can require a modality', () => {
    expect(matchClassTime(day, '19:00', { modality: 'Boxe' })).toBeUndefined();
    expect(matchClassTime(day, '20:00', { modality: 'boxe' })?.time).toBe('20:00');
  });


  it('formats the {slots} list for one day and for several', () => {
    const mon = freeSlots(small, '2025-12-08');
    expect(formatSlotsPt(mon)).toBe('7h (Funcional) ou 19h (Muay Thai)');
    const spread = nextAvailable(small, new Date('2025-12-08T21:00:00Z'), {}, 2);
    expect(formatSlotsPt(spread)).toBe('segunda-feira, 08/12 às 19h (Muay Thai) ou quarta-feira, 10/12 às 20h (Boxe)');
  });
});

describe('timetable validation', () => {
  it('accepts the timetable in bot.yaml', () => {
    expect(Object.keys(yamlTimetable)).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']);
  });

  it('rejects bad times and unknown weekdays', () => {
    expect(() => parseTimetable({ monday: [{ time: '7h', modality: 'Boxe', capacity: 2 }] })).toThrow();
    expect(() => parseTimetable({ segunda: [] })).toThrow();
  });
});
