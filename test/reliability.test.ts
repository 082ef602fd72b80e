// Reliability at the edges, in one process: a bot write that fails is answered (never a 500), state that
// points at a row follows the row, a retried first message is answered again with its token, a user id is
// trusted only when signed, and the bearer scheme is case-insensitive.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, auth, startTestServer, userToken, type TestServer } from './support/server.ts';

// One ct-smash server for the file: each test books its own class (Tuesday 10/03 at 12h, 18h, 19h, 20h).
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ only: ['ct-smash'] });
});
afterAll(async () => s?.close());

describe('a bot write that fails is an outcome, not an error (ct-smash)', () => {

  /** A conversation at the confirm stage of a class on Tuesday 10/03 (19h: Jiu-Jitsu, 8 places; 18h: Muay Thai, 10). */
  async function atConfirm(hour = '19h') {
    const a = await s.chat('ct-smash', { message: 'quero marcar uma aula experimental amanhã' });
    const b = await s.chat('ct-smash', { sessionId: a.sessionId, sessionToken: a.sessionToken, message: hour });
    expect(b.reply).toMatch(new RegExp(`Confirma.*${hour}`));
    return { sessionId: a.sessionId as string, sessionToken: a.sessionToken as string };
  }

  it('answers every customer confirming the last places at once: the late ones hear the class is full', async () => {
    await s.db.query(`insert into ct_bookings (id, session_id, date, time, modality) select 'pre-' || i, 'other-' || i, '2026-03-10', '19:00', 'Jiu-Jitsu' from generate_series(1, 6) i`);
    const sessions = await Promise.all(Array.from({ length: 8 }, () => atConfirm()));
    const results = await Promise.all(sessions.map((c) => s.post('/api/bots/ct-smash/chat', { ...c, message: 'sim' })));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    const booked = results.filter((r) => /agendada/.test(r.body.reply));
    const full = results.filter((r) => /lotada/.test(r.body.reply));
    expect(booked).toHaveLength(2);
    expect(full).toHaveLength(6);
    const [{ n }] = await s.db.query<{ n: number }>(`select count(*)::int as n from ct_bookings where date = '2026-03-10' and time = '19:00'`);
    expect(n).toBe(8);
    for (const r of full) {
      const detail = await s.get(`/api/sessions/${r.body.sessionId}`, auth());
      // The message is kept and answered once; the state offers other classes, with no booking.
      expect(detail.body.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
      expect(detail.body.state.trial).toMatchObject({ stage: 'data' });
      expect(detail.body.state.trial.bookingId).toBeUndefined();
    }
  });

  it('tells the specialist when the class fills up between its answer and its write, in the same request', async () => {
    const c = await atConfirm('18h');
    // Another customer takes the last places while this turn is being answered: once the specialist has
    // decided to book, before the turn's transaction (PGlite runs statements in the order they are sent).
    const events: string[] = [];
    const r = await s.runtime.chat('ct-smash', { ...c, message: 'sim' }, (e) => {
      events.push(e.type);
      if (e.type === 'tool_start' && e.tool === 'bookSlot' && events.filter((t) => t === 'tool_start').length === 2) {
        void s.db.query(`insert into ct_bookings (id, session_id, date, time, modality) select 'late-' || i, 'late-' || i, '2026-03-10', '18:00', 'Muay Thai' from generate_series(1, 10) i`);
      }
    });
    expect(r.reply).toMatch(/lotada/);
    const detail = await s.get(`/api/sessions/${c.sessionId}`, auth());
    expect(detail.body.messages.filter((m: { role: string }) => m.role === 'assistant')).toHaveLength(3);
    expect(detail.body.state.trial).toMatchObject({ stage: 'data' });
    expect(detail.body.turns.at(-1).trace).toContainEqual(expect.objectContaining({ node: 'write', ok: false, error: expect.stringMatching(/filled up/) }));
    expect(await s.db.query(`select 1 from ct_bookings where session_id = $1`, [c.sessionId])).toHaveLength(0);
  });

  it('answers a write that fails for an undeclared reason with the bot reply for it, keeps the state, stores the trace', async () => {
    const c = await atConfirm('20h');
    // Reads still work; any new booking breaks a constraint the bot knows nothing about.
    await s.db.query('alter table ct_bookings add constraint closed_for_maintenance check (false) not valid');
    try {
      const r = await s.post('/api/bots/ct-smash/chat', { ...c, message: 'sim' });
      expect(r.status).toBe(200);
      expect(r.body.reply).toMatch(/não consegui concluir/);
    } finally {
      await s.db.query('alter table ct_bookings drop constraint closed_for_maintenance');
    }
    const detail = await s.get(`/api/sessions/${c.sessionId}`, auth());
    expect(detail.body.state.trial).toMatchObject({ stage: 'confirm', slots: { hora: '20:00' } });
    expect(detail.body.messages.filter((m: { role: string }) => m.role === 'assistant')).toHaveLength(3);
    expect(detail.body.turns.at(-1).trace).toContainEqual(expect.objectContaining({ node: 'write', ok: false, error: expect.stringMatching(/closed_for_maintenance/) }));
    // The customer can simply say yes again once the store is back.
    expect((await s.chat('ct-smash', { ...c, message: 'sim' })).reply).toMatch(/agendada|lotada/);
  });
});

describe('state that matches the store (ct-smash)', () => {

  it('books the same class twice, then cancels: the booking is gone', async () => {
    const a = await s.chat('ct-smash', { message: 'quero marcar uma aula experimental amanhã' });
    const next = (message: string) => s.chat('ct-smash', { sessionId: a.sessionId, sessionToken: a.sessionToken, message });
    expect((await next('12h')).reply).toMatch(/Confirma/);
    expect((await next('sim')).reply).toMatch(/agendada/);
    expect((await next('quero marcar uma aula experimental amanhã')).reply).toMatch(/horários|Confirma/);
    expect((await next('12h')).reply).toMatch(/Confirma/);
    expect((await next('sim')).reply).toMatch(/agendada/);
    const rows = await s.db.query<{ id: string }>('select id from ct_bookings where session_id = $1', [a.sessionId]);
    expect(rows).toHaveLength(1);
    const state = (await s.db.query<{ state: { trial: { bookingId: string } } }>('select state from sessions where id = $1', [a.sessionId]))[0].state;
    expect(state.trial.bookingId).toBe(rows[0].id);
    expect((await next('não vou poder ir, cancela por favor')).reply).toMatch(/cancelei/);
    expect(await s.db.query('select 1 from ct_bookings where session_id = $1', [a.sessionId])).toHaveLength(0);
  });
});

describe('idempotent first messages', () => {

  it('answers a retried first message with a client-chosen sessionId again, with its token, and runs it once', async () => {
    const body = { sessionId: 'cliente-escolheu-1', clientMessageId: 'primeira-1', message: 'quero marcar uma aula experimental amanhã' };
    const first = await s.post('/api/bots/ct-smash/chat', body);
    const retry = await s.post('/api/bots/ct-smash/chat', body);
    expect([first.status, retry.status]).toEqual([200, 200]);
    expect(retry.body).toMatchObject({ sessionId: first.body.sessionId, sessionToken: first.body.sessionToken, reply: first.body.reply, replyMessageId: first.body.replyMessageId });
    expect((await s.get(`/api/sessions/${body.sessionId}`, auth())).body.messages).toHaveLength(2);
    // What the retry proves is that it is the same request: another text or another id opens nothing.
    expect((await s.post('/api/bots/ct-smash/chat', { ...body, message: 'outra coisa' })).status).toBe(403);
    expect((await s.post('/api/bots/ct-smash/chat', { ...body, clientMessageId: 'primeira-2' })).status).toBe(403);
  });

  it('answers a retried first message without a sessionId in the same conversation when its clientMessageId is unique', async () => {
    const body = { clientMessageId: '5f0c8a7e-3b1d-4c2a-9e77-1d2f3a4b5c6d', message: 'oi, onde fica a CT?' };
    const [first, retry] = [await s.post('/api/bots/ct-smash/chat', body), await s.post('/api/bots/ct-smash/chat', body)];
    expect([first.status, retry.status]).toEqual([200, 200]);
    expect(retry.body).toMatchObject({ sessionId: first.body.sessionId, sessionToken: first.body.sessionToken, replyMessageId: first.body.replyMessageId });
    expect((await s.get(`/api/sessions/${first.body.sessionId}`, auth())).body.messages).toHaveLength(2);
  });
});

describe('identity the client cannot forge', () => {

  it("a bare userId starts its own conversation but continues and reads nobody else's", async () => {
    const maria = await s.chat('ct-smash', { userId: 'maria@example.com', userToken: await userToken('maria@example.com'), message: 'quero marcar uma aula experimental' });
    // Someone who only knows her user id.
    const probe = await s.post('/api/bots/ct-smash/chat', { sessionId: maria.sessionId, userId: 'maria@example.com', message: 'oi' });
    expect(probe.status).toBe(403);
    expect(probe.body.sessionToken).toBeUndefined();
    const own = await s.post('/api/bots/ct-smash/chat', { userId: 'maria@example.com', message: 'oi' });
    expect(own.status).toBe(200);
    expect(own.body.sessionId).not.toBe(maria.sessionId);
    // Maria herself, with a token her application signed, continues without the session token.
    const again = await s.post('/api/bots/ct-smash/chat', { sessionId: maria.sessionId, userId: 'maria@example.com', userToken: await userToken('maria@example.com'), message: 'amanhã' });
    expect(again.status).toBe(200);
    expect(again.body.sessionToken).toBe(maria.sessionToken);
    // The claimed conversation cannot be continued by the claim either, and Maria's token does not open it.
    const claimedOwn = await s.post('/api/bots/ct-smash/chat', { sessionId: own.body.sessionId, userId: 'maria@example.com', userToken: await userToken('maria@example.com'), message: 'oi' });
    expect(claimedOwn.status).toBe(403);
  });

  it('refuses a user token that is forged, expired or for someone else, with 401/403', async () => {
    const forged = await userToken('maria@example.com', { secret: 'not-the-server-secret-at-all-000000' });
    expect((await s.post('/api/bots/ct-smash/chat', { userId: 'maria@example.com', userToken: forged, message: 'oi' })).status).toBe(401);
    const expired = await userToken('maria@example.com', { expiresIn: '-2h' });
    const r = await s.post('/api/bots/ct-smash/chat', { userId: 'maria@example.com', userToken: expired, message: 'oi' });
    expect(r.status).toBe(401);
    expect(r.body.message).toMatch(/expired/);
    expect((await s.post('/api/bots/ct-smash/chat', { userId: 'bia', userToken: await userToken('maria@example.com'), message: 'oi' })).status).toBe(403);
    // The header works as well as the body field.
    const viaHeader = await s.post('/api/bots/ct-smash/chat', { message: 'oi' }, { 'x-user-token': await userToken('carla') });
    expect(viaHeader.status).toBe(200);
    expect((await s.db.query<{ user_id: string; user_verified: boolean }>('select user_id, user_verified from sessions where id = $1', [viaHeader.body.sessionId]))[0]).toEqual({ user_id: 'carla', user_verified: true });
  });

  it('reads the bearer scheme case-insensitively', async () => {
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      expect((await s.get('/api/sessions', { authorization: `${scheme} ${ADMIN}` })).status, scheme).toBe(200);
    }
    expect((await s.get('/api/sessions', { authorization: `Basic ${ADMIN}` })).status).toBe(401);
  });
});
