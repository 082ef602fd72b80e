// A form read by the runtime's slot readers, played over HTTP on the travel test bot: the slots asked are read as
// bare answers, several slots come in one message, the bot's vocabulary settles a city's state, and a built-in kind
// (the day) still comes from the message's entities.
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/support/server.ts';

describe('a form read with the slot readers (read: message)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ botsDir: resolve(import.meta.dirname, '../../test/fixtures/form-bots'), only: ['travel'] });
  }, 60_000);
  afterAll(() => server?.close());

  const say = (message: string, session?: { sessionId: string; sessionToken: string }) => server.chat('travel', { message, ...session });
  const state = async (sessionId: string) => (await server.get(`/api/sessions/${sessionId}`, { authorization: 'Bearer test-admin-token' })).body.state;

  it('fills the slots asked, several at once, and completes', async () => {
    const first = await say('hi, i want to plan a trip');
    expect(first.reply).toBe('Your name?');
    const s = { sessionId: first.sessionId, sessionToken: first.sessionToken };
    expect((await say('Ana Lima', s)).reply).toBe('Where to?');
    // The age is set aside: 30 is not the nights.
    expect((await say("Lisbon for 5 nights, I'm 30 years old", s)).reply).toBe('Where do you live?');
    expect(await state(s.sessionId)).toMatchObject({ trip: { stage: 'from', slots: { name: 'Ana Lima', destination: 'Lisbon', nights: 5 } } });
    // A bare city answers the question; the data knows its state.
    expect((await say('Salem', s)).reply).toBe('Your budget?');
    expect((await say('we are 2, budget 3000', s)).reply).toBe('Summer or winter?\nEconomy or business?');
    expect((await say('whenever, business class', s)).reply).toBe('When do you leave?');
    const done = await say('tomorrow', s);
    expect(done.reply).toMatch(/^Booked, Ana Lima: Lisbon from Salem \(OR\), 5 nights, 1,500 per person, any, business, leaving /);
    expect(await state(s.sessionId)).toMatchObject({ trip: { stage: null, last: 'done', slots: { from_state: 'OR', budget: 1500, season: 'any', cabin: 'business' } } });
  });
});
