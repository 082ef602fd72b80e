import { describe, expect, it } from 'vitest';
import { finder } from './test-helpers.ts';

// São Paulo: Wednesday 2025-01-15, 10:00.
const find = finder('pt', 'America/Sao_Paulo', [
  { type: 'course', values: { direito: ['Direito', 'ciências jurídicas'], medicina: ['Medicina', 'med'] } },
]);

describe('pt entities (fixed clock: Wed 2025-01-15 10:00 America/Sao_Paulo)', () => {
  it('hours in words: after a cue, and after "as" only when nothing follows or the time is said', () => {
    expect(find('pode ser às duas').time).toBe('02:00');
    expect(find('às oito da noite').time).toBe('20:00');
    expect(find('pelas sete e meia').time).toBe('07:30');
    expect(find('as duas pizzas grandes').time).toBeUndefined();
  });

  it.each([
    ['amanhã às 19h', { date: '2025-01-16', time: '19:00', datetime: '2025-01-16T19:00' }],
    ['sexta', { date: '2025-01-17' }],
    ['sexta-feira 19:00', { date: '2025-01-17', time: '19:00' }],
    ['dia 12', { date: '2025-02-12' }],
    ['dia 25 às 20h30', { date: '2025-01-25', time: '20:30' }],
    ['19h', { time: '19:00' }],
    ['19:00', { time: '19:00' }],
    ['às 7 da noite', { time: '19:00' }],
    ['hoje às 15h30', { date: '2025-01-15', time: '15:30' }],
    ['depois de amanhã às 9 da manhã', { date: '2025-01-17', time: '09:00' }],
    ['sábado às 10', { date: '2025-01-18', time: '10:00' }],
    ['próxima segunda', { date: '2025-01-20' }],
    ['ao meio-dia', { time: '12:00' }],
    ['às 8 e meia', { time: '08:30' }],
    ['25/12', { date: '2025-12-25' }],
    ['10 de fevereiro', { date: '2025-02-10' }],
    ['amanha as 19h', { date: '2025-01-16', time: '19:00' }],
    ['quarta', { date: '2025-01-15' }],
    // A weekday of next week: "semana que vem na terça" is not tomorrow's Tuesday; "q vem" is "que vem".
    ['semana q vem na terca pode ser?', { date: '2025-01-21' }],
    ['na semana que vem, na sexta às 19h', { date: '2025-01-24', time: '19:00' }],
    ['próxima semana na quinta', { date: '2025-01-23' }],
    ['segunda q vem as 20h', { date: '2025-01-20', time: '20:00' }],
    ['sexta da semana q vem', { date: '2025-01-24' }],
    ['semana q vem', { date: '2025-01-20' }],
  ])('date/time: %s', (text, expected) => {
    expect(find(text)).toMatchObject(expected);
  });

  it.each([
    // Amounts of time from now (Wed 10:00): hours and minutes are an instant, not "2 o'clock".
    ['daqui a 2 horas', { date: '2025-01-15', time: '12:00', datetime: '2025-01-15T12:00' }],
    ['me lembra daqui a meia hora', { time: '10:30' }],
    ['em 3 dias', { date: '2025-01-18' }],
    ['dentro de duas semanas', { date: '2025-01-29' }],
    ['daqui a um mês', { date: '2025-02-15' }],
    ['semana que vem', { date: '2025-01-20' }],
    // A period without an hour is its own entity; with an hour it only sets the hour.
    ['amanhã de manhã', { date: '2025-01-16', period: 'morning' }],
    ['hoje à noite', { date: '2025-01-15', period: 'night' }],
  ])('relative: %s', (text, expected) => {
    expect(find(text)).toMatchObject(expected);
  });

  it('a period inside a time is not a period entity, and "2 horas" alone stays a time', () => {
    expect(find('amanhã às 3 da tarde')).not.toHaveProperty('period');
    expect(find('às 2 horas')).toMatchObject({ time: '02:00' });
  });

  it.each([
    ['R$ 150', { money: 150 }],
    ['custa R$ 1.500,50?', { money: 1500.5 }],
    ['uns 500k', { money: 500000 }],
    ['5 mil reais', { money: 5000 }],
    ['200 reais', { money: 200 }],
    ['tirei 700 no enem', { score: 700 }],
    ['nota 650', { score: 650 }],
    ['quero 2 aulas', { number: 2 }],
    ['somos três', { number: 3 }],
  ])('numbers: %s', (text, expected) => {
    expect(find(text)).toMatchObject(expected);
  });

  it.each([
    ['meu zap é (11) 98888-7777', { phone: '11988887777' }],
    ['11 98888-7777', { phone: '11988887777' }],
    ['+55 11 98888-7777', { phone: '+5511988887777' }],
    ['meu email é Joao.Silva@gmail.com', { email: 'joao.silva@gmail.com' }],
  ])('contacts: %s', (text, expected) => {
    expect(find(text)).toMatchObject(expected);
  });

  it.each([
    ['sim', true],
    ['Sim!', true],
    ['pode ser', true],
    ['claro', true],
    ['isso', true],
    ['s', true],
    ['não', false],
    ['nao, obrigado', false],
    ['sim, e onde fica?', true],
    // informal yes at a confirmation
    ['manda bala', true],
    ['demorou!', true],
    ['vamos nessa', true],
  ])('yes/no: %s', (text, value) => {
    expect(find(text).yesno).toBe(value);
  });

  it.each(['não recebi meu pedido', 'isso é caro demais', 'pode ser amanhã de manhã?'])('no yes/no inside a sentence: %s', (text) => {
    expect(find(text).yesno).toBeUndefined();
  });

  it('names after cue words', () => {
    expect(find('me chamo Ana Paula')).toMatchObject({ person: 'Ana Paula' });
    expect(find('meu nome é joão')).toMatchObject({ person: 'joão' });
    // Someone else's name (a child's, a pet's) after its own cue.
    expect(find('o nome dela é Jabuticaba')).toMatchObject({ person: 'Jabuticaba' });
    expect(find('oi, eh a Mariana aqui, tenho 17')).toMatchObject({ person: 'Mariana' }); // "é" typed as "eh"
    expect(find('oi, sou o Lennon da Acme')).toMatchObject({ person: 'Lennon', company: 'Acme' });
    expect(find('o Lennon da Acme')).toMatchObject({ person: 'Lennon', company: 'Acme' });
    expect(find('me chamo Maria da Silva')).toMatchObject({ person: 'Maria da Silva' });
    expect(find('sou cliente novo').person).toBeUndefined();
  });

  it('gazetteer matches ignore accents and case, longest first', () => {
    expect(find('quero fazer ciencias juridicas')).toMatchObject({ course: 'direito' });
    expect(find('penso em MEDICINA')).toMatchObject({ course: 'medicina' });
  });
});
