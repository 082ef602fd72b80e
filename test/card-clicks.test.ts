// A reply's UI parts kept with its message (the conversation read back shows them again), and the click-through
// signal over real HTTP: the conversation's own caller records the result cards it opened, the console reads
// them counted per bot, card and intent beside the replies with cards shown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubEvent } from '../src/engine/index.ts';
import { writeProfile } from '../src/profile/index.ts';
import { testDrivers } from '../src/store/index.ts';
import { OPERATOR, auth, startTestServer, userToken, type TestServer } from './support/server.ts';

const SEARCH = 'quero achar uma faculdade: Direito, tirei 700, à noite, pública';

describe.each(testDrivers())('result cards: stored with the reply, clicks counted (%s)', (driver) => {
  let s: TestServer;
  const heard: HubEvent[] = [];

  beforeAll(async () => {
    s = await startTestServer({ driver, only: ['cloudinha'] });
    s.runtime.events.subscribe((e) => heard.push(e));
    for (const id of ['nina', 'lia', 'caio']) {
      expect((await s.post('/api/users', { id, name: id }, auth())).status).toBe(201);
      await writeProfile(s.db, 'cloudinha', id, { name: id, age: 18, city: 'Recife', state: 'PE', education: 'medio_completo', onboarding_completed: true });
    }
  });
  afterAll(async () => {
    await s?.close();
  });

  /** A signed-in student's search: the reply, with its cards and calculator. */
  const search = async (userId: string) => s.chat('cloudinha', { message: SEARCH, userId, userToken: await userToken(userId) });

  it("keeps a reply's UI parts with its stored message: the history returns them", async () => {
    const r = await search('nina');
    expect(r.parts.map((p: { type: string }) => p.type)).toEqual(['data-cards', 'data-form']);
    const history = await s.get(`/api/sessions/${r.sessionId}`, { 'x-session-token': r.sessionToken });
    expect(history.status).toBe(200);
    const reply = history.body.messages.find((m: { id: number }) => m.id === r.replyMessageId);
    expect(reply.parts).toEqual(r.parts);
    // The customer's message has none.
    expect(history.body.messages.find((m: { id: number }) => m.id === r.messageId).parts).toBeUndefined();
  });

  it("records the cards the conversation's own caller opens, once each, and refuses anyone else and bad bodies", async () => {
    const r = await search('lia');
    const cards = r.parts[0].data.items as { title: string; subtitle?: string }[];
    expect(cards.length).toBeGreaterThan(1);
    const label = (i: number) => `${cards[i].title} — ${cards[i].subtitle}`;
    const own = { 'x-session-token': r.sessionToken };
    const click = (body: unknown, headers: Record<string, string> = own) => s.post(`/api/sessions/${r.sessionId}/events`, body, headers);
    const intent = r.intents[0];

    const first = await click({ type: 'click', messageId: r.replyMessageId, part: 0, item: 1 });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ type: 'click', created: true, label: label(1), intent });
    // Every console hears of it (through the store's notifications).
    await expect.poll(() => heard.filter((e) => e.type === 'click')).toEqual([expect.objectContaining({ bot: 'cloudinha', sessionId: r.sessionId, messageId: r.replyMessageId, label: label(1), intent })]);
    // The same card again is not counted again; `part` defaults to the first.
    const again = await click({ type: 'click', messageId: r.replyMessageId, item: 1 });
    expect(again.status).toBe(200);
    expect(again.body.created).toBe(false);
    expect((await click({ type: 'click', messageId: r.replyMessageId, part: 0, item: 0 })).status).toBe(201);

    // Only the conversation's own caller: no secret, a wrong one, an operator's token alone.
    const body = { type: 'click', messageId: r.replyMessageId, part: 0, item: 2 };
    expect((await click(body, {})).status).toBe(401);
    expect((await click(body, { 'x-session-token': 'not-the-secret' })).status).toBe(401);
    expect((await click(body, auth(OPERATOR))).status).toBe(403);
    const other = await search('caio');
    expect((await click(body, { 'x-session-token': other.sessionToken })).status).toBe(401);

    // Bodies the route cannot count.
    for (const bad of [
      { type: 'hover', messageId: r.replyMessageId, item: 0 },
      { type: 'click', messageId: r.replyMessageId },
      { type: 'click', messageId: r.replyMessageId, item: -1 },
      { type: 'click', messageId: 'x', item: 0 },
      { type: 'click', messageId: r.replyMessageId, item: 0, extra: true },
      { type: 'click', messageId: r.messageId, item: 0 }, // the customer's message
      { type: 'click', messageId: r.replyMessageId, part: 1, item: 0 }, // the calculator, not cards
      { type: 'click', messageId: r.replyMessageId, part: 0, item: 49 }, // no such card
    ]) {
      const res = await click(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error).toBeTruthy();
    }
    expect((await click({ type: 'click', messageId: 99_999_999, item: 0 })).status).toBe(404);
    expect((await click({ type: 'click', messageId: other.replyMessageId, item: 0 })).status).toBe(404); // another conversation's reply
    expect((await s.post('/api/sessions/nobody/events', body, own)).status).toBe(404);

    // The console's report: replies with cards shown (nina's, lia's and caio's searches), the cards opened.
    const report = await s.get('/api/bots/cloudinha/clicks', auth(OPERATOR));
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({ bot: 'cloudinha', days: 7, shown: 3, clicks: 2, clickedReplies: 1 });
    expect(report.body.rate).toBeCloseTo(1 / 3);
    expect(report.body.byIntent).toEqual([{ intent, count: 2 }]);
    expect(report.body.byCard).toHaveLength(2);
    expect(report.body.byCard.map((c: { label: string }) => c.label).sort()).toEqual([label(0), label(1)].sort());
    expect(report.body.byCard.every((c: { intent: string; count: number }) => c.intent === intent && c.count === 1)).toBe(true);
    expect((await s.get('/api/bots/cloudinha/clicks')).status).toBe(401);
    expect((await s.get('/api/bots/cloudinha/clicks?days=0', auth(OPERATOR))).status).toBe(400);
    expect((await s.get('/api/bots/nobody/clicks', auth(OPERATOR))).status).toBe(404);
  });
});
