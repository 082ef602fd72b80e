// The barber test bot's code: three chairs a day (10:00, 11:00, 14:00), Tuesday to Saturday, one customer each.
import { defineBot } from '../../../bot/index.ts';
import type { TurnContext } from '../../../engine/types.ts';
import { showDate, showTime } from '../../slots.ts';
import type { SlotVerdict, Slots } from '../../types.ts';

const CHAIRS = ['10:00', '11:00', '14:00'];
const open = (date: string) => ![0, 1].includes(new Date(`${date}T12:00:00Z`).getUTCDay());
const nextDay = (date: string) => new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

async function taken(ctx: TurnContext, date: string): Promise<string[]> {
  const rows = await ctx.sql.query<{ time: string }>('select time from barber_chairs where day = $1', [date]);
  return rows.map((r) => r.time);
}
async function free(ctx: TurnContext, date: string): Promise<string[]> {
  const busy = await taken(ctx, date);
  return CHAIRS.filter((t) => !busy.includes(t));
}
async function nextFree(ctx: TurnContext, from: string, time?: string): Promise<string | undefined> {
  let day = from;
  for (let i = 0; i < 14; i++, day = nextDay(day)) if (open(day) && (await free(ctx, day)).some((t) => !time || t === time)) return day;
  return undefined;
}
const today = (ctx: TurnContext) => ctx.now.toISOString().slice(0, 10);

export default defineBot({
  specialists: {},
  migrations: [{ id: 'barber-001', sql: 'create table if not exists barber_chairs (day text not null, time text not null, session_id text not null, primary key (day, time))' }],
  validators: {
    openDay: async ({ value, ctx }): Promise<SlotVerdict> => {
      const day = String(value);
      if (open(day)) return { ok: true };
      const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
      return { ok: false, say: 'closed', vars: { value: weekday, next: showDate((await nextFree(ctx, day))!, 'en') } };
    },
    freeChair: async ({ value, slots, ctx }): Promise<SlotVerdict> => {
      // "at 2" is the 14:00 chair: there is no chair at night or at dawn.
      const time = CHAIRS.includes(String(value)) ? String(value) : CHAIRS.find((t) => Number(t.slice(0, 2)) === Number(String(value).slice(0, 2)) + 12);
      if (!time) return { ok: false, say: 'no_chair' };
      if (typeof slots.day !== 'string') {
        const day = await nextFree(ctx, today(ctx), time);
        return { ok: true, value: time, fill: { day: day! } };
      }
      if ((await taken(ctx, slots.day)).includes(time)) return { ok: false, say: 'taken', clear: ['day'], vars: { value: time, next: showDate((await nextFree(ctx, slots.day, time))!, 'en') } };
      return { ok: true, value: time };
    },
  },
  forms: {
    chair: {
      vars: async (ctx, slots: Slots) => ({ free: typeof slots.day === 'string' ? (await free(ctx, slots.day)).map((t) => showTime(t, 'en')).join(', ') : '' }),
      async onComplete(ctx, slots) {
        const [day, time] = [String(slots.day), String(slots.time)];
        if ((await taken(ctx, day)).includes(time)) return { reopen: ['day', 'time'], reply: 'taken_meanwhile' };
        ctx.defer(async (tx) => {
          await tx.query('insert into barber_chairs (day, time, session_id) values ($1, $2, $3)', [day, time, ctx.session.id]);
        });
      },
      onUndo(ctx, slots) {
        ctx.defer(async (tx) => {
          await tx.query('delete from barber_chairs where day = $1 and time = $2 and session_id = $3', [slots.day, slots.time, ctx.session.id]);
        });
      },
    },
  },
});
