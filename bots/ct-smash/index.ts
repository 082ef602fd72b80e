// ct-smash: triage → trial / faq in parallel → merge. The trial booking is bot.yaml's `trial` form (day, time,
// confirmation, cancel); this code adds what only the gym knows: which classes a day has and their free trial
// places (the form's validators and its {slots} list), the booking write with its capacity check, and undoing it;
// the bookings' table is bot.yaml `records.ct_bookings`.
import { randomUUID } from 'node:crypto';
import {
  defineBot,
  fold,
  showDate,
  showTime,
  WriteRejected,
  type FormCompletion,
  type FormState,
  type Slots,
  type SlotVerdict,
  type Sql,
  type TurnContext,
} from 'switchboard';
import { addDays, classesOn, formatSlotsPt, localDateTime, matchClassTime, nextAvailable, parseTimetable, slotKey, type BookedCounts, type DatedSlot, type Timetable } from './booking.ts';

/** The trial form's state, plus the id of the booking its completion wrote. */
export type TrialMemory = FormState & { bookingId?: string };
type Memory = { trial: TrialMemory };

export async function bookedCounts(sql: Sql, fromDate: string, toDate: string): Promise<BookedCounts> {
  const rows = await sql.query<{ date: string; time: string; n: number }>(
    'select date, time, count(*)::int as n from ct_bookings where date between $1 and $2 group by date, time',
    [fromDate, toDate],
  );
  return Object.fromEntries(rows.map((r) => [slotKey(r.date, r.time), Number(r.n)]));
}

/** What a turn knows of the timetable: the classes, today's wall clock, trial bookings per class, the settings. */
interface Classes {
  timetable: Timetable;
  today: { date: string; time: string };
  counts: BookedCounts;
  horizon: number;
  offerCount: number;
}

// Read once per turn: the validators, the {slots} list and the completion of one turn share it.
const perTurn = new WeakMap<TurnContext, Promise<Classes>>();

function classesFor(ctx: TurnContext): Promise<Classes> {
  let found = perTurn.get(ctx);
  if (!found) {
    found = (async () => {
      const timetable = parseTimetable(ctx.bot.settings.timetable);
      const horizon = Number(ctx.bot.settings.trial_booking_horizon_days ?? 14);
      const offerCount = Number(ctx.bot.settings.trial_offer_count ?? 3);
      const today = localDateTime(ctx.now, ctx.bot.timeZone);
      const counts = await ctx.tool('findFreeSlots', { from: today.date, days: horizon }, () => bookedCounts(ctx.sql, today.date, addDays(today.date, horizon)));
      return { timetable, today, counts, horizon, offerCount };
    })();
    perTurn.set(ctx, found);
  }
  return found;
}

const modalityOf = (slots: Slots) => (typeof slots.modalidade === 'string' ? slots.modalidade : undefined);
const same = (a: string, b: string) => fold(a) === fold(b);

/** A day's classes a customer can still take: of the modality asked for, not the ones that already started. */
function dayClasses(c: Classes, date: string, modality?: string): DatedSlot[] {
  return classesOn(c.timetable, date, c.counts).filter((s) => (!modality || same(s.modality, modality)) && (date > c.today.date || s.time > c.today.time));
}

/** The next classes with a free place, as the {slots} list. */
function offers(ctx: TurnContext, c: Classes, modality?: string, exclude?: { date: string; time: string }): string {
  return formatSlotsPt(nextAvailable(c.timetable, ctx.now, c.counts, c.offerCount, { timeZone: ctx.bot.timeZone, horizonDays: c.horizon, modality, exclude }));
}

/** The day: it must have classes with a free place; a time chosen before stays if that day has its class. */
async function classDay({ value, slots, ctx }: { value: unknown; slots: Slots; ctx: TurnContext }): Promise<SlotVerdict> {
  const c = await classesFor(ctx);
  const date = String(value);
  const modality = modalityOf(slots);
  const day = dayClasses(c, date, modality);
  if (!day.length) {
    // Today's classes are over, or the day has none (of that modality).
    const over = date === c.today.date && dayClasses({ ...c, today: { date: c.today.date, time: '' } }, date, modality).length > 0;
    return { ok: false, say: over ? 'trial_day_over' : 'trial_no_classes', vars: { slots: offers(ctx, c, modality) } };
  }
  const free = day.filter((s) => s.free > 0);
  if (!free.length) {
    return { ok: false, say: 'trial_full', vars: { modalidade: modality ?? day[0].modality, data: showDate(date, 'pt'), hora: showTime(day[0].time, 'pt'), slots: offers(ctx, c, modality) } };
  }
  if (typeof slots.hora !== 'string') return { ok: true };
  const match = matchClassTime(free, slots.hora);
  return match ? { ok: true, fill: { hora: match.time, modalidade: match.modality } } : { ok: true, clear: ['hora'] };
}

/**
 * The time: the day's class at that time ("às 7" is the 19h class when the day has no 7h one), which sets the
 * modality; without a day yet, the next class at that time sets the day.
 */
async function classTime({ value, slots, ctx }: { value: unknown; slots: Slots; ctx: TurnContext }): Promise<SlotVerdict> {
  const c = await classesFor(ctx);
  const time = String(value);
  const modality = modalityOf(slots);
  if (typeof slots.data !== 'string') {
    const next = nextAvailable(c.timetable, ctx.now, c.counts, 50, { timeZone: ctx.bot.timeZone, horizonDays: c.horizon, modality }).find((s) => s.time === time);
    return next ? { ok: true, fill: { data: next.date, modalidade: next.modality } } : { ok: true };
  }
  const day = dayClasses(c, slots.data, modality);
  let match = matchClassTime(day, time);
  // A new time for a class already chosen whose modality came with it (or was the same): that day's class at the
  // new time, whatever its modality ("10h" set Jiu-Jitsu; "muda pra 9" is the 9h Funcional). The confirmation
  // names the modality, so a customer who wanted the old one can say no.
  if (!match && modality && typeof slots.hora === 'string' && day.some((s) => s.time === slots.hora)) match = matchClassTime(dayClasses(c, slots.data), time);
  if (!match) return { ok: false, say: 'trial_no_class_at_time' };
  if (match.free <= 0) {
    // Full: the customer chooses again among the next classes with room.
    return { ok: false, say: 'trial_full', vars: { modalidade: match.modality, hora: showTime(match.time, 'pt'), slots: offers(ctx, c, modality, match) }, clear: ['data'] };
  }
  return { ok: true, value: match.time, fill: { modalidade: match.modality } };
}

/**
 * Inside the turn's transaction: re-check capacity under a per-class lock, then book. Returns the id of the
 * conversation's booking of that class (the existing one when it was booked before). A class that filled up
 * meanwhile is a declared outcome (`class_full`): the turn runs again and offers other classes.
 */
export async function insertBooking(tx: Sql, b: { id: string; sessionId: string; date: string; time: string; modality: string; capacity: number }): Promise<string> {
  await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`ct-smash:${b.date}T${b.time}`]);
  const [mine] = await tx.query<{ id: string }>('select id from ct_bookings where session_id = $1 and date = $2 and time = $3', [b.sessionId, b.date, b.time]);
  if (mine) return mine.id;
  const [{ n }] = await tx.query<{ n: number }>('select count(*)::int as n from ct_bookings where date = $1 and time = $2', [b.date, b.time]);
  if (Number(n) >= b.capacity) throw new WriteRejected('class_full', `class ${b.date} ${b.time} filled up while booking`, { date: b.date, time: b.time });
  const [row] = await tx.query<{ id: string }>(
    `insert into ct_bookings (id, session_id, date, time, modality) values ($1, $2, $3, $4, $5)
     returning id`,
    [b.id, b.sessionId, b.date, b.time, b.modality],
  );
  return row.id;
}

export default defineBot<unknown, Memory>({
  // `general` (the fallback) is the runtime's: the model's general_response, else replies.general_fallback.
  specialists: {},
  validators: { classDay, classTime },
  forms: {
    trial: {
      /** {slots}: the free classes of the chosen day, or the next ones. */
      vars: async (ctx, slots) => {
        const c = await classesFor(ctx);
        const modality = modalityOf(slots);
        return { slots: typeof slots.data === 'string' ? formatSlotsPt(dayClasses(c, slots.data, modality).filter((s) => s.free > 0)) : offers(ctx, c, modality) };
      },
      async onComplete(ctx, slots): Promise<FormCompletion> {
        const c = await classesFor(ctx);
        const date = String(slots.data);
        const time = String(slots.hora);
        const slot = classesOn(c.timetable, date, c.counts).find((s) => s.time === time);
        // Full since it was offered, or filled up while this booking was being written (the turn runs again):
        // say so and offer other classes.
        if (!slot || slot.free <= 0 || ctx.rejected?.code === 'class_full') {
          return { reopen: ['data', 'hora'], reply: 'trial_full', vars: { modalidade: slot?.modality ?? '', slots: offers(ctx, c, modalityOf(slots), { date, time }) } };
        }
        const booking = { id: randomUUID(), sessionId: ctx.session.id, date, time, modality: slot.modality, capacity: slot.capacity };
        // The state keeps the id of the row the write really kept (an earlier booking of the same class keeps its own).
        ctx.defer(async (tx) => ({ memory: { trial: { bookingId: await insertBooking(tx, booking) } } }));
        await ctx.tool('bookSlot', { date, time, modality: slot.modality }, async () => ({ bookingId: booking.id }));
        return { vars: { modalidade: slot.modality } };
      },
      // The booking is removed with the turn's other writes (by id, or by its class should the id be stale:
      // a conversation holds one booking per class).
      async onUndo(ctx, slots) {
        const bookingId = ctx.memory.trial?.bookingId ?? '';
        ctx.defer((tx) => tx.query('delete from ct_bookings where session_id = $2 and (id = $1 or (date = $3 and time = $4))', [bookingId, ctx.session.id, slots.data, slots.hora]).then(() => undefined));
        await ctx.tool('cancelBooking', { bookingId }, async () => ({ bookingId }));
      },
    },
  },
  nodeNames: { understand: 'triage', narrate: 'merge' },
});
