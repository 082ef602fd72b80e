// The `calendar:` of a form in bot.yaml: opening hours per weekday, closed dates, "from now on" (checked by
// ./calendar.ts). Kept apart, with the weekdays, so the form schema can use it without importing the checks.
import { z } from 'zod';

/** Days of the week as bot.yaml names them, Sunday first (as `Date.getUTCDay` counts). */
export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

const DAYS = `(?:${WEEKDAYS.join('|')})`;
const SPAN = '\\d{2}:\\d{2}-\\d{2}:\\d{2}';

export const calendarSchema = z.strictObject({
  /** The form's date slot (a `date` or a `datetime` slot). */
  date: z.string().min(1),
  /** The form's time slot, checked against the hours of the day the date slot holds. */
  time: z.string().min(1).optional(),
  /**
   * Opening hours per weekday: keys are days (`sat`), ranges (`mon-fri`) or lists (`mon,wed`); values are spans
   * `HH:MM-HH:MM` (the end excluded: nothing starts at closing time), several joined by commas, or `closed`.
   * A day no key names is closed.
   */
  hours: z
    .record(
      z.string().regex(new RegExp(`^${DAYS}(?:-${DAYS})?(?:\\s*,\\s*${DAYS}(?:-${DAYS})?)*$`), 'expected days as mon … sun, a range mon-fri or a list mon,wed'),
      z.string().regex(new RegExp(`^(?:closed|${SPAN}(?:\\s*,\\s*${SPAN})*)$`), 'expected HH:MM-HH:MM (several joined by commas) or closed'),
    )
    .optional(),
  /** Dates the form refuses: `YYYY-MM-DD`, or `MM-DD` every year (holidays). */
  closed: z.array(z.string().regex(/^(?:\d{4}-)?\d{2}-\d{2}$/, 'expected YYYY-MM-DD, or MM-DD for every year')).default([]),
  /** A file of more closed dates, relative to the bot folder: one date a line (`#` starts a comment). */
  closedFile: z.string().min(1).optional(),
  /** No date before today, and no time today already past, on the bot's clock. */
  fromNow: z.boolean().default(false),
  /** What to say for each refusal (a reply key or text; {value}, {hours} the day's hours, and the slots); default: the slot's `invalid`. */
  say: z.strictObject({ closed: z.string().optional(), hours: z.string().optional(), past: z.string().optional() }).default({}),
});

export type CalendarConfig = z.infer<typeof calendarSchema>;
