// ct-smash: triage → trial / faq in parallel → merge. The trial specialist books a trial class
// through the stages ask_date → ask_time → confirm → booked, against the weekly timetable and its capacity.
import { randomUUID } from 'node:crypto';
import { defineBot, foldDiacritics, isGreeting, WriteRejected, type Migration, type Sql, type Step, type StepResult, type TurnContext } from 'switchboard';
import {
  addDays,
  classesOn,
  formatDatePt,
  formatSlotsPt,
  formatTimePt,
  localDateTime,
  matchClassTime,
  nextAvailable,
  parseTimetable,
  slotKey,
  type BookedCounts,
  type DatedSlot,
  type Timetable,
} from './booking.ts';

export interface TrialMemory {
  stage?: 'ask_date' | 'ask_time' | 'confirm' | 'booked' | null;
  date?: string;
  time?: string;
  modality?: string;
  bookingId?: string;
  last?: string;
}

const migrations: Migration[] = [
  {
    id: 'ct-smash-001-bookings',
    sql: `
create table if not exists ct_bookings (
  id text primary key,
  session_id text not null,
  date text not null,
  time text not null,
  modality text not null,
  created_at timestamptz not null default now(),
  unique (session_id, date, time)
);
create index if not exists ct_bookings_slot on ct_bookings (date, time);
`,
  },
];

export async function bookedCounts(sql: Sql, fromDate: string, toDate: string): Promise<BookedCounts> {
  const rows = await sql.query<{ date: string; time: string; n: number }>(
    'select date, time, count(*)::int as n from ct_bookings where date between $1 and $2 group by date, time',
    [fromDate, toDate],
  );
  return Object.fromEntries(rows.map((r) => [slotKey(r.date, r.time), Number(r.n)]));
}

type Memory = { trial: TrialMemory };
type Ctx = TurnContext<unknown, Memory>;

function entity<T>(ctx: Ctx, type: string): T | undefined {
  return ctx.entities.find((e) => e.type === type)?.value as T | undefined;
}

const trial: Step<unknown, Memory> = async (ctx) => {
  const timetable: Timetable = parseTimetable(ctx.bot.settings.timetable);
  const horizon = Number(ctx.bot.settings.trial_booking_horizon_days ?? 14);
  const offerCount = Number(ctx.bot.settings.trial_offer_count ?? 3);
  const today = localDateTime(ctx.now, ctx.bot.timeZone);
  const counts = await ctx.tool('findFreeSlots', { from: today.date, days: horizon }, () => bookedCounts(ctx.sql, today.date, addDays(today.date, horizon)));
  const prev: TrialMemory = ctx.memory.trial ?? {};
  const active = prev.stage && prev.stage !== 'booked' ? prev : {};
  const date = entity<string>(ctx, 'date');
  const time = entity<string>(ctx, 'time');
  const yes = entity<boolean>(ctx, 'yesno');
  // The modality named (bot.yaml's `modality` gazetteer), if the timetable has it.
  const offered = new Set(Object.values(timetable).flatMap((day) => (day ?? []).map((s) => s.modality)));
  const modality = ctx.entities.find((e) => e.type === 'modality' && offered.has(String(e.value)))?.value as string | undefined ?? active.modality;
  const say = (key: string, vars: Record<string, string | number> = {}) => ctx.reply(`trial_${key}`, vars);
  const done = (text: string, trial: TrialMemory, ok = true) => ({ segments: [{ intent: 'trial', text, ok, data: { stage: trial.stage } }], memory: { trial } });
  const next = (exclude?: { date: string; time: string }) =>
    nextAvailable(timetable, ctx.now, counts, offerCount, { timeZone: ctx.bot.timeZone, horizonDays: horizon, modality, exclude });

  // Cancelling a booked class: the booking is removed with the turn's other writes (by id, or by its class
  // should the id be stale: a conversation holds one booking per class).
  if (CANCEL.test(fold(ctx.text)) && prev.bookingId) {
    const bookingId = prev.bookingId;
    ctx.defer((tx) =>
      tx.query('delete from ct_bookings where session_id = $2 and (id = $1 or (date = $3 and time = $4))', [bookingId, ctx.session.id, prev.date, prev.time]).then(() => undefined),
    );
    await ctx.tool('cancelBooking', { bookingId }, async () => ({ bookingId }));
    return done(say('cancelled', { data: formatDatePt(prev.date!), hora: formatTimePt(prev.time!) }), { stage: null });
  }

  // Confirmation stage: yes books, no declines; a new date or time re-plans below.
  if (active.stage === 'confirm' && !date && !time && yes !== undefined) {
    if (!yes) return done(say('declined'), { stage: null });
    const slot = classesOn(timetable, active.date!, counts).find((s) => s.time === active.time);
    // Run again because the class filled up while this booking was being written: say so, offer others.
    if (!slot || slot.free <= 0 || ctx.rejected?.code === 'class_full') {
      const offers = next({ date: active.date!, time: active.time! });
      return done(say('full', { modalidade: slot?.modality ?? '', data: formatDatePt(active.date!), hora: formatTimePt(active.time!), slots: formatSlotsPt(offers) }), { stage: 'ask_date' });
    }
    const bookingId = randomUUID();
    const booking = { id: bookingId, sessionId: ctx.session.id, date: slot.date, time: slot.time, modality: slot.modality, capacity: slot.capacity };
    const booked: TrialMemory = { stage: 'booked', date: slot.date, time: slot.time, modality: slot.modality, bookingId };
    // The state keeps the id of the row the write really kept (an earlier booking of the same class keeps its own).
    ctx.defer(async (tx) => ({ memory: { trial: { bookingId: await insertBooking(tx, booking) } } }));
    await ctx.tool('bookSlot', { date: slot.date, time: slot.time, modality: slot.modality }, async () => ({ bookingId }));
    return done(say('booked', { data: formatDatePt(slot.date), hora: formatTimePt(slot.time), modalidade: slot.modality }), booked);
  }

  const wantedDate = date ?? active.date;
  if (wantedDate && wantedDate < today.date) return done(say('past_date'), { ...active, stage: 'ask_date' });
  if (!wantedDate) {
    // A time without a day ("19h") takes the next class at that time.
    const match = time ? findNextAt(timetable, counts, ctx, time, horizon, modality) : undefined;
    if (match) return confirm(ctx, match, modality);
    return done(say('ask_date'), { stage: 'ask_date', modality });
  }

  const classes = classesOn(timetable, wantedDate, counts).filter(
    (s) => (!modality || fold(s.modality) === fold(modality)) && (wantedDate > today.date || s.time > today.time), // not the ones that already started
  );
  const free = classes.filter((s) => s.free > 0);
  if (!classes.length) {
    return done(say('no_classes', { data: formatDatePt(wantedDate), slots: formatSlotsPt(next()) }), { stage: 'ask_date', modality });
  }
  const wantedTime = time ?? (date ? undefined : active.time);
  if (!wantedTime) {
    if (!free.length) return done(say('full', { modalidade: modality ?? classes[0].modality, data: formatDatePt(wantedDate), hora: formatTimePt(classes[0].time), slots: formatSlotsPt(next()) }), { stage: 'ask_date', modality });
    return done(say('ask_time', { data: formatDatePt(wantedDate), slots: formatSlotsPt(free) }), { stage: 'ask_time', date: wantedDate, modality });
  }
  const match = matchClassTime(classes, wantedTime);
  if (!match) {
    return done(say('no_class_at_time', { hora: formatTimePt(wantedTime), data: formatDatePt(wantedDate), slots: formatSlotsPt(free) }), { stage: 'ask_time', date: wantedDate, modality });
  }
  if (match.free <= 0) {
    const offers = next({ date: match.date, time: match.time });
    return done(say('full', { modalidade: match.modality, data: formatDatePt(match.date), hora: formatTimePt(match.time), slots: formatSlotsPt(offers) }), { stage: 'ask_date', modality });
  }
  return confirm(ctx, match, modality);
};

function confirm(ctx: Ctx, slot: DatedSlot, modality?: string): StepResult<Memory> {
  const text = ctx.reply('trial_confirm', { modalidade: slot.modality, data: formatDatePt(slot.date), hora: formatTimePt(slot.time) });
  return { segments: [{ intent: 'trial', text, ok: true, data: { stage: 'confirm' } }], memory: { trial: { stage: 'confirm', date: slot.date, time: slot.time, modality: modality ?? slot.modality } } };
}

function findNextAt(timetable: Timetable, counts: BookedCounts, ctx: Ctx, time: string, horizon: number, modality?: string): DatedSlot | undefined {
  const all = nextAvailable(timetable, ctx.now, counts, 50, { timeZone: ctx.bot.timeZone, horizonDays: horizon, modality });
  return all.find((s) => s.time === time);
}

const CANCEL = /\b(cancel\w*|desmarc\w*|nao vou (mais )?poder ir|nao vou conseguir ir)\b/;

function fold(s: string): string {
  return foldDiacritics(s).toLowerCase();
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

/** general: a short friendly reply (the model's general_response when there is one). */
const general: Step<unknown, Memory> = (ctx) => {
  const t = fold(ctx.text);
  const key = isGreeting(ctx.text, ctx.bot.language, ctx.bot.greetings)
    ? 'general_greeting'
    : /\b(obrigad|valeu|brigad|agradec)/.test(t)
      ? 'general_thanks'
      : /\b(tchau|ate mais|ate logo|falou|flw|boa noite)\b/.test(t)
        ? 'general_bye'
        : 'general_fallback';
  return { segments: [{ intent: 'general', text: ctx.understanding.generalResponse || ctx.reply(key) || ctx.reply('general_fallback'), ok: true }] };
};

export default defineBot<unknown, Memory>({
  migrations,
  specialists: { trial, general },
  /** "cancela a aula" after a booking is the trial flow's business, whatever the classifier thought. */
  refineIntents: ({ text, intents, memory }) => {
    const booked = memory.trial?.bookingId;
    if (booked && CANCEL.test(fold(text)) && !intents.includes('trial')) return ['trial', ...intents.filter((i) => i !== 'general')];
    return intents;
  },
  nodeNames: { understand: 'triage', narrate: 'merge' },
});
