import { describe, expect, it } from 'vitest';
import { wallTimeToUtc } from './clock.ts';
import { cutSpans, deadlineFrom, formatDateTime, readDeadline } from './deadline.ts';

const TZ = 'America/Sao_Paulo';
// Thursday 15 May 2025, 09:00 in São Paulo (UTC-3).
const now = new Date('2025-05-15T12:00:00Z');
const pt = { lang: 'pt' as const, now, timeZone: TZ };
const parsePtDateTime = (text: string) => readDeadline(text, pt);
const parseDeadline = (value: unknown) => deadlineFrom(value, pt);
const at = (text: string) => {
  const r = parsePtDateTime(text);
  return r ? formatDateTime(r.date, TZ) : null;
};

describe('readDeadline (pt)', () => {
  it('reads relative days with times', () => {
    expect(at('ligar pra ele amanhã às 10h')).toBe('16/05/2025 10:00');
    expect(at('amanhã às 19:30')).toBe('16/05/2025 19:30');
    expect(at('depois de amanhã 14h')).toBe('17/05/2025 14:00');
    expect(at('hoje às 17h')).toBe('15/05/2025 17:00');
    expect(at('amanha de manha')).toBe('16/05/2025 09:00');
    expect(at('amanhã às 3 da tarde')).toBe('16/05/2025 15:00');
    expect(at('amanha depois do almoço')).toBe('16/05/2025 14:00'); // after lunch is the afternoon
  });

  it('reads weekdays as the next such day', () => {
    expect(at('sexta às 10h')).toBe('16/05/2025 10:00');
    expect(at('na segunda-feira às 9h30')).toBe('19/05/2025 09:30');
    expect(at('quinta que vem')).toBe('22/05/2025 09:00'); // today is Thursday → next week
  });

  it('reads day-of-month and explicit dates', () => {
    expect(at('dia 20 às 14h')).toBe('20/05/2025 14:00');
    expect(at('até dia 3')).toBe('03/06/2025 09:00'); // the 3rd has passed this month
    expect(at('15/06 às 8h')).toBe('15/06/2025 08:00');
    expect(at('10/01')).toBe('10/01/2026 09:00');
    expect(at('25 de dezembro às 20h')).toBe('25/12/2025 20:00');
  });

  it('reads a time alone as today, or tomorrow once it has passed', () => {
    expect(at('às 10h')).toBe('15/05/2025 10:00');
    expect(at('às 8h')).toBe('16/05/2025 08:00');
  });

  it('reads relative amounts', () => {
    expect(at('daqui a 2 horas')).toBe('15/05/2025 11:00');
    expect(at('em 3 dias')).toBe('18/05/2025 09:00');
  });

  it('returns the spans so a title can be cut, and null without a date', () => {
    const r = parsePtDateTime('ligar pra ele amanhã às 10h')!;
    const text = 'ligar pra ele amanhã às 10h';
    expect(r.spans.map(([s, e]) => text.slice(s, e).trim())).toEqual(['amanhã', 'às 10h']);
    expect(parsePtDateTime('ligar para o cliente')).toBeNull();
    expect(parsePtDateTime('telefone 11 98888-7777')).toBeNull();
  });
});

describe('wallTimeToUtc / deadlineFrom', () => {
  it('converts wall time in a zone to the instant', () => {
    expect(wallTimeToUtc(2025, 5, 16, 10, 0, TZ).toISOString()).toBe('2025-05-16T13:00:00.000Z');
    expect(wallTimeToUtc(2025, 7, 1, 10, 0, 'Europe/Lisbon').toISOString()).toBe('2025-07-01T09:00:00.000Z'); // summer time
  });

  it('accepts ISO with offset, ISO wall time and Portuguese text', () => {
    expect(parseDeadline('2025-05-16T13:00:00Z')?.toISOString()).toBe('2025-05-16T13:00:00.000Z');
    expect(parseDeadline('2025-05-16T10:00')?.toISOString()).toBe('2025-05-16T13:00:00.000Z');
    expect(parseDeadline('amanhã às 10h')?.toISOString()).toBe('2025-05-16T13:00:00.000Z');
    expect(parseDeadline('sem data')).toBeNull();
  });
});

describe('readDeadline in other languages, cutSpans', () => {
  it('reads es and en deadlines with their lead-in words', () => {
    const es = readDeadline('llamar a Ana mañana a las 10', { lang: 'es', now, timeZone: TZ });
    expect(es && formatDateTime(es.date, TZ)).toBe('16/05/2025 10:00');
    const text = 'send the contract by Friday';
    const en = readDeadline(text, { lang: 'en', now, timeZone: TZ, defaultHour: 17 })!;
    expect(formatDateTime(en.date, TZ)).toBe('16/05/2025 17:00');
    expect(cutSpans(text, en.spans).trim()).toBe('send the contract');
  });
});
