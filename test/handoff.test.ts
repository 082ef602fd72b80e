// The human-handoff circuit over HTTP (the eight steps of the circuit, on la-formula), the same circuit
// on ct-smash, and the refusals: transitions, replies in bot mode, unknown sessions, bad bodies, tokens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Runtime } from '../src/engine/index.ts';
import { ADMIN, OPERATOR, auth, startTestServer, type TestServer } from './support/server.ts';

describe('handoff circuit (la-formula)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ only: ['la-formula', 'ct-smash'] });
  });
  afterAll(async () => s?.close());

  const say = (sessionId: string | undefined, token: string | undefined, message: string) => s.chat('la-formula', { sessionId, sessionToken: token, message });
  const handOff = async () => {
    const r = await say(undefined, undefined, 'che, no me llegó el pedido que hice la semana pasada');
    expect(r.intents).toEqual(['problema_entrega']);
    expect(r.mode).toBe('handoff_pending');
    return r;
  };

  it('1. an intent without handoff is answered by Nico', async () => {
    const r = await say(undefined, undefined, 'tienen creatina?');
    expect(r.intents).toEqual(['consulta_producto']);
    expect(r.handoff).toBe(false);
    expect(r.mode).toBe('bot');
    expect(r.reply).toMatch(/creatina/i);
    expect(r.reply).toMatch(/\$\s?\d/);
  });

  it('2. an intent with handoff pauses the bot and shows up as pending', async () => {
    const r = await handOff();
    expect(r.handoff).toBe(true);
    expect(r.reply).toMatch(/Mauri/);
    const later = await say(r.sessionId, r.sessionToken, 'hola? alguien?'.replace('hola? ', ''));
    expect(later).toMatchObject({ reply: null, handoff: true, mode: 'handoff_pending' });
    const pending = await s.get('/api/handoffs/pending', auth(OPERATOR));
    const row = pending.body.sessions.find((x: { id: string }) => x.id === r.sessionId);
    expect(row).toMatchObject({ handoff_reason: 'Problema con entrega', last_intent: 'problema_entrega' });
    expect(pending.body.count).toBeGreaterThanOrEqual(1);
    const detail = await s.get(`/api/sessions/${r.sessionId}`, auth(OPERATOR));
    expect(detail.body.messages.map((m: { content: string }) => m.content)).toContain('alguien?');
  });

  it('3. toggling an intent makes it hand off', async () => {
    const put = await s.put('/api/bots/la-formula/intents', { intents: { consulta_producto: { handoff: true } } }, auth(ADMIN));
    expect(put.status).toBe(200);
    const r = await say(undefined, undefined, 'tienen creatina?');
    expect(r.intents).toEqual(['consulta_producto']);
    expect(r.mode).toBe('handoff_pending');
    await s.put('/api/bots/la-formula/intents', { intents: { consulta_producto: { handoff: false } } }, auth(ADMIN));
    expect((await say(undefined, undefined, 'tienen creatina?')).mode).toBe('bot');
  });

  it('4. past the timeout the bot takes the conversation back and answers', async () => {
    await s.put('/api/bots/la-formula/handoff', { timeout_minutes: 1 }, auth(ADMIN));
    const r = await handOff();
    s.clock.advanceMinutes(2);
    const back = await say(r.sessionId, r.sessionToken, 'cuánto sale la whey?');
    expect(back.mode).toBe('bot');
    expect(back.reply).toMatch(/whey/i);
    const detail = await s.get(`/api/sessions/${r.sessionId}`, auth(OPERATOR));
    expect(detail.body.messages.some((m: { source: string }) => m.source === 'system')).toBe(true);
    await s.put('/api/bots/la-formula/handoff', { timeout_minutes: 30 }, auth(ADMIN));
  });

  it('5. a greeting resets a handed-off conversation', async () => {
    const r = await handOff();
    const back = await say(r.sessionId, r.sessionToken, 'Hola, buenas');
    expect(back.mode).toBe('bot');
    expect(back.reply).toBeTruthy();
    await s.put('/api/bots/la-formula/handoff', { reset_on_greeting: false }, auth(ADMIN));
    const r2 = await handOff();
    expect((await say(r2.sessionId, r2.sessionToken, 'hola')).reply).toBeNull();
    await s.put('/api/bots/la-formula/handoff', { reset_on_greeting: true }, auth(ADMIN));
  });

  it("6. the operator's reply reaches the customer's session (pending → human)", async () => {
    const r = await handOff();
    const rep = await s.post(`/api/sessions/${r.sessionId}/reply`, { message: 'Hola! Soy Mauri, ya reviso tu pedido.' }, auth(OPERATOR));
    expect(rep.status).toBe(200);
    expect(rep.body.session.mode).toBe('human');
    const mine = await s.get(`/api/sessions/${r.sessionId}`, { 'x-session-token': r.sessionToken });
    const last = mine.body.messages.at(-1);
    expect(last).toMatchObject({ role: 'assistant', source: 'human', content: 'Hola! Soy Mauri, ya reviso tu pedido.' });
    expect((await say(r.sessionId, r.sessionToken, 'gracias!')).reply).toBeNull();
  });

  it('7. returning to the bot adds the system message and Nico answers again', async () => {
    const r = await handOff();
    await s.post(`/api/sessions/${r.sessionId}/reply`, { message: 'Listo, resuelto.' }, auth(OPERATOR));
    const back = await s.post(`/api/sessions/${r.sessionId}/handoff`, { mode: 'bot' }, auth(OPERATOR));
    expect(back.body.mode).toBe('bot');
    const detail = await s.get(`/api/sessions/${r.sessionId}`, auth(OPERATOR));
    expect(detail.body.messages.at(-1)).toMatchObject({ source: 'system', content: '[Sistema] Nico retomó la conversación' });
    const next = await say(r.sessionId, r.sessionToken, 'tienen bcaa?');
    expect(next.reply).toMatch(/BCAA/i);
  });

  it('8. a manual handoff pauses a bot conversation', async () => {
    const r = await say(undefined, undefined, 'tienen creatina?');
    const h = await s.post(`/api/sessions/${r.sessionId}/handoff`, { mode: 'handoff_pending', reason: 'manual' }, auth(OPERATOR));
    expect(h.body).toMatchObject({ mode: 'handoff_pending', handoffReason: 'manual' });
    expect((await say(r.sessionId, r.sessionToken, 'y de precio?')).reply).toBeNull();
  });

  it('hands off and returns a ct-smash conversation the same way', async () => {
    const r = await s.chat('ct-smash', { message: 'onde fica a CT?' });
    await s.post(`/api/sessions/${r.sessionId}/handoff`, { mode: 'handoff_pending', reason: 'cliente pediu atendente' }, auth(OPERATOR));
    expect((await s.chat('ct-smash', { sessionId: r.sessionId, sessionToken: r.sessionToken, message: 'quero falar com alguém' })).reply).toBeNull();
    const rep = await s.post(`/api/sessions/${r.sessionId}/reply`, { message: 'Oi! Aqui é a recepção.' }, auth(OPERATOR));
    expect(rep.body.session.mode).toBe('human');
    await s.post(`/api/sessions/${r.sessionId}/handoff`, { mode: 'bot' }, auth(OPERATOR));
    const again = await s.chat('ct-smash', { sessionId: r.sessionId, sessionToken: r.sessionToken, message: 'quanto custa a mensalidade?' });
    expect(again.reply).toMatch(/R\$/);
  });

  it('refuses what must be refused, with clear 4xx answers', async () => {
    const r = await say(undefined, undefined, 'tienen creatina?');
    const id = r.sessionId;
    expect((await s.post(`/api/sessions/${id}/reply`, { message: 'hola' }, auth(OPERATOR))).status).toBe(409);
    expect((await s.post(`/api/sessions/${id}/handoff`, { mode: 'bot' }, auth(OPERATOR))).status).toBe(409);
    expect((await s.post(`/api/sessions/${id}/handoff`, { mode: 'robot' }, auth(OPERATOR))).status).toBe(400);
    expect((await s.post(`/api/sessions/${id}/handoff`, {}, auth(OPERATOR))).status).toBe(400);
    expect((await s.post(`/api/sessions/${id}/reply`, { message: '' }, auth(OPERATOR))).status).toBe(400);
    expect((await s.post(`/api/sessions/nope/reply`, { message: 'x' }, auth(OPERATOR))).status).toBe(404);
    expect((await s.post(`/api/sessions/nope/handoff`, { mode: 'human' }, auth(OPERATOR))).status).toBe(404);
    expect((await s.post(`/api/sessions/${id}/handoff`, { mode: 'human' })).status).toBe(401);
    expect((await s.post(`/api/sessions/${id}/handoff`, { mode: 'human' }, auth('wrong'))).status).toBe(401);
    // Operators change modes; only admins edit intents and settings.
    expect((await s.put('/api/bots/la-formula/intents', { intents: { saludo: { handoff: true } } }, auth(OPERATOR))).status).toBe(403);
    expect((await s.put('/api/bots/la-formula/handoff', { timeout_minutes: -1 }, auth(ADMIN))).status).toBe(400);
    expect((await s.put('/api/bots/nope/handoff', { timeout_minutes: 5 }, auth(ADMIN))).status).toBe(404);
    // Predefined intents cannot be deleted; added ones can.
    const del = await fetch(`${s.url}/api/bots/la-formula/intents/reclamo`, { method: 'DELETE', headers: auth(ADMIN) });
    expect(del.status).toBe(409);
  });

  it('adds an intent that the classifier picks up at once and that survives a restart of the runtime', async () => {
    const add = await s.put(
      '/api/bots/la-formula/intents',
      {
        id: 'mayorista',
        label: 'Compra mayorista',
        handoff: true,
        examples: ['quiero comprar por mayor', 'precio mayorista para gimnasio', 'vendés al por mayor?', 'tengo un gimnasio y quiero revender', 'lista de precios mayorista', 'compras por cantidad para mi local'],
      },
      auth(ADMIN),
    );
    expect(add.status).toBe(200);
    expect(add.body.intents.find((i: { id: string }) => i.id === 'mayorista')).toMatchObject({ predefined: false, handoff: true });
    const r = await say(undefined, undefined, 'che, hacen precio mayorista si compro por cantidad para el gimnasio?');
    expect(r.intents).toEqual(['mayorista']);
    expect(r.mode).toBe('handoff_pending');
    const intents = await s.get('/api/bots/la-formula/intents', auth(OPERATOR));
    expect(intents.body.intents.map((i: { id: string }) => i.id)).toContain('mayorista');
    // A new runtime over the same store (a restart) knows the intent and still classifies with it.
    const restarted = await Runtime.create({ db: s.db, only: ['la-formula'] });
    try {
      expect(restarted.bot('la-formula').intents.mayorista).toMatchObject({ label: 'Compra mayorista', handoff: true, predefined: false });
      const again = await restarted.chat('la-formula', { message: 'quiero comprar por mayor para revender en mi local' });
      expect(again.intents).toEqual(['mayorista']);
    } finally {
      await restarted.close();
    }
  });

  it('serialises concurrent operator replies: all stored, one mode change', async () => {
    const r = await handOff();
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => s.post(`/api/sessions/${r.sessionId}/reply`, { message: `respuesta ${i}` }, auth(OPERATOR))));
    expect(results.every((x) => x.status === 200)).toBe(true);
    const detail = await s.get(`/api/sessions/${r.sessionId}`, auth(OPERATOR));
    expect(detail.body.mode).toBe('human');
    expect(detail.body.messages.filter((m: { source: string }) => m.source === 'human')).toHaveLength(5);
  });

  it('publishes mode changes and messages on /api/events', async () => {
    const ctrl = new AbortController();
    const res = await fetch(`${s.url}/api/events?token=${OPERATOR}`, { signal: ctrl.signal });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = res.body!.getReader();
    const seen: any[] = [];
    const reading = (async () => {
      const dec = new TextDecoder();
      let buf = '';
      while (true) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += dec.decode(value);
        for (const part of buf.split('\n\n').slice(0, -1)) if (part.startsWith('data: ')) seen.push(JSON.parse(part.slice(6)));
        buf = buf.split('\n\n').at(-1)!;
        if (seen.some((e) => e.type === 'session' && e.mode === 'handoff_pending')) break;
      }
    })();
    await handOff();
    await Promise.race([reading, new Promise((r) => setTimeout(r, 3000))]);
    ctrl.abort();
    expect(seen[0].type).toBe('pending');
    expect(seen.some((e) => e.type === 'message' && e.bot === 'la-formula')).toBe(true);
    expect(seen.some((e) => e.type === 'session' && e.mode === 'handoff_pending')).toBe(true);
    // The inbox shows the bot typing while its turn runs.
    const typing = seen.filter((e) => e.type === 'typing' && e.bot === 'la-formula').map((e) => e.typing);
    expect(typing.slice(0, 2)).toEqual([true, false]);
  });
});

describe('handoff sweeper', () => {
  it('returns timed-out conversations to the bot without a customer message, once', async () => {
    const s = await startTestServer({ only: ['la-formula'] });
    try {
      const r = await s.chat('la-formula', { message: 'quiero hacer un reclamo, me vendieron algo vencido' });
      expect(r.mode).toBe('handoff_pending');
      expect(await s.runtime.sweepHandoffs()).toBe(0);
      s.clock.advanceMinutes(31);
      const [a, b] = await Promise.all([s.runtime.sweepHandoffs(), s.runtime.sweepHandoffs()]);
      expect(a + b).toBe(1);
      const detail = await s.get(`/api/sessions/${r.sessionId}`, auth(OPERATOR));
      expect(detail.body.mode).toBe('bot');
      expect(detail.body.messages.filter((m: { source: string }) => m.source === 'system')).toHaveLength(1);
    } finally {
      await s.close();
    }
  });
});
