// The NDJSON stream: the reply in pieces before the whole when no model streams it, and keep-alive lines while a
// slow model call runs (a fake model server that answers late).
// Seed 003's POST /chat on a server that runs several bots: the body's `bot`, the server's default bot, a clear
// 4xx naming the bots when neither says which; every reply (JSON and the stream's `done`) carries the primary
// `intent` and the `timestamp` the seed's clients read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelBindingFor } from '../src/llm/index.ts';
import { startFakeLlmServer, type FakeLlmServer } from './support/fake-llm-server.ts';
import { ndjson, startTestServer, type TestServer } from './support/server.ts';

const BOTS = ['ct-smash', 'la-formula'];

describe('POST /chat on a server with several bots', () => {
  let s: TestServer;
  let withDefault: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ only: BOTS, start: new Date('2026-03-09T15:00:00Z') });
    withDefault = await startTestServer({ only: BOTS, server: { defaultBot: 'la-formula' } });
  });
  afterAll(async () => {
    await s?.close();
    await withDefault?.close();
  });

  it('answers a 400 naming the bots when the body does not say which', async () => {
    const r = await s.post('/chat', { chatInput: 'oi' });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('bad_request');
    expect(r.body.message).toMatch(/ct-smash, la-formula/);
    expect(r.body.message).toMatch(/"bot"/);
  });

  it('answers a 404 naming the bots for an unknown bot', async () => {
    const r = await s.post('/chat', { chatInput: 'oi', bot: 'nope' });
    expect(r.status).toBe(404);
    expect(r.body.message).toMatch(/unknown bot 'nope'.*ct-smash, la-formula/);
  });

  it("answers a 404 naming the bots on /api/bots/<id>/chat too", async () => {
    const r = await s.post('/api/bots/nope/chat', { message: 'oi' });
    expect(r.status).toBe(404);
    expect(r.body.message).toMatch(/unknown bot 'nope'; this server runs: ct-smash, la-formula/);
  });

  it('streams the named bot, with the primary intent and the timestamp in done', async () => {
    const events = await ndjson(`${s.url}/chat`, { chatInput: 'onde fica a CT?', bot: 'ct-smash' });
    const done = events.at(-1);
    expect(done.type).toBe('done');
    expect(done.intents).toEqual(['faq']);
    expect(done.intent).toBe('faq');
    expect(done.timestamp).toBe('2026-03-09T15:00:00.000Z');
    // The conversation belongs to the bot named.
    const second = await ndjson(`${s.url}/chat`, { chatInput: 'e qual o horário?', bot: 'ct-smash', sessionId: done.sessionId, sessionToken: done.sessionToken });
    expect(second.at(-1).sessionId).toBe(done.sessionId);
  });

  it('uses the default bot when the body names none', async () => {
    const events = await ndjson(`${withDefault.url}/chat`, { chatInput: 'hola' });
    const done = events.at(-1);
    expect(done.type).toBe('done');
    const session = await withDefault.db.query<{ bot: string }>('select bot from sessions where id = $1', [done.sessionId]);
    expect(session).toEqual([{ bot: 'la-formula' }]);
  });

  it('gives the JSON reply the same intent and timestamp', async () => {
    s.clock.set(new Date('2026-03-10T22:30:00Z'));
    const r = await s.chat('ct-smash', { message: 'onde fica a CT?' });
    expect(r.intent).toBe('faq');
    expect(r.timestamp).toBe('2026-03-10T22:30:00.000Z');
  });
});

describe('the NDJSON stream', () => {
  let s: TestServer;
  let slow: TestServer;
  let fake: FakeLlmServer;
  beforeAll(async () => {
    s = await startTestServer({ only: ['ct-smash'] });
    // Every model call answers after 1.2 s; a keep-alive line after 100 ms without one.
    fake = await startFakeLlmServer({ respond: () => ({ delayMs: 1200, json: { intents: ['faq'], general_response: '' } }) });
    slow = await startTestServer({
      only: ['ct-smash'],
      modelFactory: modelBindingFor,
      env: { SWITCHBOARD_MODEL: 'ollama:qwen2.5:7b', OLLAMA_BASE_URL: fake.origin, SWITCHBOARD_UNDERSTANDING: 'llm' },
      server: { stream: { keepAliveMs: 100 } },
    });
  });
  afterAll(async () => {
    await s?.close();
    await slow?.close();
    await fake?.close();
  });

  it('sends the reply in pieces (text_delta) before the whole (text) without a model', async () => {
    const events = await ndjson(`${s.url}/api/bots/ct-smash/chat`, { message: 'quero agendar uma aula experimental e onde fica a CT?' });
    const done = events.at(-1);
    const textAt = events.findIndex((e) => e.type === 'text');
    const pieces = events.filter((e) => e.type === 'text_delta');
    expect(pieces.length).toBeGreaterThanOrEqual(3);
    expect(pieces.map((e) => e.content).join('')).toBe(done.reply);
    expect(events.findLastIndex((e) => e.type === 'text_delta')).toBeLessThan(textAt);
    expect(events[textAt].content).toBe(done.reply);
  });

  it('keeps the connection busy with keep-alive lines while a slow model call runs', async () => {
    const events = await ndjson(`${slow.url}/api/bots/ct-smash/chat`, { message: 'tem estacionamento aí?' });
    expect(fake.requests.length).toBeGreaterThan(0);
    const done = events.findIndex((e) => e.type === 'done');
    const keepalives = events.map((e, i) => [e, i] as const).filter(([e]) => e.type === 'keepalive');
    expect(keepalives.length).toBeGreaterThanOrEqual(2);
    expect(keepalives.every(([e, i]) => Object.keys(e).length === 1 && i < done)).toBe(true);
    // They come while the model is thinking: before the turn's first event.
    expect(keepalives[0][1]).toBeLessThan(events.findIndex((e) => e.type === 'intent'));
    expect(events[done].intents).toEqual(['faq']);
  });
});
