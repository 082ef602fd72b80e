import { describe, expect, it } from 'vitest';
import { extractEntities } from './index.ts';
import { finder, NOW } from './test-helpers.ts';

// Buenos Aires: Wednesday 2025-01-15, 10:00.
const find = finder('es', 'America/Argentina/Buenos_Aires', [
  { type: 'sede', values: { palermo: ['Palermo', 'sede Palermo'], belgrano: ['Belgrano'] } },
]);

describe('es entities (fixed clock: Wed 2025-01-15 10:00 America/Argentina/Buenos_Aires)', () => {
  it.each([
    ['en 2 horas', { date: '2025-01-15', time: '12:00' }],
    ['dentro de una semana', { date: '2025-01-22' }],
    ['la semana que viene', { date: '2025-01-20' }],
    ['mañana por la tarde', { date: '2025-01-16', period: 'afternoon' }],
  ])('relative: %s', (text, expected) => {
    expect(find(text)).toMatchObject(expected);
  });

  it.each([
    ['mañana a las 7 de la tarde', { date: '2025-01-16', time: '19:00' }],
    ['pasado mañana', { date: '2025-01-17' }],
    ['el viernes', { date: '2025-01-17' }],
    ['hoy a las 21', { date: '2025-01-15', time: '21:00' }],
    ['a las 9 de la mañana', { time: '09:00' }],
    ['mañana por la mañana', { date: '2025-01-16' }],
    ['el día 20', { date: '2025-01-20' }],
    ['el lunes que viene', { date: '2025-01-20' }],
    ['19 hs', { time: '19:00' }],
    ['a las 20:30', { time: '20:30' }],
    ['al mediodía', { time: '12:00' }],
    ['15 de marzo', { date: '2025-03-15' }],
    ['mañana a las 19:00', { date: '2025-01-16', time: '19:00' }],
    ['el sábado a las 10 y media', { date: '2025-01-18', time: '10:30' }],
    // A weekday of next week, not the coming one.
    ['la semana que viene el jueves', { date: '2025-01-23' }],
    ['el martes de la semana que viene', { date: '2025-01-21' }],
  ])('date/time: %s', (text, expected) => {
    expect(find(text)).toMatchObject(expected);
  });

  it.each([
    ['a las nueve y media de la noche', '21:30'],
    ['a las ocho', '08:00'],
    ['a la una de la tarde', '13:00'],
    ['a las 9 y media pm', '21:30'],
    ['para las 8 pm', '20:00'],
  ])('hours in words, am/pm after the half: %s', (text, time) => {
    expect(find(text).time).toBe(time);
  });

  it('an hour in words after a cue that is also an article is a time only when nothing follows it or it says the time', () => {
    expect(find('las dos mesas de adentro').time).toBeUndefined();
    expect(find('tipo cuatro personas').time).toBeUndefined();
    expect(find('tipo cuatro de la tarde').time).toBe('16:00');
    expect(find('a las dos el viernes').time).toBe('02:00');
  });

  it('a time said on the 12-hour clock carries the hour twelve hours later as its other reading', () => {
    const time = (text: string) => extractEntities(text, { lang: 'es', now: NOW, timeZone: 'America/Argentina/Buenos_Aires' }).find((e) => e.type === 'time');
    expect(time('mejor a las 9')).toMatchObject({ value: '09:00', alt: '21:00' });
    expect(time('a las ocho y media')).toMatchObject({ value: '08:30', alt: '20:30' });
    for (const said of ['a las 9 de la mañana', 'a las 21', 'a las 09:00', 'a las 9 pm', 'al mediodía']) expect(time(said)?.alt).toBeUndefined();
  });

  it('"mañana por la mañana" has no time and "pasado mañana" is not tomorrow', () => {
    expect(find('mañana por la mañana').time).toBeUndefined();
    expect(find('pasado mañana').date).not.toBe('2025-01-16');
  });

  it.each([
    ['$15.000', { money: 15000 }],
    ['sale $1.500,50', { money: 1500.5 }],
    ['15 lucas', { money: 15000 }],
    ['2 millones de pesos', { money: 2000000 }],
    ['300 pesos', { money: 300 }],
    ['somos 4', { number: 4 }],
    ['mi puntaje es 650', { score: 650 }],
  ])('numbers: %s', (text, expected) => {
    expect(find(text)).toMatchObject(expected);
  });

  it.each([
    ['mi número es 11 4444-5555', { phone: '1144445555' }],
    ['+54 9 11 4444-5555', { phone: '+5491144445555' }],
    ['mi mail es juan@empresa.com.ar', { email: 'juan@empresa.com.ar' }],
  ])('contacts: %s', (text, expected) => {
    expect(find(text)).toMatchObject(expected);
  });

  it.each([
    ['sí', true],
    ['si', true],
    ['dale', true],
    ['de una', true],
    ['claro', true],
    ['no', false],
    ['no, gracias', false],
    ['nop', false],
    // informal yes at a confirmation
    ['mandale', true],
    ['hagámoslo', true],
    ['adelante', true],
  ])('yes/no: %s', (text, value) => {
    expect(find(text).yesno).toBe(value);
  });

  it.each(['no me llegó el pedido', '¿sí tienen envíos a Córdoba?'])('no yes/no in: %s', (text) => {
    expect(find(text).yesno).toBeUndefined();
  });

  it('names and gazetteers', () => {
    expect(find('me llamo Juan Pérez')).toMatchObject({ person: 'Juan Pérez' });
    expect(find('su nombre es Tomasito')).toMatchObject({ person: 'Tomasito' });
    expect(find('hola, soy Martina de Acme')).toMatchObject({ person: 'Martina', company: 'Acme' });
    expect(find('soy nuevo acá').person).toBeUndefined();
    // The name a booking is under, lowercase too; never a possessive.
    expect(find('una mesa para 4 a nombre de Carlos Pérez')).toMatchObject({ person: 'Carlos Pérez' });
    expect(find('resérvala a nombre de juan lopez para mañana')).toMatchObject({ person: 'juan lopez' });
    expect(find('a nombre de mi esposo').person).toBeUndefined();
    expect(find('voy a la sede palermo')).toMatchObject({ sede: 'palermo' });
  });
});

describe('a time whose number a unit of the bot follows', () => {
  const patterns = [{ type: 'ambientes', number: { after: ['ambientes', 'amb'], before: [], within: 0, notWithin: [], notBefore: [], notAfter: [], min: 1, max: 8, integer: true, words: true, counts: false } }];
  const read = (text: string) => extractEntities(text, { lang: 'es', now: NOW, timeZone: 'America/Argentina/Buenos_Aires', patterns: patterns as never });
  it('is that number, not a time ("de 2 ambientes")', () => {
    const entities = read('busco depto de 2 ambientes en Palermo');
    expect(entities.find((e) => e.type === 'ambientes')?.value).toBe(2);
    expect(entities.find((e) => e.type === 'time')).toBeUndefined();
  });
  it('leaves a time without the unit alone', () => {
    expect(read('el jueves a las 2, somos 2').find((e) => e.type === 'time')).toBeDefined();
  });
});
