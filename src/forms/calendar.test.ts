// A form's calendar (hours per weekday, closed dates, "from now on") and the checks that depend on another slot
// (`dependsOn`, a calendar's time on its date), run again when that slot changes.
import { describe, expect, it } from 'vitest';
import { extractEntities } from '../nlu/index.ts';
import type { TurnContext } from '../engine/types.ts';
import { calendarSchema } from './calendar-schema.ts';
import { checkCalendar, closedDatesOf, weekHours } from './calendar.ts';
import { fill, type FillTurn } from './fill.ts';
import { formSchema } from './schema.ts';
import type { DeclaredValidator, SlotValidator } from './types.ts';

// 2026-03-09 is a Monday; noon in São Paulo.
const now = new Date('2026-03-09T12:00:00-03:00');
const at = { now, timeZone: 'America/Sao_Paulo', lang: 'pt' as const };
const calendar = calendarSchema.parse({
  date: 'dia',
  time: 'hora',
  hours: { 'mon-fri': '08:00-12:00, 13:00-18:00', sat: '08:00-12:00' },
  closed: ['04-21', '2026-04-03'],
  fromNow: true,
});

describe('a form calendar', () => {
  it('reads hours per weekday from ranges, lists and single days; a day no key names is closed', () => {
    const week = weekHours({ 'mon-wed': '09:00-17:00', 'thu,fri': '10:00-14:00', sat: 'closed' })!;
    expect(week.map((spans) => spans.length)).toEqual([0, 1, 1, 1, 1, 1, 0]);
    expect(week[4]).toEqual([['10:00', '14:00']]);
    expect(() => calendarSchema.parse({ date: 'd', hours: { weekend: '08:00-12:00' } })).toThrow();
    expect(() => calendarSchema.parse({ date: 'd', hours: { sat: '8h-12h' } })).toThrow();
  });

  it('refuses closed days, holidays (every year or one date) and past dates', () => {
    const date = (d: string) => checkCalendar(calendar, 'dia', d, {}, at).refusal;
    expect(date('2026-03-15')).toBe('closed'); // a Sunday
    expect(date('2026-04-21')).toBe('closed');
    expect(date('2027-04-21')).toBe('closed');
    expect(date('2026-04-03')).toBe('closed');
    expect(date('2027-04-03')).toBeUndefined();
    expect(date('2026-03-06')).toBe('past');
    expect(date('2026-03-09')).toBeUndefined();
    expect(date('2026-03-14')).toBeUndefined();
  });

  it("checks a time against the hours of the day the form holds, and today's clock", () => {
    const time = (t: string, dia: string) => checkCalendar(calendar, 'hora', t, { dia }, at);
    expect(time('15:00', '2026-03-14')).toEqual({ refusal: 'hours', hours: '8h às 12h' });
    expect(time('12:00', '2026-03-14').refusal).toBe('hours'); // the end is closing time
    expect(time('11:30', '2026-03-14').refusal).toBeUndefined();
    expect(time('12:30', '2026-03-10')).toEqual({ refusal: 'hours', hours: '8h às 12h e 13h às 18h' });
    expect(time('10:00', '2026-03-09').refusal).toBe('past');
    expect(time('15:00', '2026-03-09').refusal).toBeUndefined();
    // Without a day, a time is not checked against hours.
    expect(checkCalendar(calendar, 'hora', '22:00', {}, at).refusal).toBeUndefined();
  });

  it('reads closed dates from a file: the first date of each line, comments aside', () => {
    expect(closedDatesOf('# feriados\n04-21 Tiradentes\n2026-04-03\n\nnada aqui\n12-25 # Natal')).toEqual(['04-21', '2026-04-03', '12-25']);
  });
});

describe('checks that depend on another slot', () => {
  // Saturday mornings only: the validator reads the day.
  const saturdayMorning: SlotValidator = ({ value, slots }) => !(slots.dia === '2026-03-14' && String(value) >= '12:00') || 'Sábado só até 12h.';
  const form = (dependsOn: string[] = []) => formSchema.parse({ done: 'x', slots: { dia: { kind: 'date', ask: 'dia?' }, hora: { kind: 'time', ask: 'hora?', validate: { use: 'manha', dependsOn } } } });
  const turn = (f: ReturnType<typeof form>, validator: SlotValidator | DeclaredValidator, text: string): FillTurn => ({
    ctx: { now, text, bot: { timeZone: at.timeZone, entities: [], language: 'pt-BR' } } as unknown as TurnContext,
    rt: { id: 'agenda', form: f, intent: 'agenda', validators: { manha: validator } },
    lang: 'pt',
    active: true,
  });
  const run = async (f: ReturnType<typeof form>, validator: SlotValidator | DeclaredValidator) => {
    const slots = { dia: '2026-03-13', hora: '15:00' };
    const text = 'muda pro sábado';
    const out = await fill(turn(f, validator, text), slots, 'confirm', extractEntities(text, { lang: 'pt', now, timeZone: at.timeZone }));
    return { slots, changed: out.changed, rejected: out.rejected.map((r) => [r.slot, r.say]) };
  };

  it('checks a slot again when a slot its validator depends on changes (bot.yaml dependsOn)', async () => {
    expect(await run(form(['dia']), saturdayMorning)).toEqual({ slots: { dia: '2026-03-14' }, changed: ['dia'], rejected: [['hora', 'Sábado só até 12h.']] });
    // Without it the time is not checked again.
    expect((await run(form(), saturdayMorning)).slots).toEqual({ dia: '2026-03-14', hora: '15:00' });
  });

  it('takes dependsOn declared beside the validator in code', async () => {
    expect((await run(form(), { check: saturdayMorning, dependsOn: ['dia'] })).rejected).toEqual([['hora', 'Sábado só até 12h.']]);
  });
});
