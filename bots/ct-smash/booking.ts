// CT Smash's timetable: the weekly classes, free trial places per class, the next classes with a free place,
// and which class a requested time points to. No database and no clock of its own: callers pass dates and counts.
import { z } from 'zod';
import { addDays as addLocalDays, fold, hhmm as formatHhmm, isoDate, matchSaidTime, parseIsoDate, showDate, showList, showTime, wallClock, weekdayOf as weekdayNumber } from 'switchboard';

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time must be HH:MM');

const classSlotSchema = z.object({
  time: hhmm,
  modality: z.string().min(1),
  /** Trial places in this class, per date. */
  capacity: z.number().int().min(0),
});

const timetableSchema = z.partialRecord(z.enum(WEEKDAYS), z.array(classSlotSchema));

export type ClassSlot = z.infer<typeof classSlotSchema>;
export type Timetable = z.infer<typeof timetableSchema>;

/** A class on a concrete date, with how many trial places are taken and left. */
export interface DatedSlot extends ClassSlot {
  date: string; // YYYY-MM-DD
  booked: number;
  free: number;
}

/** Trial bookings per class occurrence, keyed by slotKey(date, time). */
export type BookedCounts = Record<string, number>;

/** Validate `settings.timetable` from bot.yaml; throws a zod error naming the bad field. */
export function parseTimetable(raw: unknown): Timetable {
  return timetableSchema.parse(raw);
}

/** The key of one class occurrence in BookedCounts: "2025-12-12T19:00". */
export function slotKey(date: string, time: string): string {
  return `${date}T${time}`;
}

/** The weekday of a calendar date (no time zone involved). */
export function weekdayOf(date: string): Weekday {
  return WEEKDAYS[weekdayNumber(parseIsoDate(date))];
}

/** date + n days, as YYYY-MM-DD. */
export function addDays(date: string, n: number): string {
  return isoDate(addLocalDays(parseIsoDate(date), n));
}

/** The classes held on a date, sorted by time, with their booked and free trial places. */
export function classesOn(timetable: Timetable, date: string, bookedCounts: BookedCounts = {}): DatedSlot[] {
  const slots = timetable[weekdayOf(date)] ?? [];
  return slots
    .map((s) => {
      const booked = bookedCounts[slotKey(date, s.time)] ?? 0;
      return { ...s, date, booked, free: Math.max(0, s.capacity - booked) };
    })
    .sort((a, b) => a.time.localeCompare(b.time));
}

/** The classes on a date that still have a trial place. */
export function freeSlots(timetable: Timetable, date: string, bookedCounts: BookedCounts = {}): DatedSlot[] {
  return classesOn(timetable, date, bookedCounts).filter((s) => s.free > 0);
}

/** Local calendar date and time of an instant in a time zone: { date: 'YYYY-MM-DD', time: 'HH:MM' }. */
export function localDateTime(at: Date, timeZone: string): { date: string; time: string } {
  const clock = wallClock(at, timeZone);
  return { date: isoDate(clock), time: formatHhmm(clock.hour, clock.minute) };
}

export interface NextAvailableOptions {
  timeZone?: string; // default America/Sao_Paulo
  modality?: string; // only classes of this modality (compared case- and accent-insensitively)
  horizonDays?: number; // how far ahead to look, default 14
  /** Skip this class occurrence (e.g. the full one the customer asked for). */
  exclude?: { date: string; time: string };
}

/**
 * The next n classes with a free trial place, starting at `from` (classes that already started
 * that day are skipped), in date and time order.
 */
export function nextAvailable(
  timetable: Timetable,
  from: Date,
  bookedCounts: BookedCounts = {},
  n = 3,
  options: NextAvailableOptions = {},
): DatedSlot[] {
  const { timeZone = 'America/Sao_Paulo', modality, horizonDays = 14, exclude } = options;
  const now = localDateTime(from, timeZone);
  const wanted = modality ? fold(modality) : undefined;
  const out: DatedSlot[] = [];
  for (let i = 0; i <= horizonDays && out.length < n; i++) {
    const date = addDays(now.date, i);
    const startedBefore = i === 0 ? now.time : undefined;
    for (const slot of freeSlots(timetable, date, bookedCounts)) {
      if (!isOffered(slot, date, { startedBefore, modality: wanted, exclude })) continue;
      out.push(slot);
      if (out.length >= n) break;
    }
  }
  return out;
}

/**
 * Whether a free class of `date` is one to offer: not started by `startedBefore` (today's time), of the wanted
 * modality (folded), and not the excluded class.
 */
function isOffered(slot: DatedSlot, date: string, wanted: { startedBefore?: string; modality?: string; exclude?: { date: string; time: string } }): boolean {
  if (wanted.startedBefore !== undefined && slot.time <= wanted.startedBefore) return false;
  if (wanted.modality && fold(slot.modality) !== wanted.modality) return false;
  return !(wanted.exclude && wanted.exclude.date === date && wanted.exclude.time === slot.time);
}

/** A list for the {slots} placeholder: "19h (Muay Thai) ou 20h (Boxe)"; with dates when they differ. */
export function formatSlotsPt(slots: Pick<DatedSlot, 'date' | 'time' | 'modality'>[]): string {
  const oneDay = new Set(slots.map((s) => s.date)).size <= 1;
  const items = slots.map((s) =>
    oneDay ? `${showTime(s.time, 'pt')} (${s.modality})` : `${showDate(s.date, 'pt')} às ${showTime(s.time, 'pt')} (${s.modality})`,
  );
  return showList(items, 'pt', 'or');
}

/**
 * The class a requested time ('HH:MM', already parsed by NLU) points to among a day's classes (the runtime's
 * `matchSaidTime`: "às 7" is the 19h class when the day has no 7h one, "18:50" the 19h one), optionally of a modality.
 */
export function matchClassTime<T extends ClassSlot>(
  slots: T[],
  time: string,
  options: { modality?: string; toleranceMinutes?: number } = {},
): T | undefined {
  const { modality, toleranceMinutes } = options;
  const pool = modality ? slots.filter((s) => fold(s.modality) === fold(modality)) : slots;
  const matched = matchSaidTime(pool.map((s) => s.time), time, { toleranceMinutes });
  return pool.find((s) => s.time === matched);
}
