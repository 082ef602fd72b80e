import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/support/server.ts';
import { cancels, isOtherSlotsValue } from './engine.ts';
import { bareName, showDate, showTime, showValue, withinRules } from './slots.ts';
import { formSchema, slotSchema } from './schema.ts';
import { isOnlyCancel } from './context.ts';
import { carriedFromOtherClauses, fromEntities } from './from-entities.ts';
import { extractEntities, type Language } from '../nlu/index.ts';

describe('slot readers', () => {
  it('takes a bare name, with or without a cue, and refuses sentences', () => {
    expect(bareName('maria silva')).toBe('Maria Silva');
    expect(bareName('Sou a Ana Paula da Costa.')).toBe('Ana Paula da Costa');
    expect(bareName('me llamo juan pérez')).toBe('Juan Pérez');
    // The name a booking is under.
    expect(bareName('a nombre de Pablo')).toBe('Pablo');
    expect(bareName('em nome de ana souza')).toBe('Ana Souza');
    expect(bareName('under the name of Smith')).toBe('Smith');
    expect(bareName('quero marcar às 10h')).toBeUndefined();
    expect(bareName('não sei, talvez amanhã ou depois disso tudo')).toBeUndefined();
    // Laughter and interjections are no name.
    for (const text of ['lol', 'kkkk', 'jajaja', 'hahaha', 'hmm', 'Haha']) expect(bareName(text)).toBeUndefined();
    expect(bareName('Lola')).toBe('Lola');
    expect(bareName('Hà')).toBe('Hà');
    // Vietnamese teencode pronouns before the name.
    expect(bareName('tên c là Phương')).toBe('Phương');
    expect(bareName('mik tên Lan Anh')).toBe('Lan Anh');
  });

  it("reads a name after a third-person cue (someone else's name: a pet's, a child's)", () => {
    expect(bareName('o nome dela é Mel')).toBe('Mel');
    expect(bareName('ele se chama Fred Augusto')).toBe('Fred Augusto');
    expect(bareName('se llama Canela')).toBe('Canela');
    expect(bareName('her name is daisy')).toBe('Daisy');
    // "it's"/"I'm" typed without the apostrophe.
    expect(bareName('its Dan')).toBe('Dan');
    expect(bareName('im Sarah Lee')).toBe('Sarah Lee');
    expect(bareName('o nome dele é muito difícil de escrever, depois eu te mando')).toBeUndefined();
  });

  it('does not take a message that gives another slot its value as the name being asked', () => {
    const slots = { dono: { kind: 'name' }, tamanho: { kind: 'tamanho' }, dia: { kind: 'date' } };
    const size = { type: 'tamanho', value: 'médio', text: 'tamanho médio' };
    expect(isOtherSlotsValue('Tamanho médio!', [size], slots, 'dono')).toBe(true);
    expect(isOtherSlotsValue('quinta', [{ type: 'date', value: '2026-03-12', text: 'quinta' }], slots, 'dono')).toBe(true);
    expect(isOtherSlotsValue('Acho que é tamanho médio', [size], slots, 'dono')).toBe(true);
    expect(isOtherSlotsValue('a Mel, tamanho médio', [size], slots, 'dono')).toBe(false);
    // A capitalised word beside the value, or a type no other slot reads: still possibly a name.
    expect(isOtherSlotsValue('Médio Rocha', [{ ...size, text: 'Médio' }], slots, 'dono')).toBe(false);
    expect(isOtherSlotsValue('Vitória', [{ type: 'cidade', value: 'vitoria', text: 'Vitória' }], slots, 'dono')).toBe(false);
  });

  it('reads a bare hour as a correction of the time when no other slot takes a number', () => {
    const form = (extra: object) => formSchema.parse({ done: 'x', slots: { name: { kind: 'name', ask: 'x' }, day: { kind: 'date', ask: 'x' }, time: { kind: 'time', ask: 'x' }, ...extra } });
    const filled = { name: 'Sarah', day: '2026-03-13', time: '10:00' };
    const read = (f: ReturnType<typeof form>, text: string, lang: Language, pending = 'confirm', slots: Record<string, string> = filled) => {
      const alts = new Map();
      const values = fromEntities(f, { text, declared: [], lang }, slots, pending, extractEntities(text, { lang, now: new Date('2026-03-10T17:00:00Z'), timeZone: 'UTC' }), alts);
      return { values: Object.fromEntries(values), alts: Object.fromEntries(alts) };
    };
    expect(read(form({}), 'actually make it 3', 'en')).toEqual({ values: { time: '03:00' }, alts: { time: '15:00' } });
    expect(read(form({}), 'mejor a las 4', 'es')).toEqual({ values: { time: '04:00' }, alts: { time: '16:00' } });
    expect(read(form({}), 'đổi sang 5 nha', 'vi').values.time).toBe('05:00');
    expect(read(form({}), 'No, the time is wrong. 11 please', 'en').values).toEqual({ time: '11:00' });
    expect(read(form({}), 'I have had this bike for about 3 years', 'en').values).toEqual({});
    // Not before a time was given, not while the day is asked, not in a form that counts people, not an hour past 23.
    expect(read(form({}), 'make it 3', 'en', 'name', { day: '2026-03-13' }).values).toEqual({});
    expect(read(form({}), '3', 'en', 'day').values).toEqual({});
    expect(read(form({ people: { kind: 'number', ask: 'x' } }), 'make it 3', 'en').values).toEqual({ people: 3 });
    expect(read(form({}), 'make it 30', 'en').values).toEqual({});
  });

  it('reads a capitalised name beside the values of other slots while the name is asked', () => {
    const f = formSchema.parse({ done: 'x', slots: { ten: { kind: 'name', ask: 'x' }, sdt: { kind: 'phone', ask: 'x' }, ngay: { kind: 'date', ask: 'x' } } });
    const read = (text: string, lang: Language) => Object.fromEntries(fromEntities(f, { text, declared: [], lang }, {}, 'ten', extractEntities(text, { lang, now: new Date('2026-03-10T03:00:00Z'), timeZone: 'UTC' })));
    expect(read('Lan Anh 0909111222', 'vi')).toEqual({ ten: 'Lan Anh', sdt: '0909111222' });
    expect(read('Tom, tomorrow', 'en')).toEqual({ ten: 'Tom', ngay: '2026-03-11' });
    expect(read('sđt 0909111222', 'vi')).toEqual({ sdt: '0909111222' });
  });

  it('asks which day for a span of days rather than take its first day', () => {
    const f = formSchema.parse({ done: 'x', slots: { name: { kind: 'name', ask: 'x' }, day: { kind: 'date', ask: 'x' }, time: { kind: 'time', ask: 'x' } } });
    const read = (text: string, lang: Language) => Object.fromEntries(fromEntities(f, { text, declared: [], lang }, { name: 'Ana' }, 'day', extractEntities(text, { lang, now: new Date('2026-03-10T17:00:00Z'), timeZone: 'UTC' })));
    expect(read('any day next week is fine', 'en')).toEqual({});
    expect(read('pode ser na semana que vem às 15h', 'pt')).toEqual({ time: '15:00' });
    expect(read('el mes que viene', 'es')).toEqual({});
    // A day of that week is a day.
    expect(read('thursday next week', 'en')).toEqual({ day: '2026-03-19' });
    expect(read('sexta da semana que vem', 'pt')).toEqual({ day: '2026-03-20' });
    // The entity still carries the span's first day for readers that need a date (a deadline).
    expect(extractEntities('next week', { lang: 'en', now: new Date('2026-03-10T17:00:00Z'), timeZone: 'UTC' })).toMatchObject([{ type: 'date', value: '2026-03-16', vague: true }]);
  });

  it('takes a name said alone while a date, time or phone is asked, when the name slot is empty', () => {
    const f = formSchema.parse({ done: 'x', slots: { ten: { kind: 'name', ask: 'x' }, dv: { kind: 'dich_vu', ask: 'x' }, gio: { kind: 'time', ask: 'x' } } });
    const read = (text: string, slots: Record<string, string>, pending: string) =>
      Object.fromEntries(fromEntities(f, { text, declared: [], lang: 'vi' }, slots, pending, extractEntities(text, { lang: 'vi', now: new Date('2026-03-10T03:00:00Z'), timeZone: 'UTC' })));
    expect(read('Thảo My', { dv: 'sơn gel' }, 'gio')).toEqual({ ten: 'Thảo My' });
    expect(read('mình tên Khánh', { dv: 'sơn gel' }, 'gio')).toEqual({ ten: 'Khánh' });
    // Not once the name is known, not a lowercase word, not while a slot that may take a capitalised word is asked.
    expect(read('Thảo My', { dv: 'sơn gel', ten: 'Lan' }, 'gio')).toEqual({});
    expect(read('ok', { dv: 'sơn gel' }, 'gio')).toEqual({});
    expect(read('Thảo My', {}, 'dv')).toEqual({});
  });

  it('carries a thing named in another intent\'s clause into an empty slot of the form', () => {
    const f = formSchema.parse({ done: 'x', slots: { service: { kind: 'service', ask: 'x' }, day: { kind: 'date', ask: 'x' } } });
    const wash = { type: 'service', value: 'wash', text: 'wash' };
    const friday = { type: 'date', value: '2026-03-13', text: 'friday' };
    expect(carriedFromOtherClauses(f, {}, [friday], [wash, friday])).toEqual([friday, wash]);
    // Not over the form's own, not when the message names two, not into a filled slot, not dates.
    const trim = { type: 'service', value: 'trim', text: 'trim' };
    expect(carriedFromOtherClauses(f, {}, [trim, friday], [wash, trim, friday])).toEqual([trim, friday]);
    expect(carriedFromOtherClauses(f, {}, [friday], [wash, trim, friday])).toEqual([friday]);
    expect(carriedFromOtherClauses(f, { service: 'trim' }, [friday], [wash, friday])).toEqual([friday]);
    expect(carriedFromOtherClauses(f, {}, [wash], [wash, friday])).toEqual([wash]);
  });

  it("carries the time of the form's day said in another clause of an opening message", () => {
    const f = formSchema.parse({ done: 'x', slots: { service: { kind: 'service', ask: 'x' }, day: { kind: 'date', ask: 'x' }, time: { kind: 'time', ask: 'x' } } });
    const wash = { type: 'service', value: 'wash', text: 'wash' };
    const saturday = { type: 'date', value: '2026-03-14', text: 'sábado' };
    const ten = { type: 'time', value: '10:00', text: 'às 10h' };
    expect(carriedFromOtherClauses(f, {}, [wash, saturday], [wash, saturday, ten])).toEqual([wash, saturday, ten]);
    expect(carriedFromOtherClauses(f, {}, [wash, ten], [wash, saturday, ten])).toEqual([wash, ten, saturday]);
    // Not without the other half in the form's clauses, not when the time is known, not when two times are said.
    expect(carriedFromOtherClauses(f, {}, [wash], [wash, saturday, ten])).toEqual([wash]);
    expect(carriedFromOtherClauses(f, { time: '09:00' }, [wash, saturday], [wash, saturday, ten])).toEqual([wash, saturday]);
    expect(carriedFromOtherClauses(f, {}, [wash, saturday], [wash, saturday, ten, { ...ten, value: '15:00' }])).toEqual([wash, saturday]);
  });

  it('does not take a value a negation denies when the message gives another', () => {
    const f = formSchema.parse({ done: 'x', slots: { ngay: { kind: 'date', ask: 'x' }, gio: { kind: 'time', ask: 'x' } } });
    const read = (text: string, lang: Language, pending = 'gio') => Object.fromEntries(fromEntities(f, { text, declared: [], lang }, { ngay: '2026-03-10' }, pending, extractEntities(text, { lang, now: new Date('2026-03-10T03:00:00Z'), timeZone: 'UTC' })));
    expect(read('ko phải 8h, 7h nha e', 'vi')).toEqual({ gio: '07:00' });
    expect(read('không phải thứ 6, thứ 7 nha', 'vi', 'ngay')).toEqual({ ngay: '2026-03-14' });
    expect(read('not at 4, at 5', 'en')).toEqual({ gio: '05:00' });
    expect(read('em vez de sexta, sábado', 'pt', 'ngay')).toEqual({ ngay: '2026-03-14' });
    // A negation without another value keeps what the message says ("not before 4" is still 4).
    expect(read('not before 4pm', 'en')).toEqual({ gio: '16:00' });
  });

  it('checks options and ranges per kind', () => {
    const slot = (kind: string, validate: object) => slotSchema.parse({ kind, ask: 'x', validate });
    const at = { today: '2026-03-09' };
    expect(withinRules(slot('time', { min: '08:00', max: '18:00' }), '18:00', at)).toBe(true);
    expect(withinRules(slot('time', { min: '08:00', max: '18:00' }), '21:00', at)).toBe(false);
    expect(withinRules(slot('date', { min: 'today', max: '+7d' }), '2026-03-08', at)).toBe(false);
    expect(withinRules(slot('date', { min: 'today', max: '+7d' }), '2026-03-16', at)).toBe(true);
    expect(withinRules(slot('date', { min: 'today', max: '+7d' }), '2026-03-17', at)).toBe(false);
    expect(withinRules(slot('number', { min: 1, max: 3 }), 4, at)).toBe(false);
    expect(withinRules(slot('text', { options: ['Manhã', 'Tarde'] }), 'manha', at)).toBe(true);
    // Days of the week: 2026-03-09 is a Monday.
    const closedMondays = slot('date', { min: 'today', weekdays: ['tue', 'wed', 'thu', 'fri', 'sat', 'sun'] });
    expect(withinRules(closedMondays, '2026-03-09', at)).toBe(false);
    expect(withinRules(closedMondays, '2026-03-10', at)).toBe(true);
    expect(withinRules(slotSchema.parse({ kind: 'datetime', ask: 'x', validate: { weekdays: ['sat'] } }), '2026-03-14T10:00', at)).toBe(true);
    expect(() => slot('date', { weekdays: ['monday'] })).toThrow();
  });

  it('shows dates and times the way the language writes them', () => {
    expect(showDate('2026-03-10', 'pt')).toBe('terça-feira, 10/03');
    expect(showDate('2026-03-12', 'es')).toBe('jueves, 12/03');
    // The month by name in English: "12/4" is the 4th of December in the US and the 12th of April in Britain.
    expect(showDate('2026-12-04', 'en')).toBe('Friday, December 4');
    expect(showTime('14:30', 'pt')).toBe('14h30');
    expect(showTime('14:00', 'pt')).toBe('14h');
    expect(showTime('14:00', 'es')).toBe('14:00');
    expect(showTime('14:00', 'en')).toBe('2 pm');
    expect(showTime('09:30', 'en')).toBe('9:30 am');
    expect(showTime('12:00', 'en')).toBe('12 pm');
    expect(showTime('00:15', 'en')).toBe('12:15 am');
  });

  it('writes numbers as the bot\'s language tag\'s region does, the language\'s usual region without one', () => {
    expect(showValue('money', 1234.5, 'es-MX')).toBe('1,234.5');
    expect(showValue('money', 1234.5, 'es-AR')).toBe('1.234,5');
    expect(showValue('number', 1234.5, 'es')).toBe('1.234,5');
    expect(showValue('number', 1234.5, 'pt-BR')).toBe('1.234,5');
    expect(showValue('number', 1234.5, 'en-GB')).toBe('1,234.5');
    // A region Intl does not know falls back to the language's usual one rather than failing the reply.
    expect(showValue('number', 1234.5, 'es-AR-AR')).toBe('1.234,5');
  });

  it('cancels on whole phrases, without accents or case', () => {
    expect(cancels('Deixa pra lá!', ['deixa pra la'])).toBe(true);
    expect(cancels('esquece isso', ['esquece'])).toBe(true);
    expect(cancels('esquecer', ['esquece'])).toBe(false);
    // Only the phrase (a message that is the form's alone) or the phrase inside more.
    const forms = { pedido: formSchema.parse({ slots: { dia: { kind: 'date', ask: 'Dia?' } }, done: 'Feito.', cancel: ['deixa pra la', 'esquece'] }) };
    expect(isOnlyCancel(forms, 'Deixa pra lá!')).toBe(true);
    expect(isOnlyCancel(forms, 'esquece, e quanto custa?')).toBe(false);
    // Several of its phrases, or a no beside one, say nothing more.
    expect(isOnlyCancel(forms, 'esquece, deixa pra lá', 'pt')).toBe(true);
    expect(isOnlyCancel(forms, 'não, esquece', 'pt')).toBe(true);
    expect(isOnlyCancel(forms, 'esquece, quero falar com o gerente', 'pt')).toBe(false);
  });
});

describe('a form with code: validator, completion action, handoff after failures', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ botsDir: resolve(import.meta.dirname, '../../test/fixtures/form-bots'), only: ['bakery'] });
  }, 60_000);
  afterAll(() => server?.close());

  const say = async (message: string, session?: { sessionId: string; sessionToken: string }) => server.chat('bakery', { message, ...session });

  it('fills two slots from the opening message, rejects with the validator, completes and writes', async () => {
    const first = await say('can i order a choc cake for 12 people?');
    expect(first.reply).toBe('For which day?');
    const s = { sessionId: first.sessionId, sessionToken: first.sessionToken };
    // 2026-03-16 is a Monday: the bot's validator says why and asks again.
    expect((await say('next monday', s)).reply).toBe('We do not bake on Mondays (Monday, March 16). Another day?');
    expect((await say('what are your hours?', s)).reply).toBe('We open Tuesday to Sunday, 9 to 18.\n\nFor which day?');
    // Out of range: the slot's `invalid` reply; a correction of a filled slot is taken.
    expect((await say('make it 2 pieces', s)).reply).toBe('We bake 4 to 40 pieces, not 2. How many?');
    const done = await say('tuesday, 20 pieces', s);
    expect(done.reply).toBe('Order #20260310: 20 pieces of chocolate for Tuesday, March 10.');
    const rows = await server.db.query<{ flavour: string; pieces: number }>('select flavour, pieces from bakery_orders where session_id = $1', [first.sessionId]);
    expect(rows).toEqual([{ flavour: 'chocolate', pieces: 20 }]);
  });

  it('hands the conversation to a person after repeated failed answers', async () => {
    const first = await say('i would like to order a cake');
    expect(first.reply).toBe('Which flavour?');
    const s = { sessionId: first.sessionId, sessionToken: first.sessionToken };
    expect((await say('hmm strawberry maybe', s)).reply).toBe('Which flavour?');
    expect((await say('banana then', s)).reply).toBe('Which flavour?');
    const last = await say('no idea', s);
    expect(last.handoff).toBe(true);
    expect(last.mode).toBe('handoff_pending');
  });

  it('answers small talk while it waits, then asks its question again without counting a failed answer', async () => {
    const first = await say('a cake for my mum please');
    expect(first.reply).toBe('Which flavour?');
    const s = { sessionId: first.sessionId, sessionToken: first.sessionToken };
    const thanks = await say('oh thanks a bunch!', s);
    expect(thanks.reply).toMatch(/^You're welcome!.*\n\nWhich flavour\?$/s);
    const session = await server.get(`/api/sessions/${first.sessionId}`, { authorization: 'Bearer test-admin-token' });
    expect(session.body.state.cake).toMatchObject({ stage: 'flavour', attempts: 0 });
    // A value the form reads is its answer, never small talk.
    expect((await say('lemon, thanks', s)).reply).toBe('How many pieces?');
  });

  it('cancels on a cancel phrase', async () => {
    const first = await say('order a carrot cake please');
    const s = { sessionId: first.sessionId, sessionToken: first.sessionToken };
    expect(first.reply).toBe('How many pieces?');
    // A bare number answers a slot whose kind is a number entity read by its unit.
    expect((await say('16', s)).reply).toBe('For which day?');
    expect((await say('never mind', s)).reply).toBe('Cancelled.');
    const session = await server.get(`/api/sessions/${first.sessionId}`, { authorization: 'Bearer test-admin-token' });
    expect(session.body.state.cake).toMatchObject({ stage: null, last: 'cancelled' });
    // Each turn's trace shows the intent scores behind the understanding.
    const understand = session.body.turns[0].trace.find((t: { node: string }) => t.node === 'understand');
    expect(understand.chosen[0].id).toBe('order');
    expect(understand.scores[0]).toMatchObject({ id: 'order', confidence: expect.any(Number) });
  });
});

describe("a form's code: validators that change values and other slots, computed placeholders, reopening, undo", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ botsDir: resolve(import.meta.dirname, '../../test/fixtures/form-bots'), only: ['barber'] });
  }, 60_000);
  afterAll(() => server?.close());

  const say = async (message: string, session?: { sessionId: string; sessionToken: string }) => server.chat('barber', { message, ...session });
  const state = async (sessionId: string) => (await server.get(`/api/sessions/${sessionId}`, { authorization: 'Bearer test-admin-token' })).body.state.chair;
  const chairs = (sessionId: string) => server.db.query<{ day: string; time: string }>('select day, time from barber_chairs where session_id = $1', [sessionId]);

  it('a time without a day takes the next free day (a validator filling another slot); cancelling after booking undoes it', async () => {
    const first = await say('can i get a shave at 2pm?');
    const s = { sessionId: first.sessionId, sessionToken: first.sessionToken };
    // Monday is closed: the validator of the time filled the day with Tuesday.
    expect(first.reply).toBe('A beard on Tuesday, March 10 at 2 pm?');
    expect((await say('yes', s)).reply).toBe('Booked: beard on Tuesday, March 10 at 2 pm.');
    expect(await chairs(first.sessionId)).toEqual([{ day: '2026-03-10', time: '14:00' }]);
    expect(await state(first.sessionId)).toMatchObject({ stage: null, last: 'done' });
    // A cancel phrase after completion is the form's, whatever the classifier made of it.
    const undone = await say('please cancel it', s);
    expect(undone.intents).toContain('book');
    expect(undone.reply).toBe('Cancelled your beard on Tuesday, March 10 at 2 pm.');
    expect(await chairs(first.sessionId)).toEqual([]);
    expect(await state(first.sessionId)).toMatchObject({ stage: null, last: 'cancelled' });
    // Once undone, a cancel phrase does nothing more.
    expect((await say('cancel', s)).reply).not.toMatch(/Cancelled/);
  });

  it('says why a value is refused with computed placeholders, normalises "2" to the 14:00 chair, clears the day of a taken chair, and reopens when the chair goes meanwhile', async () => {
    await server.db.query(`insert into barber_chairs (day, time, session_id) values ('2026-03-11', '14:00', 'someone')`);
    const first = await say('book me a haircut');
    const s = { sessionId: first.sessionId, sessionToken: first.sessionToken };
    expect(first.reply).toBe('Which day?');
    expect((await say('sunday', s)).reply).toBe('We are closed on Sundays. Next open day: Tuesday, March 17.');
    expect((await say('wednesday', s)).reply).toBe('Which time on Wednesday, March 11? Free: 10 am, 11 am.');
    expect((await say('2', s)).reply).toBe('The 14:00 chair on Wednesday, March 11 is taken; choose another day. Next free: Thursday, March 12.');
    const cleared = await state(first.sessionId);
    expect(cleared.stage).toBe('day');
    expect(cleared.slots).toEqual({ service: 'haircut' });
    expect((await say('thursday', s)).reply).toBe('Which time on Thursday, March 12? Free: 10 am, 11 am, 2 pm.');
    expect((await say('11', s)).reply).toBe('A haircut on Thursday, March 12 at 11 am?');
    // Someone takes the chair before the yes: the completion reopens the form at the day.
    await server.db.query(`insert into barber_chairs (day, time, session_id) values ('2026-03-12', '11:00', 'someone')`);
    expect((await say('yes', s)).reply).toBe('Sorry, the 11 am chair on Thursday, March 12 was just taken. Which other day?');
    expect(await state(first.sessionId)).toMatchObject({ stage: 'day', slots: { service: 'haircut' } });
    expect(await chairs(first.sessionId)).toEqual([]);
  });
});

describe('a form in YAML alone (es-MX): the hour that fits the slot, a name booked under, corrections and cancel', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ botsDir: resolve(import.meta.dirname, '../../test/fixtures/form-bots'), only: ['cantina'] });
  }, 60_000);
  afterAll(() => server?.close());

  const say = async (message: string, session?: { sessionId: string; sessionToken: string }) => server.chat('cantina', { message, ...session });
  const state = async (sessionId: string) => (await server.get(`/api/sessions/${sessionId}`, { authorization: 'Bearer test-admin-token' })).body.state.mesa;

  it('reads "a las 9" as 21:00 when only that fits the range, and keeps a morning hour said as such refused', async () => {
    const first = await say('quiero una mesa para 4 a las 9');
    const s = { sessionId: first.sessionId, sessionToken: first.sessionToken };
    expect(await state(first.sessionId)).toMatchObject({ stage: 'nombre', slots: { personas: 4, hora: '21:00' } });
    expect((await say('Lucía Gómez', s)).reply).toBe('Mesa para 4 a nombre de Lucía Gómez a las 21:00. ¿Confirmo?');
    // A correction at the summary, in words, with the same reading.
    expect((await say('mejor a las ocho', s)).reply).toBe('Mesa para 4 a nombre de Lucía Gómez a las 20:00. ¿Confirmo?');
    expect((await say('mejor a las 9 de la mañana', s)).reply).toBe('A las 09:00 no reservamos. ¿A qué hora?');
    expect((await say('a las 2 y media', s)).reply).toBe('Mesa para 4 a nombre de Lucía Gómez a las 14:30. ¿Confirmo?');
  });

  it('takes a cued name as a correction while another slot is asked, and cancels on several cancel phrases at the summary', async () => {
    const first = await say('una mesa para dos a las 8 a nombre de Pablo');
    const s = { sessionId: first.sessionId, sessionToken: first.sessionToken };
    expect(first.reply).toBe('Mesa para 2 a nombre de Pablo a las 20:00. ¿Confirmo?');
    const renamed = await say('me llamo Pablo Ortiz', s);
    expect(renamed.mode).toBe('bot');
    expect(renamed.reply).toBe('Mesa para 2 a nombre de Pablo Ortiz a las 20:00. ¿Confirmo?');
    const cancelled = await say('ya no, cancela', s);
    expect(cancelled.mode).toBe('bot');
    expect(cancelled.reply).toBe('No reservé nada.');
  });

  it('answers an out-of-scope question while it waits with the out-of-scope line, refusing nothing it seemed to say', async () => {
    const first = await say('quiero una mesa');
    const s = { sessionId: first.sessionId, sessionToken: first.sessionToken };
    expect((await say('Marta', s)).reply).toBe('¿Para cuántas personas?');
    const football = await say('¿y quién ganó el partido de fútbol ayer?', s);
    expect(football.mode).toBe('bot');
    expect(football.reply).toMatch(/^Perdón, eso no es algo con lo que pueda ayudarte por aquí\..*\n\n¿Para cuántas personas\?$/s);
    expect((await say('somos 3', s)).reply).toBe('¿A qué hora?');
  });

  it('does not open the form on a message that says its cancel phrase (no `undone`: nothing to cancel)', async () => {
    const first = await say('cancela mi mesa para dos del sábado');
    expect(first.intents).toContain('reservar'); // read as the booking's intent, yet the form stays closed
    expect(first.reply).not.toMatch(/A nombre de quién/);
    expect(await state(first.sessionId)).toBeUndefined();
  });

  it('hands a bare request for a person over with the hand-over text, not a complaint\'s', async () => {
    const person = await say('quiero hablar con una persona');
    expect(person.mode).toBe('handoff_pending');
    expect(person.reply).not.toMatch(/Lamento/);
    const complaint = await say('quiero poner una queja, el mesero nos atendió fatal');
    expect(complaint.mode).toBe('handoff_pending');
    expect(complaint.reply).toBe('Lamento lo sucedido, te paso con el gerente.');
  });
});
